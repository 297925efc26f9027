// /safaris/:slug/departures/:id — booking seats on a group departure, with no quote: how many
// seats (travellers), their names, the lead traveller's contact, the terms. The booking is made
// at once and the traveller lands on the private trip page, where the deposit is paid; the seats
// are held for 30 minutes meanwhile. Plain forms (no JavaScript needed: the seats' form reloads
// the page with as many name fields); never cached, never indexed (the seats change).
import { type FormEvent, useState } from 'react';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useActionData, useNavigation, useSubmit } from 'react-router';
import { formatMinor, type PriceLineInput, priceOf } from '../../common/booking-money.ts';
import { HOLD_MINUTES, type DepartureForBooking } from '../../common/departures.ts';
import { formatDate } from '../../common/intl.ts';
import { languageOfPath } from '../../common/languages.ts';
import { keyOf, useT, useTParts } from '../i18n/pages.ts';
import { i18nFor } from '../i18n/index.ts';
import { departureMessage } from '../i18n/form-messages.server.ts';
import { useFormat } from '../lib/format.ts';
import { site } from '../../common/site.ts';
import { AcceptTerms } from '../components/AcceptTerms.tsx';
import { apiContext } from '../context.ts';
import { api, notFound } from '../lib/load.ts';
import { postWithBody, sentBack } from '../lib/form-submit.ts';
import { useFormToken } from '../lib/form-token.ts';
import { formFields, formTexts } from '../lib/read-form.ts';
import { HoneyPot } from '../components/Field.tsx';
import { seatsWords, STATUS_KEYS } from '../components/SafariDepartures.tsx';
import type { Route } from './+types/departure-book';
import './trip.css';
import { languageOfForm, useLocalLink } from '../lib/languages.ts';

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } as const;
/** At most this many seats in one booking from the page (a bigger group asks us). */
const MAX_ONLINE_SEATS = 12;

/** The page's formats: its long days and its money, in the page's language (common/intl.ts). */
function useBookFormat() {
  const { language, day } = useFormat();
  return { long: (d: string) => day(d, 'full'), money: (minor: number, currency: DepartureForBooking['currency']) => formatMinor(minor, currency, language) };
}
const text = (v: FormDataEntryValue | undefined) => (typeof v === 'string' ? v : '');

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const d = await api<DepartureForBooking & { onSale: boolean }>(context, `/departures/${encodeURIComponent(params.id)}`);
  if (d.safariSlug !== params.slug) notFound();
  const most = Math.max(1, Math.min(d.seatsLeft, MAX_ONLINE_SEATS));
  const asked = Number(new URL(request.url).searchParams.get('seats'));
  const seats = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, most) : Math.min(2, most);
  return data({ departure: d, seats, most }, { headers: PRIVATE });
}

