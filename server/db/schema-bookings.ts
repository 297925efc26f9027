// Tables of quotes and bookings (migration 0022): a quote and its versions (each the whole proposal
// as a checked document, common/quote-document.ts), the private trip links, the bookings made
// when a traveller accepts, their travellers (the manifest), the append-only payment ledger and the
// booking's events (its state history and the reminders sent). Amounts are integers in minor units
// of the row's currency (common/booking-money.ts).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { QuoteDocument } from '../../common/quote-document.ts';
import { enquiries } from './schema-enquiries.ts';
import { staff } from './schema-staff.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'number' });

/** The last number given to a reference of a kind ('Q' quotes, 'B' bookings) in a year: Q-2026-0042. */
export const referenceCounters = pgTable(
  'reference_counters',
  {
    prefix: text('prefix').notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/** A proposal to a traveller, made from an enquiry or from nothing; its content is in its versions. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    enquiry_id: integer('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    traveller_name: text('traveller_name').notNull(),
    traveller_email: text('traveller_email').notNull(),
    traveller_phone: text('traveller_phone').notNull().default(''),
    /** The safari it was based on, if any (its slug: the content may change afterwards). */
    safari_slug: text('safari_slug'),
    /** 'draft' | 'sent' | 'accepted' | 'withdrawn' (common/quote-document.ts QUOTE_STATUSES) */
    status: text('status').notNull().default('draft'),
    /** The language it is written in: its enquiry's, else the one staff chose (migration 0040, common/languages.ts). */
    language: text('language').notNull().default('en'),
    created_by: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_reference_idx').on(t.reference),
    index('quotes_enquiry_idx').on(t.enquiry_id),
    index('quotes_created_idx').on(t.created_at),
    check('quotes_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'withdrawn')`),
    check('quotes_language_check', sql`${t.language} in ('en', 'de', 'fr', 'es')`),
  ],
);

/** One version of a quote: the whole proposal. Sending a version supersedes the one sent before. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    id: serial('id').primaryKey(),
    quote_id: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<QuoteDocument>().notNull(),
    /** The document's total, in minor units of its currency (kept for lists and sums). */
    total_minor: minor('total_minor').notNull(),
    currency: text('currency').notNull(),
    created_by: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    sent_at: at('sent_at'),
    sent_by: integer('sent_by').references(() => staff.id, { onDelete: 'set null' }),
    superseded_at: at('superseded_at'),
  },
  (t) => [uniqueIndex('quote_versions_quote_version_idx').on(t.quote_id, t.version)],
);

/**
 * The private link of a trip page: only the SHA-256 of its random token is kept. It opens a quote
 * (and its booking once accepted), or a booking made with no quote (seats on a group departure,
 * migration 0033): one or the other.
 */
export const tripLinks = pgTable(
  'trip_links',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    quote_id: integer('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    booking_id: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull().defaultNow(),
    revoked_at: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('trip_links_token_idx').on(t.token_hash),
    index('trip_links_quote_idx').on(t.quote_id),
    index('trip_links_booking_idx').on(t.booking_id),
    check('trip_links_owner_check', sql`(${t.quote_id} is null) <> (${t.booking_id} is null)`),
  ],
);

