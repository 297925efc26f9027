// Safari detail: '{days} Day {title}' hero; description; Includes and Excludes; 'From $price' with
// the Get a free quote overlay; Detailed Itinerary (the night's lodge, meal plan, activities);
// Your guides; Your vehicle; Related safaris with a More safaris link; News and updates; travellers' reviews (approved ones)
// and the review form.
import { useLocalLink } from '../lib/languages.ts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { SafariDay, SafariResponse } from '../../common/api-types.ts';
import { whatsappHref } from '../../common/whatsapp.ts';
import { useWhatsAppWords } from '../lib/whatsapp.ts';
import { SafariGrid } from '../components/Cards.tsx';
import { YourGuides } from '../components/GuideCards.tsx';
import { PriceCardContact } from '../components/Contact.tsx';
import { Hero } from '../components/Hero.tsx';
import { CalendarIcon, CheckIcon, CrossIcon, DownloadIcon } from '../components/Icons.tsx';
import { Image } from '../components/Image.tsx';
import { CurrencySwitch } from '../components/CurrencySwitch.tsx';
import { Price, PriceNote } from '../components/Price.tsx';
import { RichText } from '../components/RichText.tsx';
import { SafariRouteMap } from '../components/RouteMap.tsx';
import { NewsSection } from '../components/NewsSection.tsx';
import { Section } from '../components/Section.tsx';
import { itineraryPdfPath } from '../lib/map/paths.ts';
import { SafariReviews } from '../components/SafariReviews.tsx';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { cleanList, mealPlan } from '../lib/safari.ts';
import { safariHeading } from '../../common/safari-title.ts';
import type { Route } from './+types/safari';
import type { SafariDepartures as SafariDeparturesAnswer } from '../../common/departures.ts';
import { SafariDepartures } from '../components/SafariDepartures.tsx';
import { cachedPage } from '../lib/cache-policy.ts';
import { keyOf, usePageLanguage, useT, useTParts } from '../i18n/pages.ts';
import { languageOfPath } from '../../common/languages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const slug = encodeURIComponent(params.slug);
  // The departures' seats are read fresh on every render; a seat taken drops the kept page (server/departures/seats.ts).
  const [safari, { departures }] = await Promise.all([api<SafariResponse>(context, `/safaris/${slug}`), api<SafariDeparturesAnswer>(context, `/departures/safari/${slug}`)]);
  return { ...safari, departures };
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  // The title in the page's language (the API's is the English heading).
  const page = loaderData && { ...loaderData, title: safariHeading(loaderData.safari.safariday, loaderData.safari.safarititle, languageOfPath(location.pathname)) };
  return buildMeta(page, { image: loaderData?.safari.safariheaderimage, imageAlt: loaderData?.safari.safariheaderimagealt, type: 'article' }, { location, matches });
}

// The quote overlay's code (dialog and enquiry form) loads when it is wanted.
const loadQuoteOverlay = () => import('../components/QuoteOverlay.tsx');
const QuoteOverlay = lazy(() => loadQuoteOverlay().then((m) => ({ default: m.QuoteOverlay })));

