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

const NewsletterForm = lazy(() =>
  whenIdle()
    .then(() => import('../NewsletterForm.tsx'))
    .then((m) => ({ default: m.NewsletterForm })),
);

/** Pages of ours (to) and, for the visa application, the official site (href, a new tab). */
const USEFUL_LINKS: ({ to: string; label: string } | { href: string; label: string })[] = [
  { to: aboutPath, label: 'About us' },
  { to: '/why-book-with-us', label: 'Why book with us' },
  { to: '/gorilla-tracking-tips', label: 'Gorilla tracking tips' },
  { to: '/lodges', label: 'Where to stay' },
  { to: '/travel-advice', label: 'Travel advice' },
  { href: site.visaSite, label: 'Uganda e-visa (official site)' },
  { to: '/frequently-asked-questions', label: 'FAQs' },
  { to: '/our-impact', label: 'Our impact' },
  { to: '/our-conservation-promise', label: 'Our conservation promise' },
  { to: '/sustainability-and-environmental-conservation', label: 'Sustainability' },
  { to: '/animals', label: 'Animals' },
  { to: '/birds', label: 'Birds' },
  { to: '/terms-and-conditions', label: 'Terms and conditions' },
  { to: '/privacy-policy', label: 'Privacy policy' },
];

function copyrightText(year: number): string {
  return `© ${site.copyrightStartYear}–${year} ${site.name}`;
}

export function Footer({ year }: { year: number }) {
  const whatsapp = usePageWhatsAppHref();
  return (
    <footer className="site-footer">
      <Ridge className="site-footer__ridge" />
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__logo">
            <BrandMark size={48} />
            <span>{site.name}</span>
          </p>
          <p>Gorilla, chimpanzee and wildlife safaris planned by a Kabale team that has walked these trails since {site.foundedYear}. A share of every safari supports the Batwa community.</p>
          <SocialLinks className="socials--footer" />
        </div>
        <div>
          <h2 className="site-footer__title">Get in touch</h2>
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
            Useful links
          </h2>
          <ul className="site-footer__links">
            {USEFUL_LINKS.map((l) =>
              'to' in l ? (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ) : (
                <li key={l.href}>
                  <ExternalLink href={l.href}>{l.label}</ExternalLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="site-footer__news">
          <h2 className="site-footer__title">Newsletter</h2>
          <p>Seasonal permit news, new itineraries and stories from the field, a few times a year.</p>
          <Suspense>
            <NewsletterForm />
          </Suspense>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>{copyrightText(year)}. All rights reserved.</p>
        <p>
          <Link to="/terms-and-conditions">Terms</Link> · <Link to="/privacy-policy">Privacy</Link> · <Link to="/contact-us">Contact</Link>
        </p>
      </div>
    </footer>
  );
}
