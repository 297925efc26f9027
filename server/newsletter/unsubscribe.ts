// Unsubscribing by a token from an e-mail: the subscriber's own token (the confirmation e-mail's
// link) or a campaign recipient's (each campaign message carries its own). Idempotent: an
// unsubscribed person stays unsubscribed, with the time of the first request.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { newsletterCampaignRecipients } from '../db/schema-campaigns.ts';
import { mailOutbox, newsletterSubscribers } from '../db/schema-enquiries.ts';
import { hashToken } from './confirmation.ts';

/**
 * Campaign messages to this person that have not left yet are withdrawn (a campaign being sent at
 * its rate per minute may still hold some): someone who unsubscribed gets no further newsletter.
 */
export async function withdrawCampaignMail(db: Db | Tx, subscriberId: number): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.subscriber_id, subscriberId), eq(mailOutbox.kind, 'newsletter-campaign'), eq(mailOutbox.status, 'pending')));
}

/** Unsubscribes the person the token belongs to; false when no one has that token. */
export async function unsubscribeByToken(db: Db, token: string): Promise<boolean> {
  const h = hashToken(token);
  const set = { status: 'unsubscribed', unsubscribed_at: sql`coalesce(${newsletterSubscribers.unsubscribed_at}, now())` };
  const [own] = await db.update(newsletterSubscribers).set(set).where(eq(newsletterSubscribers.unsubscribe_token_hash, h)).returning({ id: newsletterSubscribers.id });
  if (own) {
    await withdrawCampaignMail(db, own.id);
    return true;
  }
  const [viaCampaign] = await db
    .update(newsletterSubscribers)
    .set(set)
    .where(
      sql`${newsletterSubscribers.id} = (select ${newsletterCampaignRecipients.subscriber_id} from ${newsletterCampaignRecipients} where ${newsletterCampaignRecipients.unsubscribe_token_hash} = ${h})`,
    )
    .returning({ id: newsletterSubscribers.id });
  if (viaCampaign) await withdrawCampaignMail(db, viaCampaign.id);
  return !!viaCampaign;
}
