// /trip/:token — the traveller's private trip page. Before booking: the quote (day by day with
// lodges, the route map, the price and what it includes, validity, terms, the PDF) and "Accept this
// quote". After: the booking's state, what is paid and due and by when, a countdown, what to bring,
// the travellers' details to fill in, and the operator's contacts. Plain forms (no JavaScript
// needed); never cached, never indexed, no Referer sent to other sites (the token is in the address).
import { data, Form, useActionData, useNavigation } from 'react-router';
import { daysBetween } from '../../common/booking-money.ts';
import { quoteRouteDays } from '../../common/quote-document.ts';
import { dayRange, safariRoute } from '../../common/route.ts';
import { site } from '../../common/site.ts';
import { TRIP_PAGE_HEADERS, type TripView } from '../../common/trip-page.ts';
import type { TripPayView } from '../../common/payments.ts';
import { AcceptTerms } from '../components/AcceptTerms.tsx';
import { apiContext, siteLanguagesContext } from '../context.ts';
import { acceptedLanguage, DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';
import { usePageLanguage, useT, useTParts } from '../i18n/pages.ts';
import { BOARD_KEYS, CATEGORY_KEYS, dueWhat, STATE_KEYS, useTripFormat } from './trip-words.ts';
import { tripAction } from './trip-action.ts';
import { PayPanel } from './trip-pay.tsx';
import type { Route } from './+types/trip';
import { ColumnHeads } from '../components/ColumnHeads.tsx';
import './trip.css';

const PRIVATE = TRIP_PAGE_HEADERS;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const res = await context.get(apiContext).fetch(`/trip/${encodeURIComponent(params.token)}`, { headers: { accept: 'application/json' } });
  const url = new URL(request.url);
  const served = context.get(siteLanguagesContext);
  if (!res.ok) return tripFailure(res, tripLanguage(acceptedLanguage(request.headers.get('accept-language'), served) ?? DEFAULT_LANGUAGE, url.searchParams.get('lang'), served));
  const view = (await res.json()) as TripView;
  const shownLanguage = tripLanguage(view.language, url.searchParams.get('lang'), served);
  return data({ view, token: params.token, shownLanguage, ...(await payOf(context, params.token, view, url)) }, { headers: PRIVATE });
}

/**
 * The language the trip page is shown in (its address is the same in every language): the one the
 * traveller chose with the switcher (?lang=), else the booking's or quote's (for a link that cannot
 * be opened, the visitor's Accept-Language's), when the site serves it.
 */
function tripLanguage(stored: Language, asked: string | null, served: readonly Language[]): Language {
  if (isLanguage(asked) && served.includes(asked)) return asked;
  return served.includes(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The API's reasons for a link it cannot open (its answer's `code`), as the pages' catalogue words them. */
const REASON_KEYS = new Map([
  ['not-found', 'tripPage.error.notFound'],
  ['throttled', 'tripPage.error.throttled'],
]);

/**
 * A link that cannot be opened (unknown, revoked or expired: 404; too many wrong tokens: 429, with
 * its Retry-After; an outage: 503; else 500), with its status, shown in the visitor's language: the
 * reason's key read from the API's code (its English JSON stays the API's own); none for a failure.
 */
async function tripFailure(res: Response, shownLanguage: Language) {
  const status = res.status === 404 || res.status === 429 || res.status === 503 ? res.status : 500;
  const code = ((await res.json().catch(() => null)) as { code?: unknown } | null)?.code;
  const reason = status === 404 || status === 429 ? (REASON_KEYS.get(String(code)) ?? REASON_KEYS.get(status === 429 ? 'throttled' : 'not-found')!) : null;
  const retryAfter = res.headers.get('retry-after');
  return data({ failure: { reason }, shownLanguage }, { status, headers: { ...PRIVATE, ...(retryAfter ? { 'Retry-After': retryAfter } : {}) } });
}

/** The pay panel's data once booked (GET /api/trip/{token}/payment); the attempt the provider sent the traveller back from. */
async function payOf(context: Route.LoaderArgs['context'], token: string, view: TripView, url: URL): Promise<{ pay: TripPayView | null; cancelled: boolean }> {
  if (!view.booking) return { pay: null, cancelled: false };
  const attempt = url.searchParams.get('payment');
  const res = await context.get(apiContext).fetch(`/trip/${encodeURIComponent(token)}/payment${attempt ? `?attempt=${encodeURIComponent(attempt)}` : ''}`, { headers: { accept: 'application/json' } });
  return { pay: res.ok ? ((await res.json()) as TripPayView) : null, cancelled: url.searchParams.get('back') === 'cancelled' };
}

export const action = tripAction;

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = loaderHeaders.get('retry-after');
  return retryAfter ? { ...PRIVATE, 'Retry-After': retryAfter } : PRIVATE;
}

