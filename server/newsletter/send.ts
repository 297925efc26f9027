// Sending a newsletter campaign to every confirmed subscriber, once: from the console's Send
// (server/api/admin/campaigns.ts) and from the schedule (scheduled-send.ts). The send is one
// transaction that starts with the change draft → sending (UPDATE … WHERE status = 'draft'
// RETURNING: of two senders, in two tabs or two processes, one gets the row, the other nothing)
// and writes one recipient row per subscriber (unique per campaign and subscriber), each message
// staggered at NEWSLETTER_RATE_PER_MINUTE through the outbox: the message is made once and each
// batch of subscribers queued by one INSERT … SELECT per language (the footer and the unsubscribe
// page in the subscriber's), so 50,000 take seconds, not a minute.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/languages.ts';
import { CAMPAIGN_MESSAGES } from '../../common/newsletter-admin.ts';
import { audit } from '../auth/audit.ts';
import type { Db, Tx } from '../db/index.ts';
import { newsletterCampaigns, newsletterSubscribers } from '../db/schema.ts';
import type { ProxyTrust } from '../http/client-address.ts';
import { HttpError } from '../http/error.ts';
import { campaignBodyHtml, campaignBodyText, campaignLinks, campaignMessage } from '../mail/campaign.ts';
import { hashToken, newToken } from './confirmation.ts';

/** What the console's newsletter screens need from the process: mail settings and the send rate. */
export interface NewsletterAdminOptions {
  siteUrl: string;
  trust: ProxyTrust;
  mailFrom: string;
  messageIdDomain: string;
  /** The mailbox of the mailto: unsubscribe address (the operator's). */
  operatorEmail: string;
  /** NEWSLETTER_RATE_PER_MINUTE */
  ratePerMinute: number;
  /** Wakes the mail worker after messages were queued. */
  kick(): void;
}

/** Who sends: a member of staff pressing Send, or the schedule (no one; `due`: only if its time has come). */
export interface Sender {
  staffId: number | null;
  actor: string;
  ip: string | null;
  due?: boolean;
}

/** Subscribers queued per statement. */
const QUEUE_BATCH = 2000;

/**
 * The campaign's message once per subscribers' language, as JSON text, for every subscriber of
 * that language (its footer and unsubscribe page in it): their unsubscribe token stands as
 * `placeholder` (a random word no campaign contains) and their address is set by the query.
 */
function messageTemplates(claimed: { subject: string; body_md: string }, opts: NewsletterAdminOptions): (language: string) => { json: string; placeholder: string } {
  const placeholder = `token${randomBytes(16).toString('hex')}`;
  const body = { bodyHtml: campaignBodyHtml(claimed.body_md, opts.siteUrl), bodyText: campaignBodyText(claimed.body_md, opts.siteUrl) };
  const made = new Map<Language, { json: string; placeholder: string }>();
  return (stored) => {
    const language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
    let template = made.get(language);
    if (!template) {
      const links = campaignLinks(opts.siteUrl, placeholder, opts.operatorEmail, language);
      const message = campaignMessage({ subject: claimed.subject, bodyMd: claimed.body_md }, { name: '', address: '' }, links, {
        from: opts.mailFrom,
        siteUrl: opts.siteUrl,
        replyTo: opts.operatorEmail,
        ...body,
        language,
      });
      made.set(language, (template = { json: JSON.stringify(message), placeholder }));
    }
    return template;
  };
}

/**
 * Queues the campaign to one batch of subscribers in one statement: their tokens are made here
 * (only their hashes are kept), the messages are the template with each one's token and address,
 * staggered by `interval` (ms) from `start` (ms) after the `before` queued already, each in the outbox and in the recipients
 * (unique per campaign and subscriber). Returns how many were queued.
 */
