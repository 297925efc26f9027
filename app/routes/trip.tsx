// /trip/:token — the traveller's private trip page. Before booking: the quote (day by day with
// lodges, the route map, the price and what it includes, validity, terms, the PDF) and "Accept this
// quote". After: the booking's state, what is paid and due and by when, a countdown, what to bring,
// the travellers' details to fill in, and the operator's contacts. Plain forms (no JavaScript
// needed); never cached, never indexed, no Referer sent to other sites (the token is in the address).
import { data, Form, useActionData, useNavigation } from 'react-router';
import { BOOKING_STATE_LABELS, daysBetween, formatMinor } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { BOARD_LABELS, PRICE_CATEGORY_LABELS, quoteRouteDays } from '../../common/quote-document.ts';
import { dayRange, safariRoute } from '../../common/route.ts';
import { site } from '../../common/site.ts';
import { TRIP_MESSAGES, TRIP_PAGE_HEADERS, type TripView } from '../../common/trip-page.ts';
import type { TripPayView } from '../../common/payments.ts';
import { AcceptTerms } from '../components/AcceptTerms.tsx';
import { apiContext } from '../context.ts';
import { tripAction } from './trip-action.ts';
import { PayPanel } from './trip-pay.tsx';
import type { Route } from './+types/trip';
import { ColumnHeads } from '../components/ColumnHeads.tsx';
import './trip.css';
import { formatDate, formatNumber } from '../../common/intl.ts';

const PRIVATE = TRIP_PAGE_HEADERS;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const res = await context.get(apiContext).fetch(`/trip/${encodeURIComponent(params.token)}`, { headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 429) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw data(
      { error: body?.error ?? TRIP_MESSAGES.notFound },
      { status: res.status, headers: { ...PRIVATE, ...(res.headers.get('retry-after') ? { 'Retry-After': res.headers.get('retry-after')! } : {}) } },
    );
  }
  if (!res.ok) throw data({ error: null }, { status: res.status === 503 ? 503 : 500, headers: PRIVATE });
  const view = (await res.json()) as TripView;
  return data({ view, token: params.token, ...(await payOf(context, params.token, view, new URL(request.url))) }, { headers: PRIVATE });
}

/** The pay panel's data once booked (GET /api/trip/{token}/payment); the attempt the provider sent the traveller back from. */
async function payOf(context: Route.LoaderArgs['context'], token: string, view: TripView, url: URL): Promise<{ pay: TripPayView | null; cancelled: boolean }> {
  if (!view.booking) return { pay: null, cancelled: false };
  const attempt = url.searchParams.get('payment');
  const res = await context.get(apiContext).fetch(`/trip/${encodeURIComponent(token)}/payment${attempt ? `?attempt=${encodeURIComponent(attempt)}` : ''}`, { headers: { accept: 'application/json' } });
  return { pay: res.ok ? ((await res.json()) as TripPayView) : null, cancelled: url.searchParams.get('back') === 'cancelled' };
}

export const action = tripAction;

