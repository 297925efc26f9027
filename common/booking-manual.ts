// A booking staff make by hand (/admin/bookings/new), for a trip booked on the phone: no quote, no
// trip page. A safari or a title, the dates, the travellers' names (and ages), the lead traveller's
// contact and the price lines, priced by the one money function (common/booking-money.ts priceOf).
// One schema for the API (POST /api/admin/bookings) and the console's form, which is a plain form
// read back here (it works without JavaScript).
import './zod-csp.ts';
import { z } from 'zod';
import { DEFAULT_DEPOSIT_PERCENT, isIsoDay } from './booking-money.ts';
import { quotePriceLineSchema } from './quote-document.ts';
import { travellerSchema } from './quote-admin.ts';
import { lineOf } from './quote-form.ts';

z.config({ jitless: true });

/** Rows of price lines the form offers. */
export const MANUAL_LINE_ROWS = 6;
const MAX_TRAVELLERS = 40;

export const MANUAL_BOOKING_MESSAGES = {
  trip: 'Choose the safari or give the trip a title.',
  title: 'The title: at most 200 characters.',
  travelFrom: 'Enter the first day of travel as a date.',
  travelTo: 'Enter the last day of travel as a date.',
  order: 'The last day of travel cannot be before the first.',
  travellers: 'Give the name of every traveller, one a line.',
  tooMany: `At most ${MAX_TRAVELLERS} travellers.`,
  age: 'An age is a whole number of years from 0 to 120, after a comma: “Amina Okello, 9”.',
  lines: 'Add at least one price line.',
  deposit: 'The deposit is a whole percentage from 0 to 100.',
  balanceDueOn: 'Enter the balance’s due date as a date, or leave it empty (60 days before travel).',
  balanceOrder: 'The balance is due on or before the first day of travel.',
  notes: 'The notes: at most 10,000 characters.',
  safari: 'That safari does not exist: choose one from the list.',
} as const;
const M = MANUAL_BOOKING_MESSAGES;

const day = (message: string) => z.string({ error: message }).refine(isIsoDay, message);

const manualTravellerSchema = z.object({
  name: z.string({ error: M.travellers }).trim().min(1, M.travellers).max(200, 'A traveller’s name: at most 200 characters.'),
  age: z.number({ error: M.age }).int(M.age).min(0, M.age).max(120, M.age).nullable().default(null),
});

/** POST /api/admin/bookings */
export const manualBookingSchema = z
  .object({
    safariSlug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.safari)
      .max(200, M.safari)
      .nullable()
      .default(null),
    title: z.string({ error: M.trip }).trim().max(200, M.title).default(''),
    travelFrom: day(M.travelFrom),
    travelTo: day(M.travelTo),
    travellers: z.array(manualTravellerSchema, { error: M.travellers }).min(1, M.travellers).max(MAX_TRAVELLERS, M.tooMany),
    lead: travellerSchema,
    lines: z.array(quotePriceLineSchema, { error: M.lines }).min(1, M.lines).max(60),
    depositPercent: z.number({ error: M.deposit }).int(M.deposit).min(0, M.deposit).max(100, M.deposit).default(DEFAULT_DEPOSIT_PERCENT),
    balanceDueOn: day(M.balanceDueOn).nullable().default(null),
    notes: z.string().max(10_000, M.notes).default(''),
  })
  .refine((b) => b.safariSlug !== null || b.title.length > 0, { message: M.trip, path: ['title'] })
  .refine((b) => b.travelTo >= b.travelFrom, { message: M.order, path: ['travelTo'] })
  .refine((b) => b.balanceDueOn === null || b.balanceDueOn <= b.travelFrom, { message: M.balanceOrder, path: ['balanceDueOn'] });
export type ManualBooking = z.output<typeof manualBookingSchema>;

/** The traveller count the money function needs: the under-18s are children. */
export function travellerCount(travellers: ManualBooking['travellers']): { adults: number; children: number } {
  const children = travellers.filter((t) => t.age !== null && t.age < 18).length;
  return { adults: travellers.length - children, children };
}

/** “Name” or “Name, age” a line; an age that is not a whole number is kept as its text, so the schema names it. */
function travellersOf(text: string): { name: string; age: number | string | null }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      // The part after the last comma is the age when it has a digit (“Okello, Amina” is a name).
      const m = /^(.*),\s*([^,]*\d[^,]*)$/.exec(l);
      if (!m) return { name: l, age: null };
      const age = m[2]!.trim();
      return { name: m[1]!.trim(), age: /^\d+$/.test(age) ? Number(age) : age };
    });
}

/** The request the form's fields describe (unchecked: the API's schema says what is wrong). */
export function manualBookingFromForm(f: Record<string, string>): unknown {
  const deposit = (f.depositPercent ?? '').trim();
  return {
    safariSlug: f.safariSlug || null,
    title: f.title ?? '',
    travelFrom: f.travelFrom ?? '',
    travelTo: f.travelTo ?? '',
    travellers: travellersOf(f.travellers ?? ''),
    lead: { name: f.leadName ?? '', email: f.leadEmail ?? '', phone: f.leadPhone ?? '' },
    lines: Array.from({ length: MANUAL_LINE_ROWS }, (_, i) => lineOf(f, i)).filter((l) => l !== null),
    depositPercent: deposit === '' ? DEFAULT_DEPOSIT_PERCENT : /^\d+$/.test(deposit) ? Number(deposit) : Number.NaN,
    balanceDueOn: (f.balanceDueOn ?? '').trim() || null,
    notes: f.notes ?? '',
  };
}
