// Booking seats on a departure, straight from the safari page: no quote to wait for. Under the
// departure's row lock (server/departures/seats.ts) the seats are checked and taken in one
// transaction; the booking is made like any other (server/bookings/: the trip's document, priced
// by the one money function, its private trip link), and its seats are held for 30 minutes
// waiting for the deposit.
import { HOLD_MINUTES, DEPARTURE_MESSAGES, type SeatBooking } from '../../common/departures.ts';
import { createBooking, type BookingRow } from '../bookings/bookings.ts';
import { createQuote, markQuoteSent, type QuoteRow } from '../bookings/quotes.ts';
import { createTripLink } from '../bookings/trip-links.ts';
import type { Tx } from '../db/index.ts';
import { departureSeats } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { type DepartureRow, lockDeparture, seatsChanged } from './seats.ts';
import { departureDocument, safariOf } from './trip-document.ts';

export interface BookedSeats {
  booking: BookingRow;
  quote: QuoteRow;
  departure: DepartureRow;
  title: string;
  /** The trip page's token: given once, for the traveller's e-mail and the redirect. */
  token: string;
  holdUntil: Date;
}

const closed = () => new HttpError(409, DEPARTURE_MESSAGES.closed, undefined, 'closed');

/** Books `input.travellers.length` seats on a departure at `now` (the operator's day `today`). */
export async function bookSeats(tx: Tx, departureId: number, input: SeatBooking, at: { today: string; now: Date }): Promise<BookedSeats> {
  const { departure, seatsLeft } = await lockDeparture(tx, departureId, at.now);
  if (departure.status === 'cancelled' || departure.status === 'full' || departure.starts_on <= at.today) throw closed();
  const seats = input.travellers.length;
  if (seats > seatsLeft) throw new HttpError(409, DEPARTURE_MESSAGES.soldOut, undefined, 'sold-out');
  const safari = await safariOf(tx, departure.safari_slug);
  if (!safari) throw closed();
  const document = departureDocument(departure, safari, seats, input.singleRooms, at.today);
  const lead = { name: input.leadName, email: input.email, phone: input.phone };
  const { quote, version } = await createQuote(tx, { traveller: lead, safariSlug: departure.safari_slug, document, year: Number(at.today.slice(0, 4)) });
  await markQuoteSent(tx, quote.id, null);
  const token = await createTripLink(tx, quote.id);
  const booking = await createBooking(tx, { quoteVersionId: version.id, lead, travellers: input.travellers, today: at.today });
  const holdUntil = new Date(at.now.getTime() + HOLD_MINUTES * 60_000);
  await tx.insert(departureSeats).values({ booking_id: booking.id, departure_id: departure.id, seats, single_rooms: input.singleRooms, hold_until: holdUntil });
  await seatsChanged(tx, [departure.id], at.now);
  return { booking, quote, departure, title: document.title, token, holdUntil };
}
