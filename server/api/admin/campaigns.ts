// /api/admin/campaigns (owners only): newsletter campaigns written in Markdown, previewed as the
// e-mail, sent as a test to the signed-in owner, then sent once to every confirmed subscriber
// through the outbox, at NEWSLETTER_RATE_PER_MINUTE (each message's send time is staggered; the
// mail worker and its retries do the rest). A campaign cannot be sent twice (the send:
// server/newsletter/send.ts).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
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
import { newsletterCampaigns } from '../../db/schema.ts';
import { campaignLinks, campaignMessage } from '../../mail/campaign.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { sendCampaign, type NewsletterAdminOptions } from '../../newsletter/send.ts';
import { sourceOf } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { idParam, readBody } from './body.ts';

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
       where r.campaign_id in (${sql.join(
         ids.map((i) => sql`${i}`),
         sql`, `,
       )})
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

/** The campaign of the path's id (404 when there is none). */
async function load(c: AdminContext) {
  const id = idParam(c, 'Campaign');
  const [row] = await deps(c).db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  if (!row) throw new HttpError(404, 'Campaign not found');
  return row;
}

/** The drafts: listed, written, read, changed. */
function draftRoutes(app: Hono<AdminEnv>, ipOf: (c: AdminContext) => string | null): void {
  app.get('/campaigns', owner, async (c) => {
    const { db } = deps(c);
    const rows = await db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.created_at), desc(newsletterCampaigns.id)).limit(200);
    const counts = await countsOf(
      db,
      rows.map((r) => r.id),
    );
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
}

/** A draft previewed as the e-mail, sent as a test to the owner, sent to everyone. */
function sendingRoutes(app: Hono<AdminEnv>, opts: NewsletterAdminOptions, ipOf: (c: AdminContext) => string | null): void {
  app.get('/campaigns/:id/preview', owner, async (c) => {
    const row = await load(c);
    const s = sessionOf(c);
    const links = campaignLinks(opts.siteUrl, 'preview-token-unsubscribes-no-one', opts.operatorEmail);
    const m = campaignMessage({ subject: row.subject, bodyMd: row.body_md }, { name: s.staff.name, address: s.staff.email }, links, {
      from: opts.mailFrom,
      siteUrl: opts.siteUrl,
      replyTo: opts.operatorEmail,
    });
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
    const message = campaignMessage({ subject: row.subject, bodyMd: row.body_md }, { name: s.staff.name, address: s.staff.email }, links, {
      from: opts.mailFrom,
      siteUrl: opts.siteUrl,
      replyTo: opts.operatorEmail,
      test: true,
    });
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
}

/** A send scheduled and cancelled; a draft deleted. */
function scheduleRoutes(app: Hono<AdminEnv>, ipOf: (c: AdminContext) => string | null): void {
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
}

export function campaignsApi(opts: NewsletterAdminOptions) {
  const app = new Hono<AdminEnv>();
  const ipOf = (c: AdminContext) => sourceOf(c, opts.trust).address ?? null;
  draftRoutes(app, ipOf);
  sendingRoutes(app, opts, ipOf);
  scheduleRoutes(app, ipOf);
  return app;
}
