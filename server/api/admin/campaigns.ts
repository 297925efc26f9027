// /api/admin/campaigns (owners only): newsletter campaigns written in Markdown, previewed as the
// e-mail, sent as a test to the signed-in owner, then sent once to every confirmed subscriber
// through the outbox, at NEWSLETTER_RATE_PER_MINUTE (each message's send time is staggered; the
// mail worker and its retries do the rest). A campaign cannot be sent twice: the send is one
// transaction that starts with the change draft → sending (UPDATE … WHERE status = 'draft'
// RETURNING: of two requests, in two tabs or two processes, one gets the row, the other nothing)
// and writes one recipient row per subscriber (unique per campaign and subscriber).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CAMPAIGN_MESSAGES,
  campaignSchema,
  campaignScheduleSchema,
  campaignSendSchema,
  SCHEDULE_MAX_DAYS,
  type CampaignCounts,
  type CampaignDetail,
  type CampaignPreview,
  type CampaignSummary,
} from '../../../common/newsletter-admin.ts';
import { fromLocalInput } from '../../../common/operator-time.ts';
import { audit } from '../../auth/audit.ts';
import { readOperatorTimeZone } from '../../auth/content-access.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import type { Db } from '../../db/index.ts';
import { newsletterCampaignRecipients, newsletterCampaigns, newsletterSubscribers } from '../../db/schema.ts';
import { campaignBodyHtml, campaignBodyText, campaignLinks, campaignMessage } from '../../mail/campaign.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { hashToken, newToken } from '../../newsletter/confirmation.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { readBody } from './body.ts';
import { idParam } from './subscribers.ts';

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

const owner = requireStaff({ roles: ['owner'] });
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Queued (waiting or being sent), sent and failed messages of each campaign, from the outbox. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, CampaignCounts>> {
  const out = new Map<number, CampaignCounts>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{ campaign_id: number; recipients: number; queued: number; sent: number; failed: number }>(
    await db.execute(sql`
      select r.campaign_id,
             count(*)::int as recipients,
             count(o.id) filter (where o.status in ('pending', 'sending'))::int as queued,
             count(o.id) filter (where o.status = 'sent')::int as sent,
             count(o.id) filter (where o.status = 'failed')::int as failed
        from newsletter_campaign_recipients r
        left join mail_outbox o on o.id = r.outbox_id and o.kind = 'newsletter-campaign'
       where r.campaign_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
       group by r.campaign_id`),
  );
  for (const r of rows) out.set(Number(r.campaign_id), { recipients: Number(r.recipients), queued: Number(r.queued), sent: Number(r.sent), failed: Number(r.failed) });
  return out;
}

const NO_COUNTS: CampaignCounts = { recipients: 0, queued: 0, sent: 0, failed: 0 };

function summaryOf(r: typeof newsletterCampaigns.$inferSelect, counts: CampaignCounts | undefined): CampaignSummary {
  return {
    id: r.id,
    subject: r.subject,
    status: r.status as 'draft' | 'sending',
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    sentAt: iso(r.sent_at),
    scheduledFor: r.status === 'draft' ? iso(r.scheduled_for) : null,
    counts: counts ?? NO_COUNTS,
  };
}

