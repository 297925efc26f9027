// POST /plan-a-safari: the enquiry of the contact page, the plan-a-safari page, the safari quote
// overlay and the home page (spec points 3, 5, 7 and 8). Every enquiry comes this way: the
// pages' forms, with or without JavaScript, post to the /enquiry page action, which calls this
// resource with the visitor's fields (app/routes/enquiry.tsx); so every check is made here, in
// this order: cross-site, size, field types, honeypot, the rules of common/validation.ts, the
// form token (fill time, lifetime, forgery), then in one transaction the token is spent, the
// rate limits counted, and the enquiry and the two e-mails it causes stored before the 201.
// POST /form-token hands out form tokens (a POST: GET answers are cached).
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { formLanguage, type Language } from '../../common/languages.ts';
import { tripFailureMessage } from '../../app/i18n/form-messages.server.ts';
import { tripSchema } from '../../common/enquiry-forms.ts';
import { sourceOfPage, type EnquirySource } from '../../common/enquiry-inbox.ts';
import { TRIP_FIELDS, TRIP_MESSAGES, tripLines, type Trip } from '../../common/enquiry-trip.ts';
import { firstIssue } from '../../common/staff.ts';
import { validateEnquiry } from '../../common/validation.ts';
import type { Db } from '../db/index.ts';
import { safaris } from '../db/schema.ts';
import { enquiries } from '../db/schema-enquiries.ts';
import { readOperatorTimeZone } from '../auth/content-access.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type EnquiryContext, operatorNotification, visitorAcknowledgement } from '../mail/templates.ts';
import { limitKey, sourceOf, type ProxyTrust } from '../http/client-address.ts';
import type { FormTokens } from '../spam/form-token.ts';
import { consume } from '../spam/rate-limit.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { checkFormToken, formBodyLimit, HONEYPOT_MESSAGE, invalidForm, readJsonFields, spendFormToken, tooMany, USER_AGENT_MAX, type SpamSettings } from './forms-http.ts';
import { deps, type ApiContext, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';

export interface FormsApiOptions {
  siteUrl: string;
  operatorEmail: string;
  mailFrom: string;
  messageIdDomain: string;
  spam: SpamSettings;
  tokens: FormTokens;
  /** Which peers' X-Forwarded-* headers are believed (TRUST_PROXY). */
  trust: ProxyTrust;
  /** Called after mail was queued, to wake the worker. */
  onQueued(): void;
}

const ENQUIRY_FIELDS = ['name', 'email', 'phone', 'country', 'message', 'preferredContactMethod', 'currentUrl', 'website', 'formToken', 'language'] as const;

/**
 * The trip's fields of the body readJsonFields read (Hono keeps it): numbers and the ages' list
 * as JSON sends them, or text as a form does. Checked by the trip's rules (a 400 names the field).
 */
async function readTrip(c: ApiContext, language: Language): Promise<Trip> {
  const raw = await c.req.text();
  let body: Record<string, unknown> = {};
  if (raw.trimStart().startsWith('{')) body = JSON.parse(raw) as Record<string, unknown>;
  else {
    const params = new URLSearchParams(raw);
    body = Object.fromEntries(TRIP_FIELDS.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
  }
  const picked = Object.fromEntries(TRIP_FIELDS.filter((k) => Object.hasOwn(body, k)).map((k) => [k, body[k]]));
  const parsed = tripSchema().safeParse(picked);
  if (parsed.success) return parsed.data;
  const issue = firstIssue(parsed.error);
  throw new HttpError(400, tripFailureMessage(issue.message, language), undefined, `invalid-${issue.field ?? 'trip'}`);
}

type SafariRef = { id: number; title: string; slug: string };

async function safariBySlug(db: Db, slug: string | null): Promise<SafariRef | null> {
  if (!slug) return null;
  const [row] = await db.select({ id: safaris.id, title: safaris.safarititle, slug: safaris.safarititleslug }).from(safaris).where(eq(safaris.safarititleslug, slug));
  return row ?? null;
}

/**
 * The enquiry's safari and source: the safari the visitor chose (an unknown one is a 400), else
 * the one of the page it was sent from. Sent from a safari's quote form (the safari's page, or the
 * plan-a-safari page its "Get a free quote" link opens), its source is "Safari quote".
 */
/** The trip for the e-mails: the operator's lines, and the trip itself for the traveller's language. */
function tripContext(trip: Trip, safari: SafariRef | null): Pick<EnquiryContext, 'trip' | 'travel'> {
  const asked = { ...trip, safari: safari?.slug ?? null };
  return { trip: tripLines(asked, safari?.title), travel: { trip: asked, safariTitle: safari?.title } };
}

async function safariAndSource(db: Db, chosen: string | null, pageUrl: string | null, language: Language): Promise<{ safari: SafariRef | null; source: EnquirySource }> {
  const from = sourceOfPage(pageUrl);
  const [picked, ofPage] = await Promise.all([safariBySlug(db, chosen), safariBySlug(db, from.safariSlug)]);
  if (chosen && !picked) throw new HttpError(400, tripFailureMessage(TRIP_MESSAGES.unknownSafari, language), undefined, 'invalid-safari');
  return { safari: picked ?? ofPage, source: ofPage ? 'safari' : from.source };
}

export function enquiriesApi(opts: FormsApiOptions) {
  const app = new Hono<ApiEnv>();

  app.post('/form-token', refuseCrossSite(opts.siteUrl, opts.trust), async (c) => c.json({ token: await opts.tokens.issue() }, 200, { 'cache-control': 'no-store' }));

  app.post('/plan-a-safari', refuseCrossSite(opts.siteUrl, opts.trust), formBodyLimit(), async (c) => {
    const body = await readJsonFields(c, ENQUIRY_FIELDS);
    if (body.website?.trim()) throw new HttpError(400, HONEYPOT_MESSAGE);

    const checked = validateEnquiry(body);
    if (!checked.ok) throw invalidForm(checked, body.language);
    const enquiry = checked.value;
    const language = formLanguage(body.language);
    if (!language.ok) throw new HttpError(400, language.error, undefined, 'invalid-language');
    const trip = await readTrip(c, language.value);
    const token = await checkFormToken(opts.tokens, opts.spam, body.formToken);

    const clientIp = sourceOf(c, opts.trust).address;
    const userAgent = c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) || null;
    // A path is stored as an address on the site.
    const pageUrl = enquiry.currentUrl ? new URL(enquiry.currentUrl, opts.siteUrl).toString() : refererOf(c.req.header('referer'));

    const { db } = deps(c);
    // Its safari and where it was sent from (for the inbox).
    const { safari, source } = await safariAndSource(db, trip.safari, pageUrl, language.value);
    const saved = await db.transaction(async (tx) => {
      await spendFormToken(tx, opts.tokens, token);
      if (opts.spam.enabled) {
        if (clientIp) {
          const r = await consume(tx, 'enquiry-ip', limitKey(clientIp), opts.spam.limits.enquiryPerIp);
          if (!r.ok) throw tooMany('enquiries from your connection', r.retryAfterSeconds);
        }
        const r = await consume(tx, 'enquiry-email', enquiry.email, opts.spam.limits.enquiryPerEmail);
        if (!r.ok) throw tooMany('enquiries for this e-mail address', r.retryAfterSeconds);
      }
      const [row] = await tx
        .insert(enquiries)
        .values({
          name: enquiry.name,
          email: enquiry.email,
          phone: enquiry.phone,
          country: enquiry.country,
          message: enquiry.message,
          preferred_contact_method: enquiry.preferredContactMethod,
          page_url: pageUrl,
          language: language.value,
          client_ip: clientIp,
          user_agent: userAgent,
          safari_id: safari?.id ?? null,
          source,
          safari: safari?.slug ?? null,
          travel_from: trip.travelFrom,
          travel_to: trip.travelTo,
          travel_month: trip.travelMonth,
          adults: trip.adults,
          children: trip.children,
          child_ages: trip.childAges,
          budget: trip.budget,
        })
        .returning({ id: enquiries.id, created_at: enquiries.created_at });
      const ctx = { id: row!.id, receivedAt: new Date(row!.created_at), clientIp, userAgent, pageUrl, ...tripContext(trip, safari) };
      const mailOpts = { from: opts.mailFrom, operatorEmail: opts.operatorEmail, timeZone: await readOperatorTimeZone(tx) };
      await enqueueMail(tx, opts.messageIdDomain, [
        { kind: 'enquiry-operator', enquiryId: row!.id, message: operatorNotification(enquiry, ctx, mailOpts) },
        { kind: 'enquiry-acknowledgement', enquiryId: row!.id, message: visitorAcknowledgement(enquiry, ctx, { ...mailOpts, language: language.value }) },
      ]);
      return row!;
    });
    opts.onQueued();
    return c.json({ id: saved.id, message: 'Thank you! Your enquiry has been received. We will get back to you shortly.' }, 201, { 'cache-control': 'no-store' });
  });

  return app;
}

function refererOf(value: string | undefined): string | null {
  if (!value || value.length > 2048) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
