// Share prompt: facebook, twitter, linkedin and whatsapp links carrying the page address and the
// fixed text of spec point 2; each opens in a new tab.
import { SHARE_TEXT } from '../../common/constants.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { FacebookIcon, LinkedInIcon, ShareIcon, WhatsAppIcon, XIcon } from './Icons.tsx';
import { usePageLanguage, useT } from '../i18n/pages.ts';

export function shareLinks(url: string, text: string = SHARE_TEXT) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}`, Icon: FacebookIcon },
    { network: 'twitter', label: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, Icon: XIcon },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}&summary=${t}`, Icon: LinkedInIcon },
    { network: 'whatsapp', label: 'WhatsApp', href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}`, Icon: WhatsAppIcon },
  ] as const;
}

export function ShareBlock({ url, title }: { url: string; title?: string }) {
  const t = useT();
  const language = usePageLanguage();
  return (
    <section className="share" aria-label={t('share.title')}>
      <p className="share__title">
        <ShareIcon size={18} /> {title ?? t('share.title')}
      </p>
      <ul className="share__list">
        {shareLinks(url, language === 'en' ? SHARE_TEXT : t('share.text')).map(({ network, label, href, Icon }) => (
          <li key={network}>
            <ExternalLink className={`share__link share__link--${network}`} href={href} data-network={network} label={t('share.on', { network: label })}>
              <Icon size={18} />
              <span>{label}</span>
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
