// What a reply from the enquiry screen may carry (GET /api/admin/enquiries/{id}/reply-kit): the
// owners' templates filled for this enquiry and agent, the itinerary PDF of the safari the visitor
// asked about, and the quotes made for this enquiry that were sent (the latest sent version's PDF
// and a private trip link go with the reply).
import type { Language } from './languages.ts';
import type { ReplyTemplate } from './reply-templates.ts';

export interface ReplyKit {
  /** The language the traveller wrote in (the page the enquiry was sent from). */
  language: Language;
  /** The templates, those in the traveller's language first. */
  templates: ReplyTemplate[];
  /** The enquiry's safari, whose itinerary PDF can go with the reply; null when it names none. */
  itinerary: { slug: string; title: string } | null;
  /** This enquiry's sent quotes, newest first. */
  quotes: { id: number; reference: string; version: number; title: string }[];
}

export const REPLY_DOCUMENT_MESSAGES = {
  noSafari: 'This enquiry names no safari: there is no itinerary to attach.',
  noItinerary: 'The itinerary PDF cannot be made just now. Send the reply without it, or try again in a moment.',
  notQuote: 'That quote is not a sent quote of this enquiry. Reload the page and choose again.',
} as const;
