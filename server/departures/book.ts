// Booking seats on a departure, straight from the safari page: no quote to wait for, and none
// behind the booking. Under the departure's row lock (server/departures/seats.ts) the seats are
// checked and taken in one transaction; the booking is a booking of its departure with no quote,
// written like one staff make by hand (server/bookings/manual.ts): the trip's title and price lines
// (server/departures/trip-document.ts), priced by the one money function, and a private trip link
// of its own. Its seats are held for 30 minutes waiting for the deposit.
import { priceOf } from '../../common/booking-money.ts';
import type { SeatBooking } from '../../common/departure-forms.ts';
import { HOLD_MINUTES, DEPARTURE_MESSAGES } from '../../common/departures.ts';
import type { BookingRow } from '../bookings/bookings.ts';
import { insertQuotelessBooking } from '../bookings/manual.ts';
import { createBookingTripLink } from '../bookings/trip-links.ts';
import type { Tx } from '../db/index.ts';
import { departureSeats } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { type DepartureRow, lockDeparture, seatsChanged } from './seats.ts';
import { departureDocument, safariOf } from './trip-document.ts';

export interface BookedSeats {
  booking: BookingRow;
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
  const safari = await safariOf(tx, departure.safari_slug, input.language);
  if (!safari) throw closed();
  const trip = departureDocument(departure, safari, { travellers: seats, singleRooms: input.singleRooms }, at.today, input.language);
  const price = priceOf({ currency: trip.currency, lines: trip.lines, travellers: trip.travellers, depositPercent: trip.depositPercent, travelFrom: trip.travelFrom, balanceDueOn: trip.balanceDueOn });
  const booking = await insertQuotelessBooking(tx, {
    title: trip.title,
    safariSlug: departure.safari_slug,
    lines: trip.lines,
    price,
    travelFrom: trip.travelFrom,
    travelTo: trip.travelTo,
    lead: { name: input.leadName, email: input.email, phone: input.phone },
    travellers: input.travellers.map((name) => ({ name, age: null })),
    notes: '',
    staffId: null,
    today: at.today,
    event: {},
    language: input.language,
  });
  const token = await createBookingTripLink(tx, booking.id);
  const holdUntil = new Date(at.now.getTime() + HOLD_MINUTES * 60_000);
  await tx.insert(departureSeats).values({ booking_id: booking.id, departure_id: departure.id, seats, single_rooms: input.singleRooms, hold_until: holdUntil });
  await seatsChanged(tx, [departure.id], at.now);
  return { booking, departure, title: trip.title, token, holdUntil };
}
