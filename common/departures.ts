// Group departures: a safari's fixed dates sold seat by seat. What the public answers and the
// console's screens read, and the words both show (the forms they send, one schema each, are in
// common/departure-forms.ts: zod stays out of the pages that only show departures). Money is in
// minor units of the departure's currency (common/booking-money.ts); a booking made from a
// departure is priced by priceOf like any other.

export const DEPARTURE_STATUSES = ['open', 'guaranteed', 'full', 'cancelled'] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];
export const DEPARTURE_STATUS_LABELS: Record<DepartureStatus, string> = { open: 'Open', guaranteed: 'Guaranteed to run', full: 'Full', cancelled: 'Cancelled' };

/** How long seats are held after a booking is made, waiting for the deposit. */
export const HOLD_MINUTES = 30;
/**
 * A card or mobile-money payment for held seats: the provider's page closes after this many minutes
 * (Stripe's shortest Checkout Session is 30 minutes), and the seats stay held a few minutes beyond,
 * so the provider can never take money for seats already released.
 */
export const PAY_WINDOW_MINUTES = 31;
export const PAY_HOLD_MINUTES = PAY_WINDOW_MINUTES + 5;
/** "Only N seats left" from this many seats down. */
export const FEW_SEATS = 3;
export const MAX_SEATS = 99;

export const DEPARTURE_MESSAGES = {
  startsOn: 'Enter the departure date.',
  past: 'The departure date cannot be in the past.',
  seats: `Enter the number of seats, from 1 to ${MAX_SEATS}.`,
  seatsBelowBooked: 'There are more seats booked than that: move or cancel bookings first.',
  price: 'Enter the price per person, in dollars and cents.',
  supplement: 'Enter the single supplement, in dollars and cents (0 for none).',
  status: 'Choose a status from the list.',
  safari: 'Choose a safari from the list.',
  guide: 'Choose a guide from the list, or none.',
  notFound: 'This departure is no longer on sale.',
  closed: 'This departure is no longer on sale. Choose another date, or ask us for a private trip.',
  soldOut: 'Sorry: there are not enough seats left on this departure. Choose fewer seats or another date.',
  travellers: 'Enter the full name of every traveller.',
  singles: 'Single rooms cannot be more than the travellers.',
  leadName: 'Enter the lead traveller’s full name.',
  email: 'Enter an e-mail address we can reach you at.',
  phone: 'Enter a phone number, or leave it empty.',
  terms: 'Tick the box to accept the terms.',
  cancelled: 'This departure is already cancelled.',
  reason: 'Say why the departure is cancelled (the travellers read it).',
  moveTarget: 'Choose another departure of the same safari that is on sale.',
  notOnDeparture: 'This booking is not on this departure.',
} as const;

/** schema.org availability of a departure with this many seats left. */
export function availabilityOf(d: { status: DepartureStatus; seatsLeft: number }): 'InStock' | 'LimitedAvailability' | 'SoldOut' {
  if (d.status === 'cancelled' || d.status === 'full' || d.seatsLeft <= 0) return 'SoldOut';
  return d.seatsLeft <= FEW_SEATS ? 'LimitedAvailability' : 'InStock';
}

/** Whether seats can be booked on it (on sale and not sold out). */
export const onSale = (d: { status: DepartureStatus; seatsLeft: number }) => availabilityOf(d) !== 'SoldOut';

/** A departure as the public sees it. */
export interface PublicDeparture {
  id: number;
  safariSlug: string;
  startsOn: string;
  endsOn: string;
  seats: number;
  seatsLeft: number;
  priceMinor: number;
  singleSupplementMinor: number;
  currency: 'USD';
  status: DepartureStatus;
  guide: { slug: string; name: string } | null;
  /** When it went on sale (YYYY-MM-DD): its offer's validFrom. */
  onSaleFrom: string;
}

/** GET /api/departures/safari/:slug */
export interface SafariDepartures {
  departures: PublicDeparture[];
}

/**
 * GET /api/departures/:id: one departure with what its booking page shows (/api/<lang>/…: the
 * safari's title and the terms in that language).
 */
export interface DepartureForBooking extends PublicDeparture {
  safariTitle: string;
  safariDays: number;
  /** The terms a traveller accepts when booking its seats. */
  terms: string;
  depositPercent: number;
}

/** A departure in the console: the public view, and who holds its seats. */
export interface ConsoleDeparture extends PublicDeparture {
  safariTitle: string;
  booked: number;
  held: number;
  bookings: number;
}

export interface ManifestBooking {
  bookingId: number;
  reference: string;
  state: string;
  leadName: string;
  leadEmail: string;
  leadPhone: string;
  seats: number;
  singleRooms: number;
  /** Until when the seats are held waiting for a payment; null once paid (or kept by staff). */
  holdUntil: string | null;
  paid: boolean;
  refundDue: boolean;
  travellers: { name: string; age: number | null; dietary: string; medical: string }[];
}

/** GET /api/admin/departures/:id */
export interface DepartureDetail {
  departure: ConsoleDeparture;
  manifest: ManifestBooking[];
  /** Other departures of the same safari a booking may move to. */
  moveTargets: PublicDeparture[];
  safaris: { slug: string; title: string }[];
  guides: { slug: string; name: string }[];
}

/** GET /api/admin/departures */
export interface DepartureList {
  today: string;
  items: ConsoleDeparture[];
  safaris: { slug: string; title: string }[];
  guides: { slug: string; name: string }[];
}
