// The traveller's private trip page (/trip/{token}): what the API answers, and the forms the
// traveller sends (accepting the quote; the travellers' ages, diets and medical notes). One schema
// for the page's action and the API.
import './zod-csp.ts';
import { z } from 'zod';
import type { BookingAccount, BookingState, PriceTerms } from './booking-money.ts';
import type { QuoteDocument } from './quote-document.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

z.config({ jitless: true });

/** Every answer of a trip page, its API and its map: never kept, never indexed, no Referer to other sites (the token is in the address). */
export const TRIP_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' } as const;

/**
 * The trip page's address in an e-mail to the traveller: in another language than English it names
 * it (?lang=), so that a link that can no longer be opened says so in the traveller's language too
 * (an English link is as it always was; an open link shows its booking's or quote's language anyway).
 */
export function tripUrl(siteUrl: string, token: string, language: Language): string {
  return `${siteUrl}/trip/${token}${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`;
}

export const TRIP_MESSAGES = {
  leadName: 'Enter the lead traveller’s full name.',
  traveller: 'Enter the full name of every traveller.',
  terms: 'Tick the box to accept the terms.',
  age: 'Enter an age from 0 to 120, or leave it empty.',
  notes: 'At most 1,000 characters.',
  throttled: 'Too many attempts from your connection. Wait an hour, then open the link from your e-mail again.',
  notFound: 'This trip link is not valid. It may have been mistyped, or replaced by a newer one: open the link in our latest e-mail, or contact us.',
} as const;

const name = (message: string) => z.string({ error: message }).trim().min(2, message).max(200, message);

/** POST /api/trip/{token}/accept */
export const acceptSchema = z.object({
  leadName: name(TRIP_MESSAGES.leadName),
  travellers: z.array(name(TRIP_MESSAGES.traveller)).min(1, TRIP_MESSAGES.traveller).max(40),
  acceptTerms: z.literal(true, { error: TRIP_MESSAGES.terms }),
  /** The quote version the traveller read: accepting an older one (a newer was sent meanwhile) is refused. */
  version: z.number().int().positive(),
});

const notes = z.string().trim().max(1000, TRIP_MESSAGES.notes).default('');

/** POST /api/trip/{token}/manifest */
export const manifestSchema = z.object({
  travellers: z
    .array(
      z.object({
        position: z.number().int().min(0).max(39),
        age: z.number({ error: TRIP_MESSAGES.age }).int(TRIP_MESSAGES.age).min(0, TRIP_MESSAGES.age).max(120, TRIP_MESSAGES.age).nullable(),
        dietary: notes,
        medical: notes,
      }),
    )
    .max(40),
});

interface TripTraveller {
  position: number;
  name: string;
  age: number | null;
  dietary: string;
  medical: string;
}

/** GET /api/trip/{token} */
export interface TripView {
  reference: string;
  travellerName: string;
  version: number;
  sentAt: string;
  document: QuoteDocument;
  price: PriceTerms;
  /** The language the traveller wrote or booked in (the booking's, else the enquiry's the quote answers): the page's. */
  language: Language;
  /** The operator's calendar day today. */
  today: string;
  expired: boolean;
  booking: {
    reference: string;
    state: BookingState;
    leadName: string;
    account: BookingAccount;
    depositDueOn: string;
    balanceDueOn: string;
    travellers: TripTraveller[];
  } | null;
}