/** A booked trip: the accepted quote version and the price it fixed. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    /** The accepted quote and version; both null for a booking staff made by hand (a phone booking). */
    quote_id: integer('quote_id').references(() => quotes.id, { onDelete: 'restrict' }),
    quote_version_id: integer('quote_version_id').references(() => quoteVersions.id, { onDelete: 'restrict' }),
    /** A booking made by hand (migration 0029): its trip's title, the safari it is, and its price lines as priced (common/booking-manual.ts). */
    title: text('title'),
    safari_slug: text('safari_slug'),
    price_lines: jsonb('price_lines').$type<QuoteDocument['lines']>(),
    created_by: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    /** common/booking-money.ts BOOKING_STATES */
    state: text('state').notNull().default('confirmed-pending-deposit'),
    travel_from: date('travel_from', { mode: 'string' }).notNull(),
    travel_to: date('travel_to', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    lead_name: text('lead_name').notNull(),
    lead_email: text('lead_email').notNull(),
    lead_phone: text('lead_phone').notNull().default(''),
    total_minor: minor('total_minor').notNull(),
    deposit_minor: minor('deposit_minor').notNull(),
    deposit_due_on: date('deposit_due_on', { mode: 'string' }).notNull(),
    balance_due_on: date('balance_due_on', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    /** The language of the page the traveller booked from (migration 0036, common/languages.ts). */
    language: text('language').notNull().default('en'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_reference_idx').on(t.reference),
    uniqueIndex('bookings_quote_idx').on(t.quote_id),
    index('bookings_travel_idx').on(t.travel_from),
    index('bookings_balance_idx').on(t.balance_due_on),
    check('bookings_state_check', sql`${t.state} in ('confirmed-pending-deposit', 'confirmed', 'balance-due', 'paid', 'travelled', 'cancelled')`),
    check('bookings_money_check', sql`${t.total_minor} >= 0 and ${t.deposit_minor} between 0 and ${t.total_minor}`),
    check('bookings_dates_check', sql`${t.travel_from} <= ${t.travel_to}`),
    check('bookings_origin_check', sql`(${t.quote_id} is null) = (${t.quote_version_id} is null) and (${t.quote_id} is not null or (${t.title} is not null and ${t.price_lines} is not null))`),
  ],
);

/** The people on a booking (personal data): names from the acceptance, the rest from the trip page. */
export const bookingTravellers = pgTable(
  'booking_travellers',
  {
    id: serial('id').primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    age: smallint('age'),
    dietary: text('dietary').notNull().default(''),
    medical: text('medical').notNull().default(''),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_travellers_position_idx').on(t.booking_id, t.position)],
);

/**
 * The payment ledger: money received, refunded or corrected on a booking. Append-only (a trigger
 * refuses UPDATE, DELETE and TRUNCATE): a mistake is corrected by a new entry. recorded_by is a
 * staff id without a foreign key, so that no change to staff ever has to touch an entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** Minor units; negative for a refund; a correction either way. */
    amount_minor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** 'payment' | 'refund' | 'correction' */
    kind: text('kind').notNull(),
    /** 'bank-transfer' | 'cash' | 'card' | 'mobile-money'; null for a correction. */
    method: text('method'),
    reference: text('reference').notNull().default(''),
    received_on: date('received_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    recorded_by: integer('recorded_by'),
    /** The online provider that wrote it (the next step's payments), instead of a member of staff. */
    provider: text('provider'),
    /** The writer's key for this entry: the same key twice records it once. */
    idempotency_key: text('idempotency_key'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.booking_id, t.id),
    uniqueIndex('ledger_entries_idempotency_idx').on(t.idempotency_key),
    check('ledger_entries_kind_check', sql`${t.kind} in ('payment', 'refund', 'correction')`),
    check('ledger_entries_method_check', sql`${t.method} is null or ${t.method} in ('bank-transfer', 'cash', 'card', 'mobile-money')`),
    check('ledger_entries_sign_check', sql`${t.amount_minor} <> 0 and (${t.kind} <> 'payment' or ${t.amount_minor} > 0) and (${t.kind} <> 'refund' or ${t.amount_minor} < 0)`),
    check('ledger_entries_reason_check', sql`${t.kind} = 'payment' or length(${t.reason}) > 0`),
    check('ledger_entries_who_check', sql`${t.recorded_by} is not null or ${t.provider} is not null`),
  ],
);

/**
 * What happened to a booking: its state changes ('state', with from and to) and the reminders sent
 * ('reminder-…'): a reminder's kind is unique per booking, so it is sent once across processes.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.booking_id, t.at), uniqueIndex('booking_events_reminder_idx').on(t.booking_id, t.kind).where(sql`kind like 'reminder-%'`)],
);
