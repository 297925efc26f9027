// The footer (spec point 2): contact details, useful links, the newsletter form, social links
// and the copyright from 2021 to the current year.
// The newsletter form is a lazy island: its HTML is in the page (a plain POST form without
// JavaScript) and its code is loaded once the browser is idle after hydration, off the critical path.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { aboutPath, site } from '../../../common/site.ts';
import { whenIdle } from '../../lib/idle.ts';
import { usePageWhatsAppHref } from '../../lib/whatsapp.ts';
import { SocialLinks } from '../Contact.tsx';
import { ExternalLink } from '../ExternalLink.tsx';
import { Ridge } from '../Hero.tsx';
import { MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from '../Icons.tsx';
import { BrandMark } from './Brand.tsx';
import { useT, useTParts } from '../../i18n/index.ts';
import { useLocalPath } from '../../lib/languages.ts';

const NewsletterForm = lazy(() =>
  whenIdle()
    .then(() => import('../NewsletterForm.tsx'))
    .then((m) => ({ default: m.NewsletterForm })),
);

/** Pages of ours (to) and, for the visa application, the official site (href, a new tab). */
const USEFUL_LINKS: ({ to: string; label: string } | { href: string; label: string })[] = [
  { to: aboutPath, label: 'footer.about' },
  { to: '/why-book-with-us', label: 'footer.why' },
  { to: '/gorilla-tracking-tips', label: 'footer.tips' },
  { to: '/lodges', label: 'footer.stay' },
  { to: '/travel-advice', label: 'footer.advice' },
  { href: site.visaSite, label: 'footer.visa' },
  { to: '/frequently-asked-questions', label: 'footer.faqs' },
  { to: '/our-impact', label: 'footer.impact' },
  { to: '/our-conservation-promise', label: 'footer.promise' },
  { to: '/sustainability-and-environmental-conservation', label: 'footer.sustainability' },
  { to: '/animals', label: 'footer.animals' },
  { to: '/birds', label: 'footer.birds' },
  { to: '/terms-and-conditions', label: 'footer.terms' },
  { to: '/privacy-policy', label: 'footer.privacy' },
];

function copyrightText(year: number): string {
  return `© ${site.copyrightStartYear}–${year} ${site.name}`;
}

/** The footer's last line of links: terms, privacy, contact. */
function LegalLinks() {
  const t = useT();
  const local = useLocalPath();
  const terms = <Link to={local('/terms-and-conditions')}>{t('footer.termsShort')}</Link>;
  const privacy = <Link to={local('/privacy-policy')}>{t('footer.privacyShort')}</Link>;
  const contact = <Link to={local('/contact-us')}>{t('footer.contactShort')}</Link>;
  return (
    <>
      {terms} · {privacy} · {contact}
    </>
  );
}

export function Footer({ year }: { year: number }) {
  const whatsapp = usePageWhatsAppHref();
  const t = useT();
  const parts = useTParts();
  const local = useLocalPath();
  return (
    <footer className="site-footer">
      <Ridge className="site-footer__ridge" />
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__logo">
            <BrandMark size={48} />
            <span>{site.name}</span>
          </p>
          <p>{parts('footer.intro', { year: String(site.foundedYear) })}</p>
          <SocialLinks className="socials--footer" />
        </div>
        <div>
          <h2 className="site-footer__title">{t('footer.touch')}</h2>
          <ul className="site-footer__contact">
            <li>
              <PhoneIcon size={18} />
              <a href={site.phoneHref}>{site.phone}</a>
            </li>
            <li>
              <WhatsAppIcon size={18} />
              <ExternalLink href={whatsapp}>
                {site.whatsapp} <span className="sr-only">(WhatsApp)</span>
              </ExternalLink>
            </li>
            <li>
              <MailIcon size={18} />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <PinIcon size={18} />
              <span>{site.location}</span>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="site-footer__title">
            {t('footer.links')}
          </h2>
          <ul className="site-footer__links">
            {USEFUL_LINKS.map((l) =>
              'to' in l ? (
                <li key={l.to}>
                  <Link to={local(l.to)}>{t(l.label)}</Link>
                </li>
              ) : (
                <li key={l.href}>
                  <ExternalLink href={l.href}>{t(l.label)}</ExternalLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="site-footer__news">
          <h2 className="site-footer__title">{t('footer.newsletter')}</h2>
          <p>{t('footer.newsletterText')}</p>
          <Suspense>
            <NewsletterForm />
          </Suspense>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          {copyrightText(year)}
          {`. ${t('footer.rights')}`}
        </p>
        <p>
          <LegalLinks />
        </p>
      </div>
    </footer>
  );
}
