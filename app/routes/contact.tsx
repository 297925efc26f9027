// Contact us: hero, contact cards (WhatsApp, direct call, Instagram, Facebook), the enquiry form
// and the office details.
import type { StaticPageResponse } from '../../common/api-types.ts';
import { site } from '../../common/site.ts';
import { ContactCards } from '../components/Contact.tsx';
import { EnquiryForm } from '../components/EnquiryForm.tsx';
import { Hero } from '../components/Hero.tsx';
import { ClockIcon, MailIcon, PinIcon } from '../components/Icons.tsx';
import { RichText } from '../components/RichText.tsx';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/contact';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  return api<StaticPageResponse>(context, '/contact-us');
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: pageHero('contact').image }, { location, matches });
}

export default function Contact({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero('contact');
  const t = useT();
  return (
    <>
      <Hero title={data.title} image={hero.image} imageAlt={hero.alt} eyebrow={t('contact.eyebrow')} crumbs={[{ label: t('contact.crumb') }]} size="compact" />
      <div className="container page">
        <div className="contact-layout">
          <div className="contact-layout__info">
            <RichText html={data.content} className="prose--lead" />
            <ContactCards />
            <ul className="office">
              <li>
                <PinIcon size={18} /> {site.location}
              </li>
              <li>
                <MailIcon size={18} /> <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
              <li>
                <ClockIcon size={18} />
                {t('contact.hours')}
              </li>
            </ul>
          </div>
          <div className="form-card form-card--light">
            <h2 className="form-card__title">{t('contact.send')}</h2>
            <EnquiryForm variant="contact" currentUrl={data.pageUrl} />
          </div>
        </div>
      </div>
    </>
  );
}
