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

/** The first message of the chat. */
export function whatsappMessage(page: WhatsAppPage = {}): string {
  const greeting = `Hello ${site.name}!`;
  const title = page.title?.trim();
  const url = page.url?.trim();
  if (page.safari && title) return `${greeting} I would like to ask about the safari “${title}”${url ? `: ${url}` : '.'}`;
  if (title && url) return `${greeting} I have a question about “${title}”: ${url}`;
  if (url) return `${greeting} I have a question about this page: ${url}`;
  return `${greeting} I would like to plan a safari.`;
}

/** The wa.me link with that message (https://wa.me/<number>?text=...). */
export function whatsappHref(page: WhatsAppPage = {}): string {
  return `${site.whatsappHref}?text=${encodeURIComponent(whatsappMessage(page))}`;
}

/** Whether a link is one of the operator's WhatsApp buttons (what a lead is counted for). */
export function isOperatorWhatsApp(href: string | null | undefined): boolean {
  return !!href && (href === site.whatsappHref || href.startsWith(`${site.whatsappHref}?`));
}
