// The newsletter: POST /admin/clients subscribes (public, the only public /admin path), with double
// opt-in; the footer form and the /newsletter page post to the /newsletter page action, which
// calls it (app/routes/newsletter.tsx), so its checks (those of the enquiries, server/api/
// enquiries.ts) are made here only. The answer is the same whether the address is new, waiting
// for confirmation, confirmed or unsubscribed. POST /newsletter/confirm confirms from the page the
// e-mail links to; POST /newsletter/unsubscribe unsubscribes, from the page or one-click from a
// mail client (RFC 8058).
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { validateSubscriber } from '../../common/validation.ts';
import { newsletterSubscribers } from '../db/schema-enquiries.ts';
import { hashToken as hash, newToken, queueConfirmation, TOKEN_SHAPE } from '../newsletter/confirmation.ts';
import { tombstones } from '../newsletter/tombstones.ts';
import { unsubscribeByToken } from '../newsletter/unsubscribe.ts';
import { limitKey, sourceOf } from '../http/client-address.ts';
import { consume } from '../spam/rate-limit.ts';
import type { FormsApiOptions } from './enquiries.ts';
import { refuseCrossSite } from '../http/cross-site.ts';
import { checkFormToken, formBodyLimit, HONEYPOT_MESSAGE, invalidForm, readJsonFields, spendFormToken, tooMany, USER_AGENT_MAX } from './forms-http.ts';
import { deps, type ApiContext, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { formLanguage } from '../../common/languages.ts';

/** A pending subscriber who subscribes again gets a new confirmation e-mail at most this often. */
const RESEND_AFTER_MS = 10 * 60_000;

export const SUBSCRIBED_MESSAGE = 'Subscription successful! Please check your inbox and confirm your subscription.';

/** Subscribes, with double opt-in: the same answer whatever the address's state. */
async function subscribe(c: ApiContext, opts: FormsApiOptions) {
  const body = await readJsonFields(c, ['fullName', 'email', 'website', 'formToken', 'language'] as const);
  if (body.website?.trim()) throw new HttpError(400, HONEYPOT_MESSAGE);
  const checked = validateSubscriber(body);
  if (!checked.ok) throw invalidForm(checked, body.language);
  const language = formLanguage(body.language);
  if (!language.ok) throw new HttpError(400, language.error, undefined, 'invalid-language');
  const s = checked.value;
  const token = await checkFormToken(opts.tokens, opts.spam, body.formToken);
  const emailKey = s.email.toLowerCase();
  const clientIp = sourceOf(c, opts.trust).address;
  const userAgent = c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) || null;

  const { db } = deps(c);
  const graves = tombstones(db);
  await graves.ready();
  const outcome = await db.transaction(async (tx) => {
    await spendFormToken(tx, opts.tokens, token);
    if (opts.spam.enabled) {
      if (clientIp) {
        const r = await consume(tx, 'subscribe-ip', limitKey(clientIp), opts.spam.limits.subscribePerIp);
        if (!r.ok) throw tooMany('subscriptions from your connection', r.retryAfterSeconds);
      }
      const r = await consume(tx, 'subscribe-email', emailKey, opts.spam.limits.subscribePerEmail);
      if (!r.ok) throw tooMany('subscription requests for this e-mail address', r.retryAfterSeconds);
    }
    // Someone erased at their request who signs up again themselves gives their consent afresh:
    // the tombstone that kept imports from bringing them back goes (they are pending until they
    // confirm, like anyone else).
    await graves.lift(tx, emailKey);
    // Placeholder token hashes are replaced by queueConfirmation in the same transaction.
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({
        full_name: s.fullName,
        email: s.email,
        email_key: emailKey,
        confirm_token_hash: `new:${newToken()}`,
        unsubscribe_token_hash: `new:${newToken()}`,
        client_ip: clientIp,
        user_agent: userAgent,
        language: language.value,
      })
      .onConflictDoNothing({ target: newsletterSubscribers.email_key })
      .returning({ id: newsletterSubscribers.id });
    if (created) {
      await queueConfirmation(tx, opts, created.id, { ...s, language: language.value });
      return 'mailed' as const;
    }
    const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email_key, emailKey)).for('update');
    // A confirmed subscriber gets no e-mail: anyone may type their address, as often as the limits allow.
    if (!existing || existing.status === 'confirmed') return 'nothing' as const;
    const recentlySent = existing.confirmation_sent_at && Date.now() - new Date(existing.confirmation_sent_at).getTime() < RESEND_AFTER_MS;
    if (existing.status === 'unsubscribed' || !recentlySent) {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'pending', full_name: s.fullName, email: s.email, language: language.value, unsubscribed_at: null })
        .where(eq(newsletterSubscribers.id, existing.id));
      await queueConfirmation(tx, opts, existing.id, { ...s, language: language.value });
      return 'mailed' as const;
    }
    return 'nothing' as const;
  });
  if (outcome === 'mailed') opts.onQueued();
  // One answer for a new, pending, confirmed or unsubscribed address: it tells nobody whether
  // an address is on the list. Only the owner of the address learns more, from their inbox.
  return c.json({ message: SUBSCRIBED_MESSAGE }, 200, { 'cache-control': 'no-store' });
}