/** Never kept; a refusal for too many requests or an outage says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retry = actionHeaders.get('retry-after');
  return retry ? { ...PRIVATE, 'Retry-After': retry } : PRIVATE;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const d = loaderData?.departure;
  const language = languageOfPath(location.pathname);
  const i18n = i18nFor(language);
  const title = d ? i18n._('book.pageTitle', { title: d.safariTitle, day: formatDate(d.startsOn, language, 'full') }) : i18n._('book.pageTitleShort');
  return [{ title: `${title} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

function bookingBody(f: Record<string, string>) {
  const travellers = Object.keys(f)
    .filter((k) => /^traveller\d{1,2}$/.test(k))
    .sort((a, b) => Number(a.slice(9)) - Number(b.slice(9)))
    .map((k) => text(f[k]));
  return { travellers, leadName: travellers[0] ?? '', singleRooms: Number(text(f.singleRooms)) || 0, email: text(f.email).trim(), phone: text(f.phone), acceptTerms: text(f.acceptTerms) === 'yes' };
}

/**
 * Hands the booking to the API (POST /api/departures/:id/book), which checks it like the enquiry
 * form (app/lib/form-submit.ts): booked, the private trip page; refused, the form again with the
 * visitor's values, the API's words and status (a 429 or 503 with its Retry-After) and a form
 * token (a fresh one, and "press the button to confirm", when the token was missing or spent).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const typed = formTexts(await formFields(request));
  const api = context.get(apiContext);
  // The booking is in the language of the page it was made on (the page posts to itself).
  const language = languageOfForm(request);
  const fields = { ...bookingBody(typed), formToken: typed.formToken ?? '', website: typed.website ?? '', language };
  const { answer, body } = await postWithBody(api, request, `/departures/${encodeURIComponent(params.id)}/book`, fields);
  if (answer.ok && typeof body?.tripPath === 'string') return redirect(body.tripPath, { headers: PRIVATE });
  const i18n = i18nFor(language);
  const said = { ...answer, ...(answer.text ? { text: departureMessage(answer.text, language) } : {}) };
  const words = { button: i18n._('book.button', { seats: fields.travellers.length }), failure: i18n._('book.failure'), language };
  const { result, status, headers } = await sentBack(api, said, fields.formToken, words);
  return data({ ...result, typed }, { status, headers: { ...PRIVATE, ...headers } });
}

/** After a refused booking the page keeps what it shows; after an outage or a refusal for too many requests it asks nothing more of the server. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 503 || actionStatus === 429) return false;
  return defaultShouldRevalidate;
}

function Summary({ d, seats, singles }: { d: DepartureForBooking; seats: number; singles: number }) {
  const t = useT();
  const tParts = useTParts();
  const f = useBookFormat();
  const lines: PriceLineInput[] = [{ label: 'Seats', basis: 'person', unitMinor: d.priceMinor }];
  const withSingles = singles > 0 && d.singleSupplementMinor > 0;
  if (withSingles) lines.push({ label: 'Single rooms', basis: 'person', unitMinor: d.singleSupplementMinor, quantity: singles });
  const price = priceOf({ currency: d.currency, lines, travellers: { adults: seats, children: 0 }, depositPercent: d.depositPercent, travelFrom: d.startsOn });
  return (
    <ul className="trip__terms-facts" role="list" aria-live="polite">
      <li>
        {seats} {t('book.seatWord', { n: seats })}
        {t('book.times')}
        {f.money(d.priceMinor, d.currency)}
        {withSingles && t('book.singlesTimes', { count: singles, price: f.money(d.singleSupplementMinor, d.currency) })}: <strong>{f.money(price.totalMinor, d.currency)}</strong>
      </li>
      <li>
        {t('book.depositLabel')}
        <strong>{f.money(price.depositMinor, d.currency)}</strong>
        {tParts('book.depositRest', { percent: String(price.depositPercent), day: f.long(price.balanceDueOn) })}
      </li>
    </ul>
  );
}

function Header({ d }: { d: DepartureForBooking }) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const f = useBookFormat();
  return (
    <header className="trip__head">
      <p className="eyebrow eyebrow--light">{t('book.eyebrow')}</p>
      <h1>{tParts('book.title', { days: String(d.safariDays), title: d.safariTitle })}</h1>
      <ul className="trip__facts" role="list">
        <li>
          <span>{t('book.dates')}</span>
          {d.endsOn === d.startsOn ? f.long(d.startsOn) : `${f.long(d.startsOn)} – ${f.long(d.endsOn)}`}
        </li>
        <li>
          <span>{t('book.perPerson')}</span>
          {f.money(d.priceMinor, d.currency)}
          {d.singleSupplementMinor > 0 ? t('book.singleFrom', { price: f.money(d.singleSupplementMinor, d.currency) }) : ''}
        </li>
        <li>
          <span>{t('book.seats')}</span>
          {seatsWords(d, t)} · {t(keyOf(STATUS_KEYS, d.status))}
        </li>
        {d.guide && (
          <li>
            <span>{t('book.guide')}</span>
            <Link to={local(`/guides/${d.guide.slug}`)}>{d.guide.name}</Link>
          </li>
        )}
      </ul>
    </header>
  );
}

/** How many seats: a GET form, so the page comes back with as many name fields (at once with JavaScript). */
function SeatsForm({ seats, most }: { seats: number; most: number }) {
  const submit = useSubmit();
  const t = useT();
  return (
    <Form method="get" className="departure-seats" preventScrollReset replace onChange={(e) => submit(e.currentTarget, { method: 'get', preventScrollReset: true, replace: true })}>
      <label className="trip__field">
        <span>{t('book.howMany')}</span>
        <select name="seats" defaultValue={seats} key={seats} className="select">
          {Array.from({ length: most }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1} {t('book.seatWord', { n: i + 1 })}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn--ghost btn--sm">
        {t('book.change')}
      </button>
    </Form>
  );
}

function Travellers({ count, typed }: { count: number; typed: Record<string, string> }) {
  const t = useT();
  return (
    <fieldset className="trip__travellers">
      <legend>
        {t('book.namesOf')}
        {t('book.travellersCount', { count })}
        {t('book.namesEnd')}
      </legend>
      {Array.from({ length: count }, (_, i) => (
        <label key={i} className="trip__field">
          <span>{i === 0 ? t('book.leadTraveller') : t('book.traveller', { n: String(i + 1) })}</span>
          <input name={`traveller${i}`} required defaultValue={typed[`traveller${i}`] ?? ''} autoComplete={i === 0 ? 'name' : 'off'} />
        </label>
      ))}
    </fieldset>
  );
}

type Refused = Extract<NonNullable<ReturnType<typeof useActionData<typeof action>>>, { ok: false }>;

/**
 * The booking form: the travellers, the rooms, the lead traveller's contact, the price and the
 * terms, with the enquiry form's defences (a form token asked for when the visitor goes into the
 * form, a honeypot). A submit that comes before its token waits for it (five seconds at most).
 */
function BookForm({ d, seats, result }: { d: DepartureForBooking; seats: number; result: Refused | undefined }) {
  const typed = result?.typed ?? {};
  const token = useFormToken(result?.token);
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const [singles, setSingles] = useState(Math.min(Number(typed.singleRooms) || 0, seats));
  const t = useT();
  const tParts = useTParts();
  const f = useBookFormat();
  const withToken = (e: FormEvent<HTMLFormElement>) => {
    if (token.value) return;
    e.preventDefault();
    const fields = new FormData(e.currentTarget);
    void token.get().then((t) => {
      fields.set('formToken', t ?? '');
      submit(fields, { method: 'post' });
    });
  };
  return (
    <Form method="post" className="trip__form" noValidate onFocus={token.engage} onSubmit={withToken}>
      <input type="hidden" name="formToken" value={token.value ?? ''} />
      <HoneyPot id="book-website" />
      {result && (
        <p className="trip__error" role="alert" id="book-error">
          {result.error}
        </p>
      )}
      <Travellers count={seats} typed={typed} />
      {d.singleSupplementMinor > 0 && (
        <label className="trip__field">
          <span>{tParts('book.singleRooms', { price: f.money(d.singleSupplementMinor, d.currency) })}</span>
          <select name="singleRooms" className="select" value={singles} onChange={(e) => setSingles(Number(e.target.value))}>
            {Array.from({ length: seats + 1 }, (_, i) => (
              <option key={i} value={i}>
                {i === 0 ? t('book.noSingles') : t('book.singleCount', { count: i })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="trip__field">
        <span>{t('book.email')}</span>
        <input type="email" name="email" autoComplete="email" required defaultValue={typed.email ?? ''} aria-describedby={result ? 'book-error' : undefined} />
      </label>
      <label className="trip__field">
        <span>{t('book.phone')}</span>
        <input type="tel" name="phone" autoComplete="tel" defaultValue={typed.phone ?? ''} />
      </label>
      <Summary d={d} seats={seats} singles={singles} />
      <AcceptTerms terms={d.terms} what={t('book.theseSeats')} />
      <button type="submit" className="btn btn--primary btn--lg" aria-disabled={busy}>
        {t('book.button', { seats })}
      </button>
      <p className="trip__note">{tParts('book.next', { minutes: String(HOLD_MINUTES) })}</p>
    </Form>
  );
}

export default function DepartureBook({ loaderData }: Route.ComponentProps) {
  const { departure: d, seats, most } = loaderData;
  const answer = useActionData<typeof action>();
  const result = answer && !answer.ok ? answer : undefined;
  const t = useT();
  return (
    <article className="trip">
      <Header d={d} />
      <div className="trip__body">
        <section className="trip__section trip__accept" aria-labelledby="book-title">
          <p className="eyebrow">{t('book.noQuote')}</p>
          <h2 id="book-title">{t('book.heading')}</h2>
          {!d.onSale ? (
            <p role="alert">{t('book.full')}</p>
          ) : (
            <>
              <SeatsForm seats={seats} most={most} />
              <BookForm key={result ? `${result.error}${result.token}` : 'new'} d={d} seats={seats} result={result} />
            </>
          )}
        </section>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const local = useLocalLink();
  const t = useT();
  return (
    <section className="form-page" aria-labelledby="book-error-title">
      <div className="form-page__card">
        <p className="eyebrow">{t('book.eyebrow')}</p>
        <h1 id="book-error-title">{t('book.notOnSale')}</h1>
        <p className="form-page__lead">{t('book.notOnSaleLead')}</p>
        <p>
          <Link to={local('/safaris')}>{t('book.allSafaris')}</Link>
          {t('book.callUs')}
          <a href={site.phoneHref}>{site.phone}</a>.
        </p>
      </div>
    </section>
  );
}