export default function SafariDetail({ loaderData: data }: Route.ComponentProps) {
  const { safari } = data;
  const [quoteOpen, setQuoteOpen] = useState(false);
  // Mounted from the first request on, so that closing keeps the dialog's own closing behaviour.
  const [quoteWanted, setQuoteWanted] = useState(false);
  const t = useT();
  const heading = safariHeading(safari.safariday, safari.safarititle, usePageLanguage());
  return (
    <>
      <Hero
        title={heading}
        image={safari.safariheaderimage}
        imageAlt={safari.safariheaderimagealt}
        eyebrow={t('safari.eyebrow', { count: safari.safariday })}
        crumbs={[{ label: t('safaris.crumb'), to: '/safaris' }, { label: heading }]}
      />
      <div className="container page">
        <div className="page__grid page__grid--price-first">
          <article className="safari">
            <section aria-labelledby="overview-title">
              <h2 id="overview-title" className="sr-only">
                {t('safari.overview')}
              </h2>
              <RichText html={safari.safaridescription} className="prose--lead" />
            </section>

            <IncludesExcludes includes={cleanList(safari.safariincludes)} excludes={cleanList(safari.safariexcludes)} />

            <SafariDepartures departures={data.departures} slug={safari.safarititleslug} />

            <SafariRouteMap slug={safari.safarititleslug} heading={heading} days={data.safaridays} />

            <section className="itinerary" aria-labelledby="itinerary-title">
              <p className="eyebrow">{t('safari.dayByDay')}</p>
              <h2 id="itinerary-title">{t('safari.itinerary')}</h2>
              <ol className="itinerary__days">
                {data.safaridays.map((day) => (
                  <ItineraryDay key={day.id} day={day} />
                ))}
              </ol>
            </section>

            <YourGuides guides={data.guides} />

            {data.vehicle && <YourVehicle vehicle={data.vehicle} />}
          </article>

          <PriceCard
            safari={safari}
            heading={heading}
            pageUrl={data.pageUrl}
            onQuote={() => {
              setQuoteWanted(true);
              setQuoteOpen(true);
            }}
          />
        </div>
      </div>

      <SafariReviews slug={safari.safarititleslug} title={heading} reviews={data.reviews} rating={data.rating} />

      {quoteWanted && (
        <Suspense>
          <QuoteOverlay open={quoteOpen} heading={heading} currentUrl={data.pageUrl} safari={safari.safarititleslug} onClose={() => setQuoteOpen(false)} />
        </Suspense>
      )}

      {data.otherSafaris.length > 0 && (
        <Section id="related" tone="sand" eyebrow={t('safari.alsoLike')} title={t('safari.related')} more={{ to: '/safaris', label: t('safari.moreSafaris') }}>
          <SafariGrid safaris={data.otherSafaris} />
        </Section>
      )}
      <NewsSection blogs={data.blogs} />
    </>
  );
}

