// Contact shortcuts (WhatsApp, direct call, e-mail and social pages) and the social icon row.
import { site } from '../../common/site.ts';
import { usePageWhatsAppHref } from '../lib/whatsapp.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, WhatsAppIcon, XIcon, YouTubeIcon } from './Icons.tsx';

export const SOCIALS = [
  { key: 'facebook', label: 'Facebook', href: site.social.facebook, Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', href: site.social.instagram, Icon: InstagramIcon },
  { key: 'twitter', label: 'X (Twitter)', href: site.social.twitter, Icon: XIcon },
  { key: 'youtube', label: 'YouTube', href: site.social.youtube, Icon: YouTubeIcon },
] as const;

export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={`socials${className ? ` ${className}` : ''}`}>
      {SOCIALS.map(({ key, label, href, Icon }) => (
        <li key={key}>
          <ExternalLink href={href} label={`${site.name} on ${label}`}>
            <Icon size={18} />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

/** Cards: WhatsApp, call, Instagram, Facebook (contact page), or with e-mail in place of one. */
export function ContactCards({ withEmail = false }: { withEmail?: boolean }) {
  const whatsapp = usePageWhatsAppHref();
  const cards = [
    { key: 'whatsapp', title: 'WhatsApp', text: 'Chat with our Kabale team', href: whatsapp, Icon: WhatsAppIcon, external: true, value: site.whatsapp },
    { key: 'call', title: 'Direct call', text: 'Talk to a safari planner', href: site.phoneHref, Icon: PhoneIcon, external: false, value: site.phone },
    ...(withEmail ? [{ key: 'email', title: 'E-mail', text: 'Write to us any time', href: `mailto:${site.email}`, Icon: MailIcon, external: false, value: site.email }] : []),
    { key: 'instagram', title: 'Instagram', text: 'Photos from the trail', href: site.social.instagram, Icon: InstagramIcon, external: true, value: '@kigezitrails' },
    { key: 'facebook', title: 'Facebook', text: 'News and departures', href: site.social.facebook, Icon: FacebookIcon, external: true, value: 'Kigezi Trails' },
  ];
  return (
    <ul className="contact-cards">
      {cards.map(({ key, title, text, href, Icon, external, value }) => {
        const className = `contact-card contact-card--${key}`;
        const body = (
          <>
            <span className="contact-card__icon">
              <Icon size={22} />
            </span>
            <span>
              <strong>{title}</strong>
              <span className="contact-card__text">{text}</span>
              <span className="contact-card__value">{value}</span>
            </span>
          </>
        );
        return (
          <li key={key}>
            {external ? (
              <ExternalLink className={className} href={href}>
                {body}
              </ExternalLink>
            ) : (
              <a className={className} href={href}>
                {body}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