export function headers() {
  return PRIVATE;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.view.document.title} · ${loaderData.view.reference}` : 'Your trip';
  return [{ title: `${title} | ${site.name}` }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'same-origin' }];
}

const longDay = (day: string) => formatDate(day, 'en', 'weekdayLong');
const money = (n: number, c: string) => formatMinor(n, c as Currency);

function Header({ view }: { view: TripView }) {
  const d = view.document;
  const people = `${d.travellers.adults} adult${d.travellers.adults === 1 ? '' : 's'}${d.travellers.children ? `, ${d.travellers.children} child${d.travellers.children === 1 ? '' : 'ren'}` : ''}`;
  return (
    <header className="trip__head">
      <p className="eyebrow eyebrow--light">{view.booking ? `Booking ${view.booking.reference}` : `Your quote ${view.reference}`}</p>
      <h1>{d.title}</h1>
      <ul className="trip__facts" role="list">
        <li>
          <span>Dates</span>
          {longDay(d.travelFrom)} – {longDay(d.travelTo)}
        </li>
        <li>
          <span>Travellers</span>
          {people}
        </li>
        <li>
          <span>Total</span>
          {money(view.price.totalMinor, view.price.currency)}
        </li>
      </ul>
      {d.message && !view.booking && <p className="trip__message">{d.message}</p>}
    </header>
  );
}

function Days({ view }: { view: TripView }) {
  return (
    <section className="trip__section" aria-labelledby="trip-days">
      <p className="eyebrow">Day by day</p>
      <h2 id="trip-days">Your itinerary</h2>
      <ol className="trip__days" role="list">
        {view.document.days.map((day, i) => (
          <li key={`${i}-${day.title}`} className="trip__day">
            <span className="trip__day-num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>
                <span className="sr-only">Day {i + 1}: </span>
                {day.title}
              </h3>
              {day.text && <p>{day.text}</p>}
              <dl className="trip__day-facts">
                {day.lodge && (
                  <div>
                    <dt>Overnight</dt>
                    <dd>
                      {day.lodge.name}
                      {day.lodge.roomType ? `, ${day.lodge.roomType}` : ''} ({BOARD_LABELS[day.lodge.board].toLowerCase()})
                    </dd>
                  </div>
                )}
                {(day.meals.breakfast || day.meals.lunch || day.meals.dinner) && (
                  <div>
                    <dt>Meals</dt>
                    <dd>{[day.meals.breakfast && 'Breakfast', day.meals.lunch && 'Lunch', day.meals.dinner && 'Dinner'].filter(Boolean).join(', ')}</dd>
                  </div>
                )}
                {day.activities.length > 0 && (
                  <div>
                    <dt>Activities</dt>
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
  const route = safariRoute(quoteRouteDays(view.document));
  if (!route.length) return null;
  return (
    <section className="trip__section" aria-labelledby="trip-route">
      <p className="eyebrow">Where you go</p>
      <h2 id="trip-route">Route map</h2>
      <figure className="trip__map">
        <img src={`/trip/${token}/route.svg`} width={400} height={300} alt={`Map of East Africa with the ${route.length} stops of your trip, numbered in the order listed.`} />
        <figcaption>
          <ol className="trip__stops">
            {route.map((s) => (
              <li key={s.number}>
                {s.title} <span>{dayRange(s.days)}</span>
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
  return (
    <section className="trip__section" aria-labelledby="trip-price">
      <p className="eyebrow">The price</p>
      <h2 id="trip-price">Price breakdown</h2>
      <table className="trip__price">
        <caption className="sr-only">Price lines of the quote, in US dollars</caption>
        <ColumnHeads columns={['Item', 'Quantity', 'Amount']} />
        <tbody>
          {p.lines.map((l, i) => (
            <tr key={`${i}-${l.label}`}>
              <th scope="row">
                {l.label}
                <span className="trip__price-kind">{PRICE_CATEGORY_LABELS[d.lines[i]?.category ?? 'other']}</span>
              </th>
              <td>
                {l.quantity} × {money(l.unitMinor, p.currency)} {l.basis === 'person' ? 'per person' : 'per group'}
              </td>
              <td>{money(l.amountMinor, p.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{money(p.totalMinor, p.currency)}</td>
          </tr>
        </tfoot>
      </table>
      {converted !== null && d.display && (
        <p className="trip__note">
          About {formatNumber(converted, 'en')} {d.display.currency} at the rate of the day the quote was made (approximate; billed in USD).
        </p>
      )}
      <ul className="trip__terms-facts" role="list">
        <li>
          Deposit to book: <strong>{money(p.depositMinor, p.currency)}</strong> ({p.depositPercent} %)
        </li>
        <li>
          Balance: <strong>{money(p.balanceMinor, p.currency)}</strong> by {longDay(p.balanceDueOn)}
        </li>
        {!view.booking && (
          <li>
            Valid until <strong>{longDay(d.validUntil)}</strong>
          </li>
        )}
      </ul>
      <p className="trip__pdf">
        <a href={`/trip/${token}/quote.pdf`} className="btn btn--ghost">
          {view.booking ? 'Download your trip (PDF)' : 'Download this quote (PDF)'}
        </a>
      </p>
    </section>
  );
}

function Included({ view }: { view: TripView }) {
  const d = view.document;
  if (!d.included.length && !d.excluded.length) return null;
  return (
    <section className="trip__section trip__lists" aria-label="What the price includes and excludes">
      <div>
        <h2>Included</h2>
        <ul>
          {d.included.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
      <div>
        <h2>Not included</h2>
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
  return (
    <section className="trip__section trip__accept" aria-labelledby="trip-accept">
      <h2 id="trip-accept">Accept this quote</h2>
      {view.expired ? (
        <p role="alert">This quote was valid until {longDay(d.validUntil)}. Contact us and we will send you an updated one.</p>
      ) : (
        <Form method="post" className="trip__form" noValidate>
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="version" value={view.version} />
          {error && (
            <p className="trip__error" role="alert" id="accept-error">
              {error}
            </p>
          )}
          <label className="trip__field">
            <span>Lead traveller’s full name</span>
            <input name="leadName" autoComplete="name" required defaultValue={typed.leadName ?? view.travellerName} aria-describedby={error ? 'accept-error' : undefined} />
          </label>
          <fieldset className="trip__travellers">
            <legend>The names of all {count} travellers, as in their passports</legend>
            {Array.from({ length: count }, (_, i) => (
              <label key={i} className="trip__field">
                <span>Traveller {i + 1}</span>
                <input name={`traveller${i}`} required defaultValue={typed[`traveller${i}`] ?? (i === 0 ? view.travellerName : '')} autoComplete={i === 0 ? 'name' : 'off'} />
              </label>
            ))}
          </fieldset>
          <AcceptTerms terms={d.terms} what="this trip" />
          <button type="submit" className="btn btn--primary btn--lg" aria-disabled={busy}>
            Accept and book for {money(view.price.totalMinor, view.price.currency)}
          </button>
          <p className="trip__note">You pay nothing now: once you have booked, this page shows how to pay the deposit, and the booking is confirmed when it arrives.</p>
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
  return (
    <section className="trip__section trip__booking" aria-labelledby="trip-booking">
      <p className="eyebrow">Your booking</p>
      <h2 id="trip-booking">{BOOKING_STATE_LABELS[b.state]}</h2>
      {days >= 0 && (
        <p className="trip__countdown">
          <strong>{days}</strong> {days === 1 ? 'day' : 'days'} to go
        </p>
      )}
      <dl className="trip__account">
        <div>
          <dt>Total</dt>
          <dd>{money(a.totalMinor, a.currency)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{money(a.paidMinor, a.currency)}</dd>
        </div>
        <div>
          <dt>Still to pay</dt>
          <dd>{money(Math.max(0, a.outstandingMinor), a.currency)}</dd>
        </div>
      </dl>
      {a.next ? (
        <p className={a.overdue ? 'trip__due trip__due--late' : 'trip__due'}>
          {a.overdue ? 'Overdue: ' : 'Next: '}the {a.next.what} of <strong>{money(a.next.amountMinor, a.currency)}</strong> by <strong>{longDay(a.next.by)}</strong>.
          {!payPanel && (
            <>
              {' '}
              Pay by bank transfer or mobile money with the reference <strong>{b.reference}</strong>; we confirm every payment by e-mail.
            </>
          )}
        </p>
      ) : (
        <p className="trip__due">Nothing more is due. Thank you!</p>
      )}
    </section>
  );
}

export default function Trip({ loaderData }: Route.ComponentProps) {
  const { view, token, pay, cancelled } = loaderData;
  const result = useActionData<typeof action>() as ActionResult;
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
  return (
    <>
      <Manifest view={view} result={result} />
      <section className="trip__section" aria-labelledby="trip-bring">
        <h2 id="trip-bring">What to bring</h2>
        <ul className="trip__bring">
          <li>Passport valid for six months after you travel, and your visas (East Africa Tourist Visa or each country’s e-visa)</li>
          <li>Yellow fever vaccination certificate</li>
          <li>Light layers in greens and browns, a warm fleece for the mornings, a rain jacket</li>
          <li>Sturdy walking boots and garden gloves for the gorilla and chimpanzee treks</li>
          <li>Binoculars, a camera with spare batteries, sun cream, insect repellent and your medicines</li>
        </ul>
      </section>
    </>
  );
}

function Manifest({ view, result }: { view: TripView; result: ActionResult }) {
  const error = result?.intent === 'manifest' && !result.ok ? result.text : null;
  return (
    <section className="trip__section" aria-labelledby="trip-manifest">
      <h2 id="trip-manifest">Your travellers</h2>
      <p>Tell us each traveller’s age and anything we should know about food or health: we pass it on to the lodges and your guide, and to no one else.</p>
      <Form method="post" className="trip__form" noValidate>
        <input type="hidden" name="intent" value="manifest" />
        {error && (
          <p className="trip__error" role="alert">
            {error}
          </p>
        )}
        {view.booking!.travellers.map((t) => (
          <fieldset key={t.position} className="trip__person">
            <legend>{t.name}</legend>
            <label className="trip__field trip__field--age">
              <span>Age</span>
              <input name={`age${t.position}`} inputMode="numeric" defaultValue={t.age ?? ''} />
            </label>
            <label className="trip__field">
              <span>Diet</span>
              <input name={`dietary${t.position}`} defaultValue={t.dietary} placeholder="Vegetarian, allergies…" />
            </label>
            <label className="trip__field">
              <span>Medical notes</span>
              <input name={`medical${t.position}`} defaultValue={t.medical} />
            </label>
          </fieldset>
        ))}
        <button type="submit" className="btn btn--primary">
          Save the travellers’ details
        </button>
      </Form>
    </section>
  );
}

function Contacts() {
  return (
    <section className="trip__section trip__contacts" aria-labelledby="trip-contacts">
      <h2 id="trip-contacts">Questions about your trip?</h2>
      <ul role="list">
        <li>
          Phone: <a href={site.phoneHref}>{site.phone}</a>
        </li>
        <li>
          WhatsApp: <a href={site.whatsappHref}>{site.whatsapp}</a>
        </li>
        <li>
          E-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>
          {site.legalName}, {site.location}
        </li>
      </ul>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const text = (error as { data?: { error?: string } } | null)?.data?.error ?? 'Something went wrong on our side. Please try again in a moment.';
  return (
    <section className="form-page" aria-labelledby="trip-error">
      <div className="form-page__card">
        <p className="eyebrow">Your trip</p>
        <h1 id="trip-error">We cannot show this trip</h1>
        <p className="form-page__lead">{text}</p>
        <p>
          Call or WhatsApp us on <a href={site.phoneHref}>{site.phone}</a>, or write to <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      </div>
    </section>
  );
}
