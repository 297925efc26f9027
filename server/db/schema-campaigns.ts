// Tables of the newsletter campaigns (issue 11 point 3): campaigns written in the console, the
// people each one was sent to, and the tombstones of erased subscribers.
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { mailOutbox, newsletterSubscribers } from './schema-enquiries.ts';
import { staff } from './schema-staff.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A newsletter: a draft until it is sent, then 'sending' for good (it is never sent twice). */
export const newsletterCampaigns = pgTable(
  'newsletter_campaigns',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** The body as the owner wrote it, in Markdown. */
    body_md: text('body_md').notNull().default(''),
    /** 'draft' | 'sending': the change from one to the other is the one guard against a second send. */
    status: text('status').notNull().default('draft'),
    created_by: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
    sent_by: integer('sent_by').references(() => staff.id, { onDelete: 'set null' }),
    sent_at: at('sent_at'),
    recipient_count: integer('recipient_count').notNull().default(0),
    /** A draft to be sent at this time by the process that finds it due first (server/newsletter/scheduled-send.ts). */
    scheduled_for: at('scheduled_for'),
    scheduled_by: integer('scheduled_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  () => [
    check('newsletter_campaigns_status_check', sql`status in ('draft', 'sending')`),
    index('newsletter_campaigns_scheduled_idx').on(sql`scheduled_for`).where(sql`status = 'draft' and scheduled_for is not null`),
  ],
);

/** One row per person a campaign was sent to, with the hash of their one-click unsubscribe token. */
export const newsletterCampaignRecipients = pgTable(
  'newsletter_campaign_recipients',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    subscriber_id: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    outbox_id: bigint('outbox_id', { mode: 'number' }).references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** SHA-256 of the token in this message's unsubscribe links; the token itself is never stored. */
    unsubscribe_token_hash: text('unsubscribe_token_hash').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_campaign_recipients_once_idx').on(t.campaign_id, t.subscriber_id),
    uniqueIndex('newsletter_campaign_recipients_token_idx').on(t.unsubscribe_token_hash),
    index('newsletter_campaign_recipients_subscriber_idx').on(t.subscriber_id),
    index('newsletter_campaign_recipients_outbox_idx').on(t.outbox_id),
  ],
);

/**
 * What is left of an erased subscriber: HMAC-SHA-256 of the lower-cased address (key in
 * app_secrets), so an import skips them. Their own new sign-up removes it (fresh consent).
 */
export const newsletterTombstones = pgTable('newsletter_tombstones', {
  address_hmac: text('address_hmac').primaryKey(),
  erased_at: at('erased_at').notNull().defaultNow(),
});
