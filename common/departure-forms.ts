// The forms of group departures (common/departures.ts), one schema each: the console's departure,
// its cancellation and a booking's move, and a traveller's seats. The API checks them; zod is kept
// out of the public pages, which only show departures.
import './zod-csp.ts';
import { z } from 'zod';
import { isIsoDay } from './booking-money.ts';
import { DEPARTURE_MESSAGES, DEPARTURE_STATUSES, MAX_SEATS } from './departures.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGE_FIELD_MESSAGE } from './languages.ts';

z.config({ jitless: true });

const money = (message: string) => z.number({ error: message }).int(message).min(0, message).max(1e10, message);
const name = (message: string) => z.string({ error: message }).trim().min(2, message).max(200, message);

/** POST /api/admin/departures and PUT /api/admin/departures/:id */
export const departureInputSchema = z.object({
  safariSlug: z.string({ error: DEPARTURE_MESSAGES.safari }).trim().min(1, DEPARTURE_MESSAGES.safari).max(200, DEPARTURE_MESSAGES.safari),
  startsOn: z.string({ error: DEPARTURE_MESSAGES.startsOn }).refine(isIsoDay, DEPARTURE_MESSAGES.startsOn),
  seats: z.number({ error: DEPARTURE_MESSAGES.seats }).int(DEPARTURE_MESSAGES.seats).min(1, DEPARTURE_MESSAGES.seats).max(MAX_SEATS, DEPARTURE_MESSAGES.seats),
  priceMinor: money(DEPARTURE_MESSAGES.price),
  singleSupplementMinor: money(DEPARTURE_MESSAGES.supplement).default(0),
  currency: z.literal('USD', { error: 'Departures are sold in US dollars, like quotes.' }).default('USD'),
  status: z.enum(DEPARTURE_STATUSES, { error: DEPARTURE_MESSAGES.status }).default('open'),
  guideSlug: z.string().trim().max(200).nullable().default(null),
});
export type DepartureInput = z.output<typeof departureInputSchema>;

/** POST /api/departures/:id/book */
export const seatBookingSchema = z
  .object({
    travellers: z.array(name(DEPARTURE_MESSAGES.travellers)).min(1, DEPARTURE_MESSAGES.travellers).max(MAX_SEATS),
    singleRooms: z.number().int().min(0).max(MAX_SEATS).default(0),
    leadName: name(DEPARTURE_MESSAGES.leadName),
    email: z.email({ error: DEPARTURE_MESSAGES.email }).max(254, DEPARTURE_MESSAGES.email),
    phone: z.string().trim().max(40, DEPARTURE_MESSAGES.phone).default(''),
    acceptTerms: z.literal(true, { error: DEPARTURE_MESSAGES.terms }),
    /** The language of the booking page (common/languages.ts); absent is English. */
    language: z.enum(LANGUAGE_CODES, { error: LANGUAGE_FIELD_MESSAGE }).default(DEFAULT_LANGUAGE),
  })
  .refine((b) => b.singleRooms <= b.travellers.length, { message: DEPARTURE_MESSAGES.singles, path: ['singleRooms'] });
export type SeatBooking = z.output<typeof seatBookingSchema>;

/** POST /api/admin/departures/:id/cancel */
export const departureCancelSchema = z.object({ reason: z.string({ error: DEPARTURE_MESSAGES.reason }).trim().min(3, DEPARTURE_MESSAGES.reason).max(1000, DEPARTURE_MESSAGES.reason) });
/** POST /api/admin/departures/:id/move */
export const departureMoveSchema = z.object({
  bookingId: z.number().int().positive(),
  toDepartureId: z.number({ error: DEPARTURE_MESSAGES.moveTarget }).int().positive(DEPARTURE_MESSAGES.moveTarget),
});