/** The token of a confirm or unsubscribe request: in the query (one-click links) or a JSON / form body. */
async function tokenOf(c: ApiContext): Promise<string> {
  let token = c.req.query('token') ?? '';
  if (!token) {
    const type = c.req.header('content-type') ?? '';
    try {
      if (type.includes('json')) token = String(((await c.req.json()) as { token?: unknown })?.token ?? '');
      else if (type.includes('form')) token = String((await c.req.parseBody()).token ?? '');
    } catch {
      throw new HttpError(400, 'The request body could not be read.');
    }
  }
  if (!TOKEN_SHAPE.test(token)) throw new HttpError(400, 'This link is incomplete. Please open the link from the e-mail again.');
  return token;
}

/** Confirms a subscription from the page the e-mail links to. */
async function confirm(c: ApiContext) {
  const token = await tokenOf(c);
  const { db } = deps(c);
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmed_at: sql`coalesce(${newsletterSubscribers.confirmed_at}, now())` })
    .where(and(eq(newsletterSubscribers.confirm_token_hash, hash(token)), sql`${newsletterSubscribers.status} in ('pending', 'confirmed')`))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw new HttpError(404, 'This confirmation link is no longer valid. Please subscribe again from the form at the bottom of any page.');
  return c.json({ message: 'Your subscription is confirmed. Welcome to the Kigezi Trails newsletter!' }, 200, { 'cache-control': 'no-store' });
}

/** Unsubscribes from the page (or a mail client's one-click post to it). */
async function unsubscribe(c: ApiContext) {
  const token = await tokenOf(c);
  if (!(await unsubscribeByToken(deps(c).db, token))) throw new HttpError(404, 'This unsubscribe link is no longer valid. If you still receive our e-mails, reply to one and we will remove you.');
  return c.json({ message: 'You have been unsubscribed. You will not receive our newsletter any more.' }, 200, { 'cache-control': 'no-store' });
}

export function newsletterApi(opts: FormsApiOptions) {
  const app = new Hono<ApiEnv>();
  app.post('/admin/clients', refuseCrossSite(opts.siteUrl, opts.trust), formBodyLimit(), (c) => subscribe(c, opts));
  app.post('/newsletter/confirm', refuseCrossSite(opts.siteUrl, opts.trust), formBodyLimit(), confirm);
  // No cross-site check: mail providers post here for one-click unsubscribe; the token is the authority.
  app.post('/newsletter/unsubscribe', formBodyLimit(), unsubscribe);
  // RFC 8058 one-click unsubscribe, the List-Unsubscribe address of every campaign message: the
  // token in the address is the credential (no form token or cross-site check can exist for a mail
  // provider's POST); the body (empty, or List-Unsubscribe=One-Click) is not needed and not read.
  // Idempotent: the same POST again answers the same.
  app.post('/newsletter/unsubscribe/one-click', async (c) => {
    const token = c.req.query('token') ?? '';
    if (!TOKEN_SHAPE.test(token)) throw new HttpError(400, 'This unsubscribe address is incomplete.');
    if (!(await unsubscribeByToken(deps(c).db, token))) throw new HttpError(404, 'This unsubscribe address is no longer valid.');
    return c.json({ message: 'Unsubscribed.' }, 200, { 'cache-control': 'no-store' });
  });
  // The same address opened in a browser changes nothing: it goes to the page with the button.
  app.get('/newsletter/unsubscribe/one-click', (c) => {
    const token = c.req.query('token') ?? '';
    return c.redirect(TOKEN_SHAPE.test(token) ? `/newsletter/unsubscribe?token=${token}` : '/newsletter/unsubscribe', 303);
  });

  return app;
}
