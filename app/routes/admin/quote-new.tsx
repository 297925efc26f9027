// /admin/quotes/new (?enquiry={id}, ?safari={slug}, ?language={code}): a new quote for a traveller,
// from an enquiry (who, the safari it came from, its language), a safari of the site (its days,
// lodges, stops and price copied in) or a blank itinerary, written in the traveller's language: the
// enquiry's, or the one staff choose when there is none. Saved as a draft, then opened on its own screen.
import { Form, redirect, useActionData, useLoaderData } from 'react-router';
import { LANGUAGES } from '../../../common/languages.ts';
import { blankQuote, quoteFromSafari, withEnquiryTrip } from '../../../common/quote-base.ts';
import type { QuoteChoices, QuoteStart } from '../../../common/quote-admin.ts';
import { documentFromForm } from '../../../common/quote-form.ts';
import { CsrfInput, FormError, LanguageOptions, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields } from '../../lib/read-form.ts';
import { QuoteFields } from './quote-editor.tsx';
import type { Route } from './+types/quote-new';
import './quotes.css';

export function meta() {
  return [{ title: 'New quote | Console' }];
}

/** The start's query: the enquiry, the safari and the language asked for (the API checks them). */
function startQuery(url: URL): string {
  const query = new URLSearchParams();
  for (const name of ['enquiry', 'safari', 'language']) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return query.size ? `?${query}` : '';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [start, choices] = await Promise.all([adminGet<QuoteStart>(context, request, `/quotes/new${startQuery(url)}`), adminGet<QuoteChoices>(context, request, '/quote-choices')]);
  // The operator's day (their time zone), not UTC's.
  const today = choices.today;
  const safari = start.safari;
  return {
    start: { ...start, safariSlug: safari ? safari.slug : null },
    document: withEnquiryTrip(safari ? quoteFromSafari(safari.answer, today, start.language) : blankQuote(today, start.language), start.trip, today),
    safariTitle: safari?.answer.safari.safarititle ?? null,
    choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const f = Object.fromEntries(Object.entries(formEntries(form)).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const json = {
    traveller: { name: f.travellerName ?? '', email: f.travellerEmail ?? '', phone: f.travellerPhone ?? '' },
    enquiryId: f.enquiryId ? Number(f.enquiryId) : null,
    safariSlug: f.safariSlug || null,
    language: f.language || 'en',
    document: documentFromForm(f, await adminGet<QuoteChoices>(context, request, '/quote-choices')),
  };
  const sent = await adminSend<{ id: number }>(context, request, '/quotes', { json, csrf: form.get(CSRF_FIELD) });
  if (sent.ok && sent.data) throw redirect(`/admin/quotes/${sent.data.id}`, { status: 303, headers: { 'cache-control': 'no-store' } });
  return { error: sent.error ?? 'The quote could not be saved.' };
}

/**
 * The language the quote is written in: the enquiry's (said), or chosen when there is none (a small
 * GET form that starts the quote again in that language, the safari's days with it); and a note
 * when the safari has no translation in it, so its days came in English.
 */
function QuoteLanguage({ start, safariTitle }: { start: QuoteStart; safariTitle: string | null }) {
  const name = LANGUAGES[start.language].name;
  return (
    <section className="q-panel q-language" aria-labelledby="q-language">
      <h2 id="q-language">Language</h2>
      {start.enquiryId !== null ? (
        <p>
          Written in <strong>{name}</strong>, the language of enquiry #{start.enquiryId}: the e-mail, the PDF and the trip page are in it too.
        </p>
      ) : (
        <Form method="get" className="q-language__choose">
          {start.safariSlug ? <input type="hidden" name="safari" value={start.safariSlug} /> : null}
          <label className="q-field">
            <span>Written in</span>
            <select name="language" defaultValue={start.language}>
              <LanguageOptions />
            </select>
          </label>
          <button type="submit" className="btn btn--ghost">
            Start again in this language
          </button>
          <p className="q-muted">The e-mail, the PDF and the trip page are in the quote’s language. Starting again fills the days from the safari in it.</p>
        </Form>
      )}
      {start.safari && start.safari.language !== start.language ? (
        <p className="c-alert c-alert--info" role="note">
          The safari “{safariTitle}” has no {name} translation yet: its days are filled in English. Write them in {name} before you send the quote.
        </p>
      ) : null}
    </section>
  );
}

export default function NewQuote() {
  const { start, document, safariTitle, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const lead = safariTitle ? `Based on the safari “${safariTitle}”: change anything before you send it.` : 'A blank itinerary: add the days and the price lines.';
  return (
    <>
      <PageHead title="New quote" lead={lead} />
      <QuoteLanguage start={start} safariTitle={safariTitle} />
      {/* Keyed by the language: starting again in another one fills the fields anew. */}
      <Form method="post" className="q-form" key={start.language}>
        <CsrfInput />
        <input type="hidden" name="enquiryId" value={start.enquiryId ?? ''} />
        <input type="hidden" name="safariSlug" value={start.safariSlug ?? ''} />
        <input type="hidden" name="language" value={start.language} />
        <FormError>{result?.error}</FormError>
        <fieldset className="q-group">
          <legend>The traveller</legend>
          <label className="q-field">
            <span>Name</span>
            <input name="travellerName" defaultValue={start.traveller.name} required />
          </label>
          <label className="q-field">
            <span>E-mail</span>
            <input name="travellerEmail" type="email" defaultValue={start.traveller.email} required />
          </label>
          <label className="q-field">
            <span>Phone</span>
            <input name="travellerPhone" defaultValue={start.traveller.phone} />
          </label>
          {start.message && <p className="q-field--wide q-muted">Their enquiry: “{start.message}”</p>}
        </fieldset>
        <QuoteFields doc={document} choices={choices} />
        <button type="submit" className="btn btn--primary">
          Save the draft
        </button>
      </Form>
    </>
  );
}
