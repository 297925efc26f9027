// Contact shortcuts (WhatsApp, direct call, e-mail and social pages), the social icon row and the
// sticky bar's Follow us menu of the same links.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { site } from '../../common/site.ts';
import { usePageWhatsAppHref } from '../lib/whatsapp.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { useT } from '../i18n/pages.ts';
import { useT as useShellT } from '../i18n/index.ts';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, UsersIcon, WhatsAppIcon, XIcon, YouTubeIcon } from './Icons.tsx';

const SOCIALS = [
  { key: 'facebook', label: 'Facebook', href: site.social.facebook, Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', href: site.social.instagram, Icon: InstagramIcon },
  { key: 'twitter', label: 'X (Twitter)', href: site.social.twitter, Icon: XIcon },
  { key: 'youtube', label: 'YouTube', href: site.social.youtube, Icon: YouTubeIcon },
] as const;

export function SocialLinks({ className }: { className?: string }) {
  const t = useShellT();
  return (
    <ul className={`socials${className ? ` ${className}` : ''}`}>
      {SOCIALS.map(({ key, label, href, Icon }) => (
        <li key={key}>
          <ExternalLink href={href} label={t('social.on', { site: site.name, network: label })}>
            <Icon size={18} />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The social links behind one button (a disclosure): the sticky bar shows it on wide screens once
 * the top bar, with its social icons, has scrolled away. Escape, a click elsewhere or focus moving
 * out closes it; Escape gives the focus back to the button.
 */
export function SocialMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const t = useShellT();
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  return (
    <div
      ref={root}
      className={`social-menu${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (next && !e.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="icon-btn social-menu__button" title={t('social.follow')} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <UsersIcon size={21} />
        <span className="sr-only">{t('social.follow')}</span>
      </button>
      <ul id={listId} className="social-menu__list" hidden={!open}>
        {SOCIALS.map(({ key, label, href, Icon }) => (
          <li key={key}>
            <ExternalLink href={href} onClick={() => setOpen(false)}>
              <Icon size={18} />
              {label}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Cards: WhatsApp, call, Instagram, Facebook (contact page), or with e-mail in place of one. */
export function ContactCards({ withEmail = false }: { withEmail?: boolean }) {
  const whatsapp = usePageWhatsAppHref();
  const t = useT();
  const cards = [
    { key: 'whatsapp', title: 'WhatsApp', text: t('contact.whatsappText'), href: whatsapp, Icon: WhatsAppIcon, external: true, value: site.whatsapp },
    { key: 'call', title: t('contact.call'), text: t('contact.callText'), href: site.phoneHref, Icon: PhoneIcon, external: false, value: site.phone },
    ...(withEmail ? [{ key: 'email', title: t('contact.email'), text: t('contact.emailText'), href: `mailto:${site.email}`, Icon: MailIcon, external: false, value: site.email }] : []),
    { key: 'instagram', title: 'Instagram', text: t('contact.instagramText'), href: site.social.instagram, Icon: InstagramIcon, external: true, value: '@kigezitrails' },
    { key: 'facebook', title: 'Facebook', text: t('contact.facebookText'), href: site.social.facebook, Icon: FacebookIcon, external: true, value: 'Kigezi Trails' },
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

/**
 * A price card's contacts (a safari's, a lodge's): WhatsApp, its message naming the page, with
 * its label after the icon (its leading space included), and the phone.
 */
export function PriceCardContact({ whatsapp, children }: { whatsapp: string; children: ReactNode }) {
  return (
    <div className="price-card__contact">
      <ExternalLink href={whatsapp}>
        <WhatsAppIcon size={18} />
        {children}
      </ExternalLink>
      <a href={site.phoneHref}>
        <PhoneIcon size={18} /> {site.phone}
      </a>
    </div>
  );
}
