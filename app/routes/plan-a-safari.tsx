// Plan a safari: contact links (WhatsApp, call, two social networks) and the enquiry form.
// A safari's "Get a free quote" link opens it as /plan-a-safari?safari={slug}: the form's safari
// is chosen then, and the enquiry is the safari's quote (an unknown slug goes to the plain page).
import { redirect } from 'react-router';
import type { StaticPageResponse } from '../../common/api-types.ts';
import { languageOfPath } from '../../common/languages.ts';
import { ContactCards } from '../components/Contact.tsx';
import { EnquiryForm } from '../components/EnquiryForm.tsx';
import { Hero } from '../components/Hero.tsx';
import { CheckIcon } from '../components/Icons.tsx';
import { RichText } from '../components/RichText.tsx';
import { pageHero } from '../lib/heroes.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/plan-a-safari';
import { useT } from '../i18n/pages.ts';
import type { RouteHandle } from '../lib/cache-policy.ts';
import { safariChoices } from '../lib/safari-choices.ts';

/** Rendered once per content version and safari, and served from memory (server/page-cache.ts). */
export const handle = { cache: { query: ['safari'] } } as const satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const [page, safaris] = await Promise.all([api<StaticPageResponse>(context, '/plan-a-safari'), safariChoices(context, languageOfPath(new URL(request.url).pathname))]);
  const wanted = new URL(request.url).searchParams.get('safari');
  // Only our safaris' slugs make pages of their own (and are kept); anything else is the plain page
  // (in the page's own language).
  if (wanted !== null && !safaris.some((s) => s.slug === wanted)) throw redirect(new URL(request.url).pathname, 302);
  return { ...page, safaris, safari: wanted };
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: pageHero('plan').image }, { location, matches });
}

/** The three steps (literal keys: the catalogue is split by the keys a route names). */
const STEPS = ['plan.step1', 'plan.step2', 'plan.step3'] as const;

export default function PlanASafari({ loaderData: data }: Route.ComponentProps) {
  const hero = pageHero('plan');
  const t = useT();
  return (
    <>
      <Hero title={data.title} image={hero.image} imageAlt={hero.alt} eyebrow={t('plan.eyebrow')} crumbs={[{ label: t('plan.crumb') }]} size="compact" />
      <div className="container page">
        <div className="contact-layout">
          <div className="contact-layout__info">
            <RichText html={data.content} className="prose--lead" />
            <ol className="steps">
              {STEPS.map((s, i) => (
                <li key={s}>
                  <span className="steps__n">{i + 1}</span> {t(s)}
                  <CheckIcon size={16} className="steps__check" />
                </li>
              ))}
            </ol>
            <ContactCards />
          </div>
          <div className="form-card form-card--light">
            <h2 className="form-card__title">{t('plan.formTitle')}</h2>
            <EnquiryForm
              key={data.safari ?? ''}
              variant="plan"
              currentUrl={data.safari ? `${data.pageUrl}?safari=${data.safari}` : data.pageUrl}
              safaris={data.safaris}
              initialTrip={data.safari ? { safari: data.safari } : undefined}
            />
          </div>
        </div>
      </div>
    </>
  );
}
