// A WhatsApp lead: the click on a WhatsApp button, sent by the browser (navigator.sendBeacon) with
// the page's path and nothing else, and counted per path and day (server/leads.ts).

export const WHATSAPP_LEAD_PATH = '/api/leads/whatsapp';

/** The longest path counted. */
const LEAD_PATH_MAX = 200;

/** A page path as the site has them: lower-case words joined by hyphens, at most five levels. */
const PAGE_PATH = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,4})?$/;

/** The page path a lead is counted under, or null when `value` is not one of the site's paths. */
export function leadPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > LEAD_PATH_MAX) return null;
  const path = value.length > 1 ? value.replace(/\/+$/, '') : value;
  return PAGE_PATH.test(path) ? path : null;
}

export const LEAD_PATH_MESSAGE = 'The lead must name a page of the site by its path, e.g. /safaris/some-safari.';

export const LEAD_SITE_MESSAGE = 'WhatsApp clicks are counted only from the pages of our own website.';

export const LEAD_UNKNOWN_PAGE_MESSAGE = 'There is no page at this path: the click is not counted.';