async function queueBatch(
  tx: Tx,
  opts: NewsletterAdminOptions,
  b: { id: number; template: { json: string; placeholder: string }; ids: number[]; start: number; before: number; interval: number },
): Promise<number> {
  const tokens = b.ids.map(() => newToken());
  // Array literals: ids are integers, tokens base64url and hashes hex (nothing to quote).
  const ids = `{${b.ids.join(',')}}`;
  const tokenList = `{${tokens.join(',')}}`;
  const hashList = `{${tokens.map(hashToken).join(',')}}`;
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with input as (
        select * from unnest(${ids}::int[], ${tokenList}::text[], ${hashList}::text[]) with ordinality as t(subscriber_id, token, hash, k)),
      people as (
        select s.id, s.email, i.token, i.hash, i.k
          from input i join newsletter_subscribers s on s.id = i.subscriber_id
         where not exists (select 1 from newsletter_campaign_recipients r where r.campaign_id = ${b.id} and r.subscriber_id = s.id)),
      queued as (
        insert into mail_outbox (kind, subscriber_id, message_id, message, next_attempt_at)
        select 'newsletter-campaign', p.id, '<newsletter-campaign.' || gen_random_uuid() || '@' || ${opts.messageIdDomain} || '>',
               jsonb_set(replace(${b.template.json}, ${b.template.placeholder}, p.token)::jsonb, '{to,address}', to_jsonb(p.email)),
               to_timestamp(floor(${b.start}::float8 + (${b.before} + p.k - 1) * ${b.interval}::float8) / 1000.0)
          from people p
        returning id, subscriber_id),
      recipients as (
        insert into newsletter_campaign_recipients (campaign_id, subscriber_id, unsubscribe_token_hash, outbox_id)
        select ${b.id}, p.id, p.hash, q.id from people p join queued q on q.subscriber_id = p.id
        returning 1)
      select count(*)::int as n from recipients`),
  );
  return Number(row?.n ?? 0);
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Sends a draft to every confirmed subscriber, once: one transaction that starts with the change
 * draft → sending (of two senders, in two tabs, two processes or the schedule, one gets the row;
 * the others find it no longer a draft: 409 already-sent) and queues one message per person.
 */
export async function sendCampaign(db: Db, opts: NewsletterAdminOptions, id: number, who: Sender): Promise<{ queued: number; minutes: number }> {
  const interval = 60_000 / opts.ratePerMinute;
  return db.transaction(async (tx) => {
    // The one guard: of concurrent sends, one changes the row; the others wait for its
    // transaction and then find it no longer a draft.
    const [claimed] = await tx
      .update(newsletterCampaigns)
      .set({ status: 'sending', sent_at: sql`now()`, sent_by: sql`coalesce(${who.staffId}::int, ${newsletterCampaigns.scheduled_by})`, scheduled_for: null })
      .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft'), who.due ? lte(newsletterCampaigns.scheduled_for, sql`now()`) : undefined))
      .returning();
    if (!claimed) {
      const [exists] = await tx.select({ id: newsletterCampaigns.id }).from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
      if (!exists) throw new HttpError(404, 'Campaign not found');
      throw new HttpError(409, CAMPAIGN_MESSAGES.alreadySent, undefined, 'already-sent');
    }
    const templateIn = messageTemplates(claimed, opts);
    const start = Date.now();
    let queued = 0;
    // The confirmed subscribers, a batch at a time by id: each batch one statement per language.
    for (let after = 0; ; ) {
      const rows = await tx
        .select({ id: newsletterSubscribers.id, language: newsletterSubscribers.language })
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.status, 'confirmed'), gt(newsletterSubscribers.id, after)))
        .orderBy(asc(newsletterSubscribers.id))
        .limit(QUEUE_BATCH);
      if (rows.length === 0) break;
      const byLanguage = new Map<string, number[]>();
      for (const r of rows) {
        const ids = byLanguage.get(r.language);
        if (ids) ids.push(r.id);
        else byLanguage.set(r.language, [r.id]);
      }
      for (const [language, ids] of byLanguage) queued += await queueBatch(tx, opts, { id, template: templateIn(language), ids, start, before: queued, interval });
      after = rows[rows.length - 1]!.id;
    }
    // Thrown inside the transaction: the campaign stays a draft.
    if (queued === 0) throw new HttpError(409, CAMPAIGN_MESSAGES.noRecipients, undefined, 'no-recipients');
    await tx.update(newsletterCampaigns).set({ recipient_count: queued }).where(eq(newsletterCampaigns.id, id));
    await audit(tx, {
      staffId: who.staffId,
      actor: who.actor,
      action: 'campaign.send',
      target: `campaign:${id}`,
      detail: { recipients: queued, ratePerMinute: opts.ratePerMinute, ...(who.due ? { scheduled: true } : {}) },
      ip: who.ip,
    });
    return { queued, minutes: Math.ceil((queued * interval) / 60_000) };
  });
}
