// Tables of group departures (migration 0027): a safari's fixed-date departures that travellers
// book seat by seat (server/departures/), and which booking holds seats on which departure. The
// safari and the guide are named by slug, as quotes name their safari: the content's rows are
// replaced when it is loaded again, and a departure staff made must outlive that. Amounts are
// integers in minor units of the row's currency (common/booking-money.ts).
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './schema-bookings.ts';
import { staff } from './schema-staff.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'number' });

/** A fixed-date departure of a safari, sold per seat. */
export const departures = pgTable(
  'departures',
  {
    id: serial('id').primaryKey(),
    safari_slug: text('safari_slug').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    seats: smallint('seats').notNull(),
    price_minor: minor('price_minor').notNull(),
    single_supplement_minor: minor('single_supplement_minor').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** common/departures.ts DEPARTURE_STATUSES */
    status: text('status').notNull().default('open'),
    guide_slug: text('guide_slug'),
    created_by: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('departures_safari_idx').on(t.safari_slug, t.starts_on),
    index('departures_starts_idx').on(t.starts_on),
    check('departures_status_check', sql`${t.status} in ('open', 'guaranteed', 'full', 'cancelled')`),
    check('departures_seats_check', sql`${t.seats} between 1 and 99`),
    check('departures_money_check', sql`${t.price_minor} >= 0 and ${t.single_supplement_minor} >= 0`),
  ],
);

/**
 * The seats a booking takes on a departure. A seat counts while the booking is not cancelled, the
 * row not released, and either the hold has not run out or the booking's ledger has a payment.
 */
export const departureSeats = pgTable(
  'departure_seats',
  {
    booking_id: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    departure_id: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'restrict' }),
    seats: smallint('seats').notNull(),
    single_rooms: smallint('single_rooms').notNull().default(0),
    /** Until when the seats are held without a payment (null: kept without one, as staff decided). */
    hold_until: at('hold_until'),
    /** When an unpaid hold ran out, or the departure was cancelled: the seats are free again. */
    released_at: at('released_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('departure_seats_departure_idx').on(t.departure_id), check('departure_seats_seats_check', sql`${t.seats} between 1 and 99 and ${t.single_rooms} between 0 and ${t.seats}`)],
);
