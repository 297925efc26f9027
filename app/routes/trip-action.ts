// The trip page's two forms, posted without JavaScript as well as with it: "Accept this quote" and
// the travellers' details. The fields become the API's JSON (POST /api/trip/{token}/accept and
// /manifest), which makes every check; its sentence comes back to the page, with what was typed.
import { data, redirect } from 'react-router';
import { TRIP_PAGE_HEADERS } from '../../common/trip-page.ts';
import { apiContext } from '../context.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../common/languages.ts';
import { tripPageMessage } from '../i18n/form-messages.server.ts';
import { i18nFor } from '../i18n/index.ts';
import { formEntries, formFields } from '../lib/read-form.ts';
import type { Route } from './+types/trip';

const PRIVATE = TRIP_PAGE_HEADERS;
/** Headers of the traveller's request that the API's cross-site check reads. */
const PASSED_ON = ['origin', 'sec-fetch-site'];

const text = (v: FormDataEntryValue | undefined) => (typeof v === 'string' ? v : '');

function acceptBody(f: Record<string, FormDataEntryValue>) {
  const travellers = Object.keys(f)
    .filter((k) => /^traveller\d{1,2}$/.test(k))
    .sort((a, b) => Number(a.slice(9)) - Number(b.slice(9)))
    .map((k) => text(f[k]));
  return { leadName: text(f.leadName), travellers, acceptTerms: text(f.acceptTerms) === 'yes', version: Number(text(f.version)) || 0 };
}

function manifestBody(f: Record<string, FormDataEntryValue>) {
  const positions = Object.keys(f)
    .filter((k) => /^age\d{1,2}$/.test(k))
    .map((k) => Number(k.slice(3)));
  return {
    travellers: positions.map((position) => {
      const age = text(f[`age${position}`]).trim();
      return { position, age: age === '' ? null : /^\d{1,3}$/.test(age) ? Number(age) : age, dietary: text(f[`dietary${position}`]), medical: text(f[`medical${position}`]) };
    }),
  };
}

/** "Pay the deposit/balance": the method field is `card` or `mobile-money:UGX`. */
function payBody(f: Record<string, FormDataEntryValue>) {
  const [method, currency] = text(f.method).split(':');
  return { what: text(f.what), method: method ?? '', currency: currency || null };
}

export async function tripAction({ request, context, params }: Route.ActionArgs) {
  const form = formEntries(await formFields(request));
  const asked = text(form.intent);
  const intent = asked === 'manifest' || asked === 'pay' ? asked : 'accept';
  const typed = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' && k !== 'intent' ? [[k, v]] : [])));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const h of PASSED_ON) {
    const v = request.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  const body = intent === 'accept' ? acceptBody(form) : intent === 'pay' ? payBody(form) : manifestBody(form);
  const res = await context.get(apiContext).fetch(`/trip/${encodeURIComponent(params.token)}/${intent}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await res.json().catch(() => null)) as { error?: string; message?: string; code?: string; url?: string; reference?: string; email?: string } | null;
  // The provider's hosted page: the traveller pays there and is sent back to this page.
  if (intent === 'pay' && res.ok && answer?.url) return redirect(answer.url, { headers: PRIVATE });
  const words = answerWords(res.ok, intent, answer, text(form.language));
  return data({ ok: res.ok, text: words, intent, typed }, { status: res.ok ? 200 : res.status >= 500 ? res.status : res.status === 429 ? 429 : 400, headers: PRIVATE });
}

/**
 * The API's answer in the language the page was shown in (the forms send it): English as the API
 * says it; another language's from the pages' catalogue (a thank-you, a refusal a traveller can meet).
 */
function answerWords(ok: boolean, intent: 'accept' | 'manifest' | 'pay', answer: { error?: string; message?: string; reference?: string; email?: string } | null, asked: string): string {
  const language = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  const i18n = i18nFor(language);
  const english = ok ? answer?.message : answer?.error;
  if (language === DEFAULT_LANGUAGE) return english ?? i18n._('tripPage.failure');
  if (ok && intent === 'accept') return i18n._('tripPage.accepted', { reference: answer?.reference ?? '', email: answer?.email ?? '' });
  if (ok && intent === 'manifest') return i18n._('tripPage.saved');
  return english ? tripPageMessage(english, language) : i18n._('tripPage.failure');
}
