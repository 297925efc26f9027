// Tables of the enquiries, the newsletter, the mail outbox and the spam defences.
import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A plan-a-safari / contact / quote enquiry as the visitor sent it, with where and whence. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull().default(''),
    message: text('message').notNull(),
    preferred_contact_method: text('preferred_contact_method').notNull(),
    page_url: text('page_url'),
    /** The language of the page it was sent from (migration 0036, common/languages.ts). */
    language: text('language').notNull().default('en'),
    client_ip: text('client_ip'),
    user_agent: text('user_agent'),
    created_at: at('created_at').notNull().defaultNow(),
    // The inbox (migration 0008; foreign keys to staff and safaris are in the SQL).
    /** 'new' | 'contacted' | 'quoted' | 'booked' | 'lost' | 'spam' (common/enquiry-inbox.ts) */
    status: text('status').notNull().default('new'),
    /** The agent handling it (staff.id), or null. */
    assigned_to: integer('assigned_to'),
    /** The safari whose page it was sent from (safaris.id), or null. */
    safari_id: integer('safari_id'),
    /** 'contact' | 'plan-a-safari' | 'safari' | 'home' | 'other': where it was sent from. */
    source: text('source').notNull().default('other'),
    // The trip the visitor described (migration 0021; all optional, common/enquiry-trip.ts).
    /** The safari's slug as the visitor chose it (safari_id is the same safari's row). */
    safari: text('safari'),
    travel_from: date('travel_from', { mode: 'string' }),
    travel_to: date('travel_to', { mode: 'string' }),
    /** 'YYYY-MM' of a flexible trip. */
    travel_month: text('travel_month'),
    adults: integer('adults'),
    children: integer('children'),
    child_ages: integer('child_ages').array(),
    /** One of BUDGETS (per person, US dollars). */
    budget: text('budget'),
  },
  (t) => [
    index('enquiries_created_idx').on(t.created_at, t.status),
    index('enquiries_status_created_idx').on(t.status, t.created_at),
    index('enquiries_counts_idx').on(t.status, t.source, t.assigned_to),
  ],
);

/** Newsletter subscribers, one row per e-mail address whatever its letter case. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    /** lower(email): the identity of a subscriber. */
    email_key: text('email_key').notNull(),
    /** 'pending' until the double opt-in link is confirmed, then 'confirmed'; 'unsubscribed' after opting out. */
    status: text('status').notNull().default('pending'),
    /** SHA-256 of the tokens mailed to the subscriber; the tokens themselves are never stored. */
    confirm_token_hash: text('confirm_token_hash').notNull(),
    unsubscribe_token_hash: text('unsubscribe_token_hash').notNull(),
    client_ip: text('client_ip'),
    user_agent: text('user_agent'),
    /** The language of the page the form was sent from (migration 0036, common/languages.ts). */
    language: text('language').notNull().default('en'),
    created_at: at('created_at').notNull().defaultNow(),
    confirmation_sent_at: at('confirmation_sent_at'),
    confirmed_at: at('confirmed_at'),
    unsubscribed_at: at('unsubscribed_at'),
    /** Proof of consent given before the list moved here (an import marked them confirmed): where
     * they agreed (the owner's words, for the whole file) and on which day. Null for people who
     * confirmed with the double opt-in e-mail. */
    consent_source: text('consent_source'),
    consent_date: date('consent_date', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key_idx').on(t.email_key),
    uniqueIndex('newsletter_subscribers_confirm_idx').on(t.confirm_token_hash),
    uniqueIndex('newsletter_subscribers_unsubscribe_idx').on(t.unsubscribe_token_hash),
  ],
);

/** A rendered e-mail waiting to be sent, being sent, sent, or given up on. */
export interface OutboxMessage {
  from: string;
  to: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  list?: { unsubscribe: { url: string; comment?: string } };
  /** Files sent with the message (a quote's or an itinerary's PDF), stored with it: see server/mail/outbox.ts. */
  attachments?: MailAttachment[];
}

/** A file carried by an outbox message: its bytes in base64, fixed when the message is queued. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'enquiry-operator' | 'enquiry-acknowledgement' | 'newsletter-confirmation' */
    kind: text('kind').notNull(),
    enquiry_id: integer('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    subscriber_id: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    /** Fixed when the row is written, so a retried send carries the same Message-ID. */
    message_id: text('message_id').notNull(),
    message: jsonb('message').$type<OutboxMessage>().notNull(),
    /** 'pending' | 'sending' | 'sent' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    /** While 'sending': the lease; a row whose lease ran out (its process died) is claimed again. */
    locked_until: at('locked_until'),
    last_error: text('last_error'),
    created_at: at('created_at').notNull().defaultNow(),
    sent_at: at('sent_at'),
    failed_at: at('failed_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_idx').on(t.message_id),
    index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`status = 'pending'`),
    index('mail_outbox_lease_idx').on(t.locked_until).where(sql`status = 'sending'`),
    index('mail_outbox_enquiry_idx').on(t.enquiry_id),
  ],
);

/** Fixed-window counters for rate limits, shared by every process through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    /** SHA-256 of the limited key (an IP address or an e-mail address). */
    key_hash: text('key_hash').notNull(),
    window_start: at('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key_hash, t.window_start] }), index('rate_limits_window_idx').on(t.window_start)],
);

/** Process-independent secrets generated on first use (the form-timing signature key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

/**
 * Form tokens that were spent: a token is accepted once, by the insert of its id (a second one
 * conflicts). Rows are pruned an hour after the token expired; an expired token is refused by
 * its signed issue time alone.
 */
export const formTokensUsed = pgTable(
  'form_tokens_used',
  {
    /** The random id inside the signed token. */
    id: text('id').primaryKey(),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at').notNull().defaultNow(),
  },
  (t) => [index('form_tokens_used_expires_idx').on(t.expires_at)],
);
