// Sending a newsletter campaign to every confirmed subscriber, once: from the console's Send
// (server/api/admin/campaigns.ts) and from the schedule (scheduled-send.ts). The send is one
// transaction that starts with the change draft → sending (UPDATE … WHERE status = 'draft'
// RETURNING: of two senders, in two tabs or two processes, one gets the row, the other nothing)
// and writes one recipient row per subscriber (unique per campaign and subscriber), each message
// staggered at NEWSLETTER_RATE_PER_MINUTE through the outbox.
import { and, eq, lte, sql } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES } from '../../common/newsletter-admin.ts';
import { audit } from '../auth/audit.ts';
import type { Db } from '../db/index.ts';
import { newsletterCampaignRecipients, newsletterCampaigns, newsletterSubscribers } from '../db/schema.ts';
import type { ProxyTrust } from '../http/client-address.ts';
import { HttpError } from '../http/error.ts';
import { campaignBodyHtml, campaignBodyText, campaignLinks, campaignMessage } from '../mail/campaign.ts';
import { enqueueMail } from '../mail/outbox.ts';
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
          message: campaignMessage(content, { name: '', address: p.email }, campaignLinks(opts.siteUrl, p.token, opts.operatorEmail), {
            from: opts.mailFrom,
            siteUrl: opts.siteUrl,
            replyTo: opts.operatorEmail,
            bodyHtml,
            bodyText,
          }),
        }));
      const outboxIds = await enqueueMail(tx, opts.messageIdDomain, rows);
      queued += rows.length;
      if (outboxIds.length)
        await tx.execute(sql`
          update newsletter_campaign_recipients r set outbox_id = o.id
            from mail_outbox o
           where r.campaign_id = ${id} and o.subscriber_id = r.subscriber_id
             and o.id in (${sql.join(
               outboxIds.map((o) => sql`${o}`),
               sql`, `,
             )})`);
    }
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