async function confirmedCount(db: Db): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from newsletter_subscribers where status = 'confirmed'`));
  return Number(r?.n ?? 0);
}

/** Who sends: a member of staff pressing Send, or the schedule (no one; `due`: only if its time has come). */
export interface Sender {
  staffId: number | null;
  actor: string;
  ip: string | null;
  due?: boolean;
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
    const people = await tx
      .select({ id: newsletterSubscribers.id, name: newsletterSubscribers.full_name, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'))
      .orderBy(newsletterSubscribers.id);
    // Thrown inside the transaction: the campaign stays a draft.
    if (people.length === 0) throw new HttpError(409, CAMPAIGN_MESSAGES.noRecipients, undefined, 'no-recipients');
    const content = { subject: claimed.subject, bodyMd: claimed.body_md };
    const bodyHtml = campaignBodyHtml(claimed.body_md, opts.siteUrl);
    const bodyText = campaignBodyText(claimed.body_md, opts.siteUrl);
    const start = Date.now();
    let queued = 0;
    for (let i = 0; i < people.length; i += 500) {
      const chunk = people.slice(i, i + 500).map((p) => ({ ...p, token: newToken() }));
      const inserted = await tx
        .insert(newsletterCampaignRecipients)
        .values(chunk.map((p) => ({ campaign_id: id, subscriber_id: p.id, unsubscribe_token_hash: hashToken(p.token) })))
        .onConflictDoNothing({ target: [newsletterCampaignRecipients.campaign_id, newsletterCampaignRecipients.subscriber_id] })
        .returning({ subscriber: newsletterCampaignRecipients.subscriber_id });
      const fresh = new Set(inserted.map((r) => r.subscriber));
      const rows = chunk
        .filter((p) => fresh.has(p.id))
        .map((p, k) => ({
          kind: 'newsletter-campaign' as const,
          subscriberId: p.id,
          notBefore: new Date(start + (queued + k) * interval),
          message: campaignMessage(content, { name: '', address: p.email }, campaignLinks(opts.siteUrl, p.token, opts.operatorEmail), { from: opts.mailFrom, siteUrl: opts.siteUrl, replyTo: opts.operatorEmail, bodyHtml, bodyText }),
        }));
      const outboxIds = await enqueueMail(tx, opts.messageIdDomain, rows);
      queued += rows.length;
      if (outboxIds.length)
        await tx.execute(sql`
          update newsletter_campaign_recipients r set outbox_id = o.id
            from mail_outbox o
           where r.campaign_id = ${id} and o.subscriber_id = r.subscriber_id
             and o.id in (${sql.join(outboxIds.map((o) => sql`${o}`), sql`, `)})`);
    }
    await tx.update(newsletterCampaigns).set({ recipient_count: queued }).where(eq(newsletterCampaigns.id, id));
    await audit(tx, { staffId: who.staffId, actor: who.actor, action: 'campaign.send', target: `campaign:${id}`, detail: { recipients: queued, ratePerMinute: opts.ratePerMinute, ...(who.due ? { scheduled: true } : {}) }, ip: who.ip });
    return { queued, minutes: Math.ceil((queued * interval) / 60_000) };
  });
}

export function campaignsApi(opts: NewsletterAdminOptions) {
  const app = new Hono<AdminEnv>();
  const ipOf = (c: AdminContext) => sourceOf(c, opts.trust).address ?? null;

  async function load(c: AdminContext) {
    const id = idParam(c, 'Campaign');
    const [row] = await deps(c).db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
    if (!row) throw new HttpError(404, 'Campaign not found');
    return row;
  }

  app.get('/campaigns', owner, async (c) => {
    const { db } = deps(c);
    const rows = await db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.created_at), desc(newsletterCampaigns.id)).limit(200);
    const counts = await countsOf(db, rows.map((r) => r.id));
    return c.json({ items: rows.map((r) => summaryOf(r, counts.get(r.id))), confirmed: await confirmedCount(db), timeZone: await readOperatorTimeZone(db) });
  });

  app.post('/campaigns', owner, async (c) => {
    const { db } = deps(c);
    const input = await readBody(c, campaignSchema);
    const s = sessionOf(c);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(newsletterCampaigns).values({ subject: input.subject, body_md: input.body, created_by: s.staff.id }).returning();
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'campaign.create', target: `campaign:${created!.id}`, ip: ipOf(c) });
      return created!;
    });
    return c.json({ id: row.id }, 201);
  });

  app.get('/campaigns/:id', owner, async (c) => {
    const row = await load(c);
    const { db } = deps(c);
    const counts = await countsOf(db, [row.id]);
    const detail: CampaignDetail = { ...summaryOf(row, counts.get(row.id)), body: row.body_md, confirmed: await confirmedCount(db), timeZone: await readOperatorTimeZone(db) };
    return c.json(detail);
  });

  app.put('/campaigns/:id', owner, async (c) => {
    const { db } = deps(c);
    const id = idParam(c, 'Campaign');
    const input = await readBody(c, campaignSchema);
    const s = sessionOf(c);
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(newsletterCampaigns)
        .set({ subject: input.subject, body_md: input.body, updated_at: sql`now()` })
        .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
        .returning({ id: newsletterCampaigns.id });
      if (!row) {
        const [exists] = await tx.select({ id: newsletterCampaigns.id }).from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
        return exists ? 'sent' : 'missing';
      }
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'campaign.edit', target: `campaign:${id}`, ip: ipOf(c) });
      return 'ok';
    });
    if (outcome === 'missing') throw new HttpError(404, 'Campaign not found');
    if (outcome === 'sent') throw new HttpError(409, CAMPAIGN_MESSAGES.notDraft, undefined, 'already-sent');
    return c.json({ ok: true });
  });

  /** The e-mail as a subscriber would get it (links with a token that unsubscribes no one). */
  app.get('/campaigns/:id/preview', owner, async (c) => {
    const row = await load(c);
    const s = sessionOf(c);
    const links = campaignLinks(opts.siteUrl, 'preview-token-unsubscribes-no-one', opts.operatorEmail);
    const m = campaignMessage({ subject: row.subject, bodyMd: row.body_md }, { name: s.staff.name, address: s.staff.email }, links, { from: opts.mailFrom, siteUrl: opts.siteUrl, replyTo: opts.operatorEmail });
    const preview: CampaignPreview = { subject: m.subject, html: m.html!, text: m.text, headers: m.headers ?? {} };
    return c.json(preview);
  });

  /** A test to the signed-in owner's own address, through the outbox, its subject marked [Test]. */
  app.post('/campaigns/:id/test', owner, async (c) => {
    const row = await load(c);
    const { db } = deps(c);
    const s = sessionOf(c);
    // A token no one holds: the test's unsubscribe links show where they go and unsubscribe no one.
    const links = campaignLinks(opts.siteUrl, randomBytes(24).toString('base64url'), opts.operatorEmail);
    const message = campaignMessage({ subject: row.subject, bodyMd: row.body_md }, { name: s.staff.name, address: s.staff.email }, links, { from: opts.mailFrom, siteUrl: opts.siteUrl, replyTo: opts.operatorEmail, test: true });
    await db.transaction(async (tx) => {
      await enqueueMail(tx, opts.messageIdDomain, [{ kind: 'newsletter-test', message }]);
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'campaign.test', target: `campaign:${row.id}`, ip: ipOf(c) });
    });
    opts.kick();
    return c.json({ ok: true, to: s.staff.email });
  });

  app.post('/campaigns/:id/send', owner, async (c) => {
    const { db } = deps(c);
    const id = idParam(c, 'Campaign');
    await readBody(c, campaignSendSchema);
    const s = sessionOf(c);
    const result = await sendCampaign(db, opts, id, { staffId: s.staff.id, actor: s.staff.email, ip: ipOf(c) });
    opts.kick();
    return c.json({ ok: true, ...result });
  });

  /**
   * Schedules a draft: `at` is a date and time in the operator's time zone ("2026-12-01T09:00", as
   * a datetime-local field sends it). A process sends it when the time comes (scheduled-send.ts);
   * until then it stays a draft that can be edited, rescheduled or unscheduled.
   */
  app.put('/campaigns/:id/schedule', owner, async (c) => {
    const { db } = deps(c);
    const id = idParam(c, 'Campaign');
    const input = await readBody(c, campaignScheduleSchema);
    const zone = await readOperatorTimeZone(db);
    const at = fromLocalInput(input.at, zone);
    if (!at) throw new HttpError(400, CAMPAIGN_MESSAGES.scheduleAt, undefined, 'invalid-at');
    if (at.getTime() <= Date.now() + 60_000) throw new HttpError(400, CAMPAIGN_MESSAGES.scheduleFuture, undefined, 'invalid-at');
    if (at.getTime() > Date.now() + SCHEDULE_MAX_DAYS * 86_400_000) throw new HttpError(400, CAMPAIGN_MESSAGES.scheduleFar, undefined, 'invalid-at');
    const s = sessionOf(c);
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(newsletterCampaigns)
        .set({ scheduled_for: at, scheduled_by: s.staff.id, updated_at: sql`now()` })
        .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
        .returning({ id: newsletterCampaigns.id });
      if (!row) {
        const [exists] = await tx.select({ id: newsletterCampaigns.id }).from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
        return exists ? 'sent' : 'missing';
      }
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'campaign.schedule', target: `campaign:${id}`, detail: { at: at.toISOString(), timeZone: zone }, ip: ipOf(c) });
      return 'ok';
    });
    if (outcome === 'missing') throw new HttpError(404, 'Campaign not found');
    if (outcome === 'sent') throw new HttpError(409, CAMPAIGN_MESSAGES.notDraft, undefined, 'already-sent');
    return c.json({ ok: true, scheduledFor: at.toISOString(), timeZone: zone });
  });

  app.delete('/campaigns/:id/schedule', owner, async (c) => {
    const { db } = deps(c);
    const id = idParam(c, 'Campaign');
    const s = sessionOf(c);
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(newsletterCampaigns)
        .set({ scheduled_for: null, scheduled_by: null, updated_at: sql`now()` })
        .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
        .returning({ id: newsletterCampaigns.id });
      if (!row) {
        const [exists] = await tx.select({ id: newsletterCampaigns.id }).from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
        return exists ? 'sent' : 'missing';
      }
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'campaign.unschedule', target: `campaign:${id}`, ip: ipOf(c) });
      return 'ok';
    });
    if (outcome === 'missing') throw new HttpError(404, 'Campaign not found');
    if (outcome === 'sent') throw new HttpError(409, CAMPAIGN_MESSAGES.alreadySent, undefined, 'already-sent');
    return c.json({ ok: true });
  });

  app.delete('/campaigns/:id', owner, async (c) => {
    const { db } = deps(c);
    const id = idParam(c, 'Campaign');
    const s = sessionOf(c);
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(newsletterCampaigns)
        .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
        .returning({ id: newsletterCampaigns.id });
      if (!row) {
        const [exists] = await tx.select({ id: newsletterCampaigns.id }).from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
        return exists ? 'sent' : 'missing';
      }
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'campaign.delete', target: `campaign:${id}`, ip: ipOf(c) });
      return 'ok';
    });
    if (outcome === 'missing') throw new HttpError(404, 'Campaign not found');
    if (outcome === 'sent') throw new HttpError(409, CAMPAIGN_MESSAGES.notDraft, undefined, 'already-sent');
    return c.json({ ok: true });
  });

  return app;
}