export function meta({ loaderData }: Route.MetaArgs) {
  // A link that cannot be opened: "Your trip" in the language it is shown in.
  const title =
    loaderData && 'view' in loaderData ? `${loaderData.view.document.title} · ${loaderData.view.reference}` : i18nFor(loaderData?.shownLanguage ?? DEFAULT_LANGUAGE)._('tripPage.error.eyebrow');
  return [{ title: `${title} | ${site.name}` }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'same-origin' }];
}

function Header({ view }: { view: TripView }) {
  const d = view.document;
  const t = useT();
  const { longDay, money } = useTripFormat();
  const children = d.travellers.children ? `, ${t('tripPage.children', { count: d.travellers.children })}` : '';
  const people = `${t('tripPage.adults', { count: d.travellers.adults })}${children}`;
  return (
    <header className="trip__head">
      <p className="eyebrow eyebrow--light">{view.booking ? t('tripPage.booking', { reference: view.booking.reference }) : t('tripPage.quote', { reference: view.reference })}</p>
      <h1>{d.title}</h1>
      <ul className="trip__facts" role="list">
        <li>
          <span>{t('tripPage.dates')}</span>
          {d.travelTo === d.travelFrom ? longDay(d.travelFrom) : `${longDay(d.travelFrom)} – ${longDay(d.travelTo)}`}
        </li>
        <li>
          <span>{t('tripPage.travellers')}</span>
          {people}
        </li>
        <li>
          <span>{t('tripPage.total')}</span>
          {money(view.price.totalMinor, view.price.currency)}
        </li>
      </ul>
      {d.message && !view.booking && <p className="trip__message">{d.message}</p>}
    </header>
  );
}

