// /enquiry: the action every enquiry form posts to, with or without JavaScript (the enhanced
// form through a fetcher). It hands the fields to the API (POST /api/plan-a-safari), where every
// check is made (app/lib/form-submit.ts). Without JavaScript the page answers with the form again
// (the message, the visitor's values, a form token) or redirects to the thank-you view (so
// reloading does not send the enquiry twice). A post without a good token is sent back with a
// fresh one and a "press the button to confirm" message: the second post goes through. This page
// is never kept in a cache (no-store); cached pages carry no token.
import { data, Link, redirect, useActionData, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD, type ContactMethod } from '../../common/constants.ts';
import { TRIP_FIELDS, type TripValues } from '../../common/enquiry-trip.ts';
import { site } from '../../common/site.ts';
import { EnquiryForm, SUBMIT_KEYS, type EnquiryValues, type EnquiryVariant } from '../components/EnquiryForm.tsx';
import { SentMark } from '../components/FormDialog.tsx';
import { languageOfPath } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';
import { useT } from '../i18n/pages.ts';
import { apiContext } from '../context.ts';
import { postToApi, reachServer, sentBack } from '../lib/form-submit.ts';
import { formText, readFields } from '../lib/read-form.ts';
import { safariChoices } from '../lib/safari-choices.ts';
import type { Route } from './+types/enquiry';
import { languageOfForm, pathIn, useLocalPath } from '../lib/languages.ts';

const VARIANTS: EnquiryVariant[] = ['contact', 'plan', 'quote', 'home'];
const variantOf = (v: unknown): EnquiryVariant => (VARIANTS.includes(v as EnquiryVariant) ? (v as EnquiryVariant) : 'plan');

/** The enquiry form's fields as posted: every check is the API's (common/validation.ts), in the spec's order. */
const ENQUIRY_FORM = z.object({
  variant: formText,
  name: formText,
  email: formText,
  phone: formText,
  country: formText,
  message: formText,
  preferredContactMethod: formText,
  formToken: formText,
  currentUrl: formText,
  website: formText,
  enhanced: formText,
  // The trip (plan and quote forms): checked by the API too.
  safari: formText,
  travelFrom: formText,
  travelTo: formText,
  travelMonth: formText,
  adults: formText,
  children: formText,
  childAges: formText,
  budget: formText,
});

export async function action({ request, context }: Route.ActionArgs) {
  const f = await readFields(request, ENQUIRY_FORM);
  const variant = variantOf(f.variant);
  // The language of this page (/enquiry, /fr/demande…): its answer's words and its thank-you page's address.
  const language = languageOfPath(new URL(request.url).pathname);
  const method = f.preferredContactMethod;
  const values: EnquiryValues = {
    name: f.name,
    email: f.email,
    phone: f.phone,
    country: f.country,
    message: f.message,
    preferredContactMethod: CONTACT_METHODS.includes(method as ContactMethod) ? (method as ContactMethod) : DEFAULT_CONTACT_METHOD,
  };
  const trip = Object.fromEntries(TRIP_FIELDS.map((k) => [k, f[k]])) as TripValues;
  const formToken = f.formToken;
  // The page the form was on: sent with the form (a form shown again here keeps its first page's).
  const sentFrom = f.currentUrl || request.headers.get('referer') || '';
  const currentUrl = sentFrom.length <= 2048 ? sentFrom : '';
  const api = context.get(apiContext);
  const answer = await postToApi(api, request, '/plan-a-safari', {
    ...values,
    ...trip,
    preferredContactMethod: method,
    currentUrl,
    website: f.website,
    formToken,
    language: languageOfForm(request, currentUrl),
  });
  if (answer.ok) {
    if (f.enhanced === '1') return { ok: true as const };
    throw redirect(`${pathIn('/enquiry', language)}?sent=${variant}`, 303);
  }
  const i18n = i18nFor(language);
  const { result, status, headers } = await sentBack(api, answer, formToken, { button: i18n._(SUBMIT_KEYS[variant]), failure: i18n._('enquiry.serverFailure'), language });
  const safaris = variant === 'plan' ? await safariChoices(context, language).catch(() => undefined) : undefined;
  return data({ ...result, values, variant, trip, currentUrl, safaris }, { status, headers });
}

/** The enhanced form's post: a network or server failure becomes the form's alert, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reachServer(serverAction);
}

export function meta({ location }: Route.MetaArgs) {
  const sent = new URLSearchParams(location.search).has('sent');
  return [{ title: `${sent ? 'Thank you' : 'Plan your safari'} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function Enquiry() {
  const [params] = useSearchParams();
  const sent = params.has('sent') ? variantOf(params.get('sent')) : null;
  const answer = useActionData<typeof action>();
  // The answer to a post made without JavaScript (an enhanced form keeps its answer to itself).
  const result = answer && 'values' in answer ? answer : undefined;
  const t = useT();
  const localPath = useLocalPath();

  if (sent && !result) {
    const home = sent === 'home';
    return (
      <section className="form-page form-page--thanks" aria-labelledby="enquiry-title">
        <div className="form-page__card">
          <SentMark />
          <h1 id="enquiry-title">{t(home ? 'enquiry.homeTitle' : 'enquiry.thanksTitle')}</h1>
          <p className="form-page__lead">{t(home ? 'enquiry.homeText' : 'enquiry.thanksText')}</p>
          <p>{t('enquiry.mailSent')}</p>
          <div className="form-page__actions">
            <Link className="btn btn--primary" to={localPath('/blogs')}>
              {t('enquiry.readStories')}
            </Link>
            <Link className="btn btn--ghost" to={localPath('/safaris')}>
              {t('enquiry.browseSafaris')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="form-page" aria-labelledby="enquiry-title">
      <div className="form-page__card form-page__card--wide">
        <p className="eyebrow">{t('enquiry.eyebrow')}</p>
        <h1 id="enquiry-title">{t(result ? (result.kind === 'confirm' ? 'enquiry.confirmTitle' : 'enquiry.checkTitle') : 'enquiry.title')}</h1>
        <p className="form-page__lead">
          {t('enquiry.pageLead')}
          <a href={site.phoneHref}>{site.phone}</a>
          {t('enquiry.pageLeadEnd')}
        </p>
        <EnquiryForm
          key={result ? JSON.stringify(result.values) + result.error + result.token : 'empty'}
          variant={result?.variant === 'home' ? 'home' : (result?.variant ?? 'plan')}
          initialValues={result?.values}
          serverError={result?.error}
          serverErrorField={result?.field}
          initialToken={result?.token}
          currentUrl={result?.currentUrl || undefined}
          initialTrip={result?.trip}
          safaris={result?.safaris}
        />
      </div>
    </section>
  );
}
