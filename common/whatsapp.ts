// WhatsApp links that carry the page: every WhatsApp button opens a chat with the operator with a
// first message already written, naming the page the visitor was on (a safari by its title and
// address), so the team knows at once what the question is about.
import { site } from './site.ts';

export interface WhatsAppPage {
  /** The page's title, e.g. "9 Day Gorilla and Wildlife Safari" for a safari. */
  title?: string | null;
  /** The page's canonical address. */
  url?: string | null;
  /** The page is a safari's: the message asks about that safari. */
  safari?: boolean;
}

/** The message's forms: a safari's (with or without its address), a titled page's, a page's, none. */
export type WhatsAppMessageKind = 'safariAt' | 'safari' | 'titled' | 'page' | 'plan';

/** The message in a language: its form with the operator's name, the title and the address. */
export type WhatsAppWords = (kind: WhatsAppMessageKind, values: { name: string; title: string; url: string }) => string;

/** The English words (the pages' catalogues say the same in each language: `whatsapp.<kind>`). */
export const englishWhatsAppWords: WhatsAppWords = (kind, { name, title, url }) => {
  const greeting = `Hello ${name}!`;
  if (kind === 'safariAt') return `${greeting} I would like to ask about the safari “${title}”: ${url}`;
  if (kind === 'safari') return `${greeting} I would like to ask about the safari “${title}”.`;
  if (kind === 'titled') return `${greeting} I have a question about “${title}”: ${url}`;
  if (kind === 'page') return `${greeting} I have a question about this page: ${url}`;
  return `${greeting} I would like to plan a safari.`;
};

/** The first message of the chat, in English unless other words are given. */
export function whatsappMessage(page: WhatsAppPage = {}, words: WhatsAppWords = englishWhatsAppWords): string {
  const title = page.title?.trim() ?? '';
  const url = page.url?.trim() ?? '';
  const kind: WhatsAppMessageKind = page.safari && title ? (url ? 'safariAt' : 'safari') : title && url ? 'titled' : url ? 'page' : 'plan';
  return words(kind, { name: site.name, title, url });
}

/** The wa.me link with that message (https://wa.me/<number>?text=...). */
export function whatsappHref(page: WhatsAppPage = {}, words?: WhatsAppWords): string {
  return `${site.whatsappHref}?text=${encodeURIComponent(whatsappMessage(page, words))}`;
}

/** Whether a link is one of the operator's WhatsApp buttons (what a lead is counted for). */
export function isOperatorWhatsApp(href: string | null | undefined): boolean {
  return !!href && (href === site.whatsappHref || href.startsWith(`${site.whatsappHref}?`));
}