/** What the price includes and excludes, two lists side by side. */
function IncludesExcludes({ includes, excludes }: { includes: string[]; excludes: string[] }) {
  const t = useT();
  return (
    <section className="inc-exc" aria-label={t('safari.whatIncluded')}>
      <div className="inc-exc__col inc-exc__col--in">
        <h2 className="inc-exc__title">{t('safari.includes')}</h2>
        <ul>
          {includes.map((item, i) => (
            <li key={i}>
              <CheckIcon size={18} /> {item}
            </li>
          ))}
        </ul>
      </div>
      <div className="inc-exc__col inc-exc__col--out">
        <h2 className="inc-exc__title">{t('safari.excludes')}</h2>
        <ul>
          {excludes.map((item, i) => (
            <li key={i}>
              <CrossIcon size={18} /> {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The vehicle the safari usually runs in: its picture, name, kind, seats and features. */
function YourVehicle({ vehicle }: { vehicle: NonNullable<SafariResponse['vehicle']> }) {
  const local = useLocalLink();
  const t = useT();
  return (
    <section className="your-vehicle" aria-labelledby="your-vehicle-title">
      <p className="eyebrow">{t('safari.travelIn')}</p>
      <h2 id="your-vehicle-title">{t('safari.yourVehicle')}</h2>
      <div className="vehicle-chip">
        <span className="vehicle-chip__media">
          <Image src={vehicle.vehicleheaderimage} alt="" width={600} height={400} sizes="132px" />
        </span>
        <span className="vehicle-chip__body">
          <Link to={local(`/vehicles/${vehicle.vehicletitleslug}`)} className="vehicle-chip__name">
            {vehicle.vehicletitle}
          </Link>
          <span className="vehicle-chip__kind">{vehicle.vehiclekind}</span>
          <span className="vehicle-chip__facts">
            {vehicle.vehicleseats}
            {t('safari.seats', { count: vehicle.vehicleseats })}
            {vehicle.vehiclewindowseats ? t('safari.windowSeats') : ''}
            {vehicle.vehiclefeatures.length > 0 && ` · ${vehicle.vehiclefeatures.join(', ')}`}
          </span>
        </span>
      </div>
    </section>
  );
}

/** The price and booking card: the price, the currency, the quote button, the itinerary's PDF and the contacts. */
function PriceCard({ safari, heading, pageUrl, onQuote }: { safari: SafariResponse['safari']; heading: string; pageUrl: string; onQuote: () => void }) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const whatsappWords = useWhatsAppWords();
  return (
    <aside className="page__aside" aria-label={t('safari.priceAndBooking')}>
      <div className="price-card">
        {/* The amount has a line of its own, so a converted (wider) amount moves nothing. */}
        <p className="price-card__amount">
          <span className="price-card__label">{t('safari.from')}</span>{' '}
          <strong>
            <Price usd={safari.safariprice} />
          </strong>
        </p>
        <p className="price-card__per">
          <span className="price-card__label">{t('safari.perPax')}</span> · <PriceNote usd={safari.safariprice} />
        </p>
        <CurrencySwitch className="currency-switch--card" label={t('safari.showPricesIn')} />
        <p className="price-card__days">
          <CalendarIcon size={18} />
          {tParts('safari.daysGuided', { count: String(safari.safariday), unit: t('safari.dayUnit', { count: safari.safariday }) })}
        </p>
        <a
          href={local(`/plan-a-safari?safari=${encodeURIComponent(safari.safarititleslug)}`)}
          className="btn btn--primary btn--lg btn--block"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadQuoteOverlay()}
          onFocus={() => void loadQuoteOverlay()}
          onClick={(e) => {
            e.preventDefault();
            onQuote();
          }}
        >
          {t('safari.quote')}
        </a>
        <p className="price-card__note">{t('safari.quoteNote')}</p>
        <a className="price-card__pdf" href={local(itineraryPdfPath(safari.safarititleslug))} type="application/pdf">
          <DownloadIcon size={18} />
          {t('safari.pdf')}
        </a>
        <PriceCardContact whatsapp={whatsappHref({ title: heading, url: pageUrl, safari: true }, whatsappWords)}>{t('safari.whatsapp')}</PriceCardContact>
      </div>
    </aside>
  );
}

/** The meals' words (keys written whole, for the split of the catalogues per route); another meal is said as it is written. */
const MEAL_KEYS: Record<string, string> = { Breakfast: 'meals.Breakfast', Lunch: 'meals.Lunch', Dinner: 'meals.Dinner', 'Drinking water': 'meals.Drinking water' };

export function ItineraryDay({ day }: { day: SafariDay }) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const meals = mealPlan(day);
  return (
    <li className="day">
      <div className="day__marker" aria-hidden="true">
        <span>{t('safari.day')}</span>
        <strong>{day.day_number}</strong>
      </div>
      <div className="day__body">
        <h3 className="day__title">
          <span className="sr-only">{tParts('safari.dayN', { n: String(day.day_number) })}</span>
          {day.title}
        </h3>
        <RichText html={day.description} />
        {day.lodge && (
          <p className="day__lodge">
            <span className="day__lodge-label">{t('safari.overnight')}</span> <Link to={local(`/lodges/${day.lodge.lodgetitleslug}`)}>{day.lodge.lodgetitle}</Link>{' '}
            <span className="day__lodge-tier">({t('safari.tier', { tier: day.lodge.lodgetier === 'mid-range' ? 'midRange' : day.lodge.lodgetier })})</span>
          </p>
        )}
        {meals.length > 0 && (
          <div className="day__meals">
            <h4 className="day__label">{t('safari.mealPlan')}</h4>
            <ul className="chips">
              {meals.map((m) => (
                <li key={m} className="chip chip--meal">
                  {t(keyOf(MEAL_KEYS, m))}
                </li>
              ))}
            </ul>
          </div>
        )}
        {day.experiences.length > 0 && (
          <div className="day__activities">
            <h4 className="day__label">{t('safari.activities')}</h4>
            <ul className="activities">
              {day.experiences.map((x) => (
                <li key={x.id} className="activity">
                  {x.image && (
                    <span className="activity__media">
                      <Image src={x.experienceheaderimage} alt={x.experienceheaderimagealt} width={160} height={120} sizes="72px" />
                    </span>
                  )}
                  <Link to={local(`/experiences/${x.experiencetitleslug}`)}>{x.experiencetitle}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </li>
  );
}
