// Tables of what travellers bring: currency rates for showing prices in their money and WhatsApp
// leads counted per page and day (the reviews they write on safari pages are with the safaris, in
// schema.ts).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * How many units of a currency one US dollar buys. USD is the base every price is stored and
 * billed in; these rates only convert what the browser shows. A row set from the content file
 * (content/currency-rates.yaml) has no `updated_by`; once an owner sets a rate in the console
 * (`updated_by` = the staff account), the file no longer overrides it.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').primaryKey(),
    per_usd: numeric('per_usd', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    /** When the rate was set (the file's date, or the moment an owner saved it). */
    updated_at: at('updated_at').notNull().defaultNow(),
    /** The staff account that set it in the console; null: from the content file. */
    updated_by: integer('updated_by'),
  },
  (t) => [check('currency_rates_positive', sql`${t.per_usd} > 0`), check('currency_rates_code', sql`${t.currency} ~ '^[A-Z]{3}$'`)],
);

/** Clicks on a WhatsApp button, per page path and day (no visitor data at all). */
export const whatsappLeads = pgTable(
  'whatsapp_leads',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] }), index('whatsapp_leads_path_idx').on(t.path, t.day)],
);