function Days({ view }: { view: TripView }) {
  const t = useT();
  const tParts = useTParts();
  return (
    <section className="trip__section" aria-labelledby="trip-days">
      <p className="eyebrow">{t('tripPage.dayByDay')}</p>
      <h2 id="trip-days">{t('tripPage.itinerary')}</h2>
      <ol className="trip__days" role="list">
        {view.document.days.map((day, i) => (
          <li key={`${i}-${day.title}`} className="trip__day">
            <span className="trip__day-num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>
                <span className="sr-only">{tParts('tripPage.day', { n: String(i + 1) })}</span>
                {day.title}
              </h3>
              {day.text && <p>{day.text}</p>}
              <dl className="trip__day-facts">
                {day.lodge && (
                  <div>
                    <dt>{t('tripPage.overnight')}</dt>
                    <dd>
                      {day.lodge.name}
                      {day.lodge.roomType ? `, ${day.lodge.roomType}` : ''} ({t(BOARD_KEYS[day.lodge.board])})
                    </dd>
                  </div>
                )}
                {(day.meals.breakfast || day.meals.lunch || day.meals.dinner) && (
                  <div>
                    <dt>{t('tripPage.meals')}</dt>
                    <dd>{[day.meals.breakfast && t('tripPage.breakfast'), day.meals.lunch && t('tripPage.lunch'), day.meals.dinner && t('tripPage.dinner')].filter(Boolean).join(', ')}</dd>
                  </div>
                )}
                {day.activities.length > 0 && (
                  <div>
                    <dt>{t('tripPage.activities')}</dt>
                    <dd>{day.activities.join(', ')}</dd>
                  </div>
                )}
              </dl>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function RouteMap({ view, token }: { view: TripView; token: string }) {
  const t = useT();
  const route = safariRoute(quoteRouteDays(view.document));
  if (!route.length) return null;
  const words = {
    day: (n: number) => t('tripPage.dayOne', { n }),
    range: (first: number, last: number) => t('tripPage.dayRange', { first, last }),
    list: (days: string) => t('tripPage.dayList', { days }),
  };
  return (
    <section className="trip__section" aria-labelledby="trip-route">
      <p className="eyebrow">{t('tripPage.whereYouGo')}</p>
      <h2 id="trip-route">{t('tripPage.routeMap')}</h2>
      <figure className="trip__map">
        <img src={`/trip/${token}/route.svg`} width={400} height={300} alt={t('tripPage.mapAlt', { count: String(route.length) })} />
        <figcaption>
          <ol className="trip__stops">
            {route.map((s) => (
              <li key={s.number}>
                {s.title} <span>{dayRange(s.days, words)}</span>
              </li>
            ))}
          </ol>
        </figcaption>
      </figure>
    </section>
  );
}

function Price({ view, token }: { view: TripView; token: string }) {
  const p = view.price;
  const d = view.document;
  const converted = d.display ? Math.round((p.totalMinor / 100) * d.display.rate) : null;
  const t = useT();
  const tParts = useTParts();
  const { longDay, money, number } = useTripFormat();
  return (
    <section className="trip__section" aria-labelledby="trip-price">
      <p className="eyebrow">{t('tripPage.thePrice')}</p>
      <h2 id="trip-price">{t('tripPage.breakdown')}</h2>
      <table className="trip__price">
        <caption className="sr-only">{t('tripPage.priceCaption')}</caption>
        <ColumnHeads columns={[t('tripPage.item'), t('tripPage.quantity'), t('tripPage.amount')]} />
        <tbody>
          {p.lines.map((l, i) => (
            <tr key={`${i}-${l.label}`}>
              <th scope="row">
                {l.label}
                <span className="trip__price-kind">{t(CATEGORY_KEYS[d.lines[i]?.category ?? 'other'])}</span>
              </th>
              <td>
                {l.quantity} × {money(l.unitMinor, p.currency)} {t(l.basis === 'person' ? 'tripPage.perPerson' : 'tripPage.perGroup')}
              </td>
              <td>{money(l.amountMinor, p.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('tripPage.total')}
            </th>
            <td>{money(p.totalMinor, p.currency)}</td>
          </tr>
        </tfoot>
      </table>
      {converted !== null && d.display && <p className="trip__note">{tParts('tripPage.about', { amount: number(converted), currency: d.display.currency })}</p>}
      <ul className="trip__terms-facts" role="list">
        <li>
          {t('tripPage.depositLabel')}
          <strong>{money(p.depositMinor, p.currency)}</strong>
          {tParts('tripPage.percent', { percent: String(p.depositPercent) })}
        </li>
        <li>
          {t('tripPage.balanceLabel')}
          <strong>{money(p.balanceMinor, p.currency)}</strong>
          {tParts('tripPage.by', { day: longDay(p.balanceDueOn) })}
        </li>
        {!view.booking && (
          <li>
            {t('tripPage.validUntil')}
            <strong>{longDay(d.validUntil)}</strong>
          </li>
        )}
      </ul>
      <p className="trip__pdf">
        <a href={`/trip/${token}/quote.pdf`} className="btn btn--ghost">
          {t(view.booking ? 'tripPage.pdfTrip' : 'tripPage.pdfQuote')}
        </a>
      </p>
    </section>
  );
}

function Included({ view }: { view: TripView }) {
  const d = view.document;
  const t = useT();
  if (!d.included.length && !d.excluded.length) return null;
  return (
    <section className="trip__section trip__lists" aria-label={t('tripPage.includesLabel')}>
      <div>
        <h2>{t('tripPage.included')}</h2>
        <ul>
          {d.included.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
      <div>
        <h2>{t('tripPage.notIncluded')}</h2>
        <ul>
          {d.excluded.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

type ActionResult = { ok: boolean; text: string; field?: string; intent: string; typed?: Record<string, string> } | undefined;

function AcceptForm({ view, result }: { view: TripView; result: ActionResult }) {
  const d = view.document;
  const count = d.travellers.adults + d.travellers.children;
  const typed = result?.intent === 'accept' ? (result.typed ?? {}) : {};
  const busy = useNavigation().state === 'submitting';
  const error = result?.intent === 'accept' && !result.ok ? result.text : null;
  const t = useT();
  const language = usePageLanguage();
  const tParts = useTParts();
  const { longDay, money } = useTripFormat();
  return (
    <section className="trip__section trip__accept" aria-labelledby="trip-accept">
      <h2 id="trip-accept">{t('tripPage.accept')}</h2>
      {view.expired ? (
        <p role="alert">{tParts('tripPage.expired', { day: longDay(d.validUntil) })}</p>
      ) : (
        <Form method="post" className="trip__form" noValidate>
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="language" value={language} />
          <input type="hidden" name="version" value={view.version} />
          {error && (
            <p className="trip__error" role="alert" id="accept-error">
              {error}
            </p>
          )}
          <label className="trip__field">
            <span>{t('tripPage.leadName')}</span>
            <input name="leadName" autoComplete="name" required defaultValue={typed.leadName ?? view.travellerName} aria-describedby={error ? 'accept-error' : undefined} />
          </label>
          <fieldset className="trip__travellers">
            <legend>{tParts('tripPage.names', { count: String(count) })}</legend>
            {Array.from({ length: count }, (_, i) => (
              <label key={i} className="trip__field">
                <span>{tParts('tripPage.traveller', { n: String(i + 1) })}</span>
                <input name={`traveller${i}`} required defaultValue={typed[`traveller${i}`] ?? (i === 0 ? view.travellerName : '')} autoComplete={i === 0 ? 'name' : 'off'} />
              </label>
            ))}
          </fieldset>
          <AcceptTerms terms={d.terms} what={t('tripPage.thisTrip')} />
          <button type="submit" className="btn btn--primary btn--lg" aria-disabled={busy}>
            {tParts('tripPage.acceptButton', { amount: money(view.price.totalMinor, view.price.currency) })}
          </button>
          <p className="trip__note">{t('tripPage.payNothingNow')}</p>
        </Form>
      )}
    </section>
  );
}

/** The booking's state and account; how to pay is the pay panel's, told here only when the panel could not be shown. */
function Booking({ view, payPanel }: { view: TripView; payPanel: boolean }) {
  const b = view.booking!;
  const a = b.account;
  const days = daysBetween(view.today, view.document.travelFrom);
  const t = useT();
  const tParts = useTParts();
  const { longDay, money } = useTripFormat();
  return (
    <section className="trip__section trip__booking" aria-labelledby="trip-booking">
      <p className="eyebrow">{t('tripPage.yourBooking')}</p>
      <h2 id="trip-booking">{t(STATE_KEYS[b.state])}</h2>
      {days >= 0 && (
        <p className="trip__countdown">
          <strong>{days}</strong> {t('tripPage.dayWord', { n: days })}
          {t('tripPage.toGo')}
        </p>
      )}
      <dl className="trip__account">
        <div>
          <dt>{t('tripPage.total')}</dt>
          <dd>{money(a.totalMinor, a.currency)}</dd>
        </div>
        <div>
          <dt>{t('tripPage.paid')}</dt>
          <dd>{money(a.paidMinor, a.currency)}</dd>
        </div>
        <div>
          <dt>{t('tripPage.stillToPay')}</dt>
          <dd>{money(Math.max(0, a.outstandingMinor), a.currency)}</dd>
        </div>
      </dl>
      {a.next ? (
        <p className={a.overdue ? 'trip__due trip__due--late' : 'trip__due'}>
          {t(a.overdue ? 'tripPage.overdue' : 'tripPage.next')}
          {tParts('tripPage.dueWhat', { what: dueWhat(t, a.next.what) })}
          <strong>{money(a.next.amountMinor, a.currency)}</strong>
          {t('tripPage.dueBy')}
          <strong>{longDay(a.next.by)}</strong>.
          {!payPanel && (
            <>
              {' '}
              {t('tripPage.payBy')}
              <strong>{b.reference}</strong>
              {t('tripPage.payByEnd')}
            </>
          )}
        </p>
      ) : (
        <p className="trip__due">{t('tripPage.nothingDue')}</p>
      )}
    </section>
  );
}

export default function Trip({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult;
  if ('failure' in loaderData) return <TripFailure reason={loaderData.failure.reason} />;
  const { view, token, pay, cancelled } = loaderData;
  return (
    <article className="trip">
      <Header view={view} />
      <div className="trip__body">
        {result?.ok && (
          <p className="trip__success" role="status">
            {result.text}
          </p>
        )}
        {view.booking && <Booking view={view} payPanel={Boolean(pay)} />}
        {pay && <PayPanel pay={pay} token={token} cancelled={cancelled} error={result?.intent === 'pay' && !result.ok ? result.text : null} />}
        {view.booking && <TripExtras view={view} token={token} result={result} />}
        <Days view={view} />
        <RouteMap view={view} token={token} />
        <Price view={view} token={token} />
        <Included view={view} />
        {!view.booking && <AcceptForm view={view} result={result} />}
        <Contacts />
      </div>
    </article>
  );
}

function TripExtras({ view, result }: { view: TripView; token: string; result: ActionResult }) {
  const t = useT();
  return (
    <>
      <Manifest view={view} result={result} />
      <section className="trip__section" aria-labelledby="trip-bring">
        <h2 id="trip-bring">{t('tripPage.bring')}</h2>
        <ul className="trip__bring">
          <li>{t('tripPage.bring.passport')}</li>
          <li>{t('tripPage.bring.fever')}</li>
          <li>{t('tripPage.bring.layers')}</li>
          <li>{t('tripPage.bring.boots')}</li>
          <li>{t('tripPage.bring.kit')}</li>
        </ul>
      </section>
    </>
  );
}

function Manifest({ view, result }: { view: TripView; result: ActionResult }) {
  const error = result?.intent === 'manifest' && !result.ok ? result.text : null;
  const t = useT();
  const language = usePageLanguage();
  return (
    <section className="trip__section" aria-labelledby="trip-manifest">
      <h2 id="trip-manifest">{t('tripPage.yourTravellers')}</h2>
      <p>{t('tripPage.manifestLead')}</p>
      <Form method="post" className="trip__form" noValidate>
        <input type="hidden" name="intent" value="manifest" />
        <input type="hidden" name="language" value={language} />
        {error && (
          <p className="trip__error" role="alert">
            {error}
          </p>
        )}
        {view.booking!.travellers.map((p) => (
          <fieldset key={p.position} className="trip__person">
            <legend>{p.name}</legend>
            <label className="trip__field trip__field--age">
              <span>{t('tripPage.age')}</span>
              <input name={`age${p.position}`} inputMode="numeric" defaultValue={p.age ?? ''} />
            </label>
            <label className="trip__field">
              <span>{t('tripPage.diet')}</span>
              <input name={`dietary${p.position}`} defaultValue={p.dietary} placeholder={t('tripPage.dietPlaceholder')} />
            </label>
            <label className="trip__field">
              <span>{t('tripPage.medical')}</span>
              <input name={`medical${p.position}`} defaultValue={p.medical} />
            </label>
          </fieldset>
        ))}
        <button type="submit" className="btn btn--primary">
          {t('tripPage.saveTravellers')}
        </button>
      </Form>
    </section>
  );
}

function Contacts() {
  const t = useT();
  return (
    <section className="trip__section trip__contacts" aria-labelledby="trip-contacts">
      <h2 id="trip-contacts">{t('tripPage.questions')}</h2>
      <ul role="list">
        <li>
          {t('tripPage.phone')}
          <a href={site.phoneHref}>{site.phone}</a>
        </li>
        <li>
          {t('tripPage.whatsapp')}
          <a href={site.whatsappHref}>{site.whatsapp}</a>
        </li>
        <li>
          {t('tripPage.email')}
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>
          {site.legalName}, {site.location}
        </li>
      </ul>
    </section>
  );
}

/** When no booking or quote can be shown: why (a key of the pages' catalogue; none: a failure on our side), in the page's language. */
function TripFailure({ reason }: { reason: string | null }) {
  const t = useT();
  return (
    <section className="form-page" aria-labelledby="trip-error">
      <div className="form-page__card">
        <p className="eyebrow">{t('tripPage.error.eyebrow')}</p>
        <h1 id="trip-error">{t('tripPage.error.heading')}</h1>
        <p className="form-page__lead">{t(reason ?? 'tripPage.error.failure')}</p>
        <p>
          {t('tripPage.error.callUs')}
          <a href={site.phoneHref}>{site.phone}</a>
          {t('tripPage.error.orWrite')}
          <a href={`mailto:${site.email}`}>{site.email}</a>
          {t('tripPage.error.end')}
        </p>
      </div>
    </section>
  );
}

/** A failure while showing the page (the loader's failures are its own view, above). */
export function ErrorBoundary() {
  return <TripFailure reason={null} />;
}
