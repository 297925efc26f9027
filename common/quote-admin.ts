// The console's quotes (/admin/quotes): the requests it sends and the answers it reads, checked by
// the same schemas in the browser and the API.
import type { SafariResponse } from './api-types.ts';
import type { EnquiryTrip } from './quote-base.ts';
import './zod-csp.ts';
import { z } from 'zod';
import type { BookingState, PriceTerms } from './booking-money.ts';
import type { CurrencyRates } from './currency.ts';
import { LANGUAGE_CODES, type Language } from './languages.ts';
import type { QuoteDocument, QUOTE_STATUSES } from './quote-document.ts';
import { isEmail } from './validation.ts';

z.config({ jitless: true });

export const QUOTE_STATUS_LABELS: Record<(typeof QUOTE_STATUSES)[number], string> = { draft: 'Draft', sent: 'Sent', accepted: 'Accepted', withdrawn: 'Withdrawn' };

/** Who a quote is for; also the lead traveller of a booking made by hand (common/booking-manual.ts). */
export const travellerSchema = z.object({
  name: z.string({ error: 'Enter the traveller’s name.' }).trim().min(1, 'Enter the traveller’s name.').max(200, 'The name: at most 200 characters.'),
  email: z
    .string({ error: 'Enter the traveller’s e-mail address.' })
    .trim()
    .max(254)
    .refine((v) => isEmail(v), 'Enter the traveller’s e-mail address.'),
  phone: z.string().trim().max(40, 'The phone: at most 40 characters.').default(''),
});

/** POST /api/admin/quotes */
export const newQuoteSchema = z.object({
  traveller: travellerSchema,
  enquiryId: z.number().int().positive().nullable().default(null),
  safariSlug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(200)
    .nullable()
    .default(null),
  /** The language it is written in, when it has no enquiry (one made from an enquiry is in the enquiry's). */
  language: z.enum(LANGUAGE_CODES, { error: 'Choose the language the quote is written in.' }).default('en'),
  /** Checked by common/quote-document.ts, which names the field that is wrong. */
  document: z.unknown(),
});

/** PUT /api/admin/quotes/{id} */
export const saveQuoteSchema = z.object({ document: z.unknown() });

export interface QuoteListItem {
  id: number;
  reference: string;
  travellerName: string;
  travellerEmail: string;
  status: (typeof QUOTE_STATUSES)[number];
  title: string;
  version: number;
  totalMinor: number;
  currency: string;
  travelFrom: string;
  updatedAt: string;
  enquiryId: number | null;
  /** The language it is written in (its e-mail, its PDF and the trip page are in it). */
  language: Language;
  booking: { reference: string; state: BookingState } | null;
}

export interface QuoteDetail extends QuoteListItem {
  travellerPhone: string;
  safariSlug: string | null;
  createdAt: string;
  document: QuoteDocument;
  price: PriceTerms;
  /** Whether the latest version is a draft not yet sent. */
  draft: boolean;
  versions: { version: number; totalMinor: number; createdAt: string; sentAt: string | null; supersededAt: string | null }[];
  /** Private trip links not revoked. */
  openLinks: number;
}

/** GET /api/admin/quotes/new?enquiry={id}: what an enquiry already says about the trip. */
export interface QuoteStart {
  traveller: { name: string; email: string; phone: string };
  enquiryId: number | null;
  safariSlug: string | null;
  message: string;
  /** What the enquiry said about the trip; null for a quote made from nothing. */
  trip: EnquiryTrip | null;
  /** The language the quote will be written in: the enquiry's, else the one asked for (?language=), else English. */
  language: Language;
  /**
   * The safari it starts from (the one asked for, else the enquiry's), its page's answer in the
   * quote's language, or in English (`language`) when it has no translation there; null for none.
   */
  safari: { slug: string; language: Language; answer: Pick<SafariResponse, 'safari' | 'safaridays'> } | null;
}

/** GET /api/admin/quote-choices: the lodges a night is spent at, the site's currency rates, the operator's day. */
export interface QuoteChoices {
  lodges: { slug: string; name: string; park: string }[];
  rates: CurrencyRates;
  today: string;
}
