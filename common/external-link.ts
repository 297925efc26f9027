// Links that leave the site (the visa application site, social pages, WhatsApp, sharing): they
// open in a new tab without giving the other site a handle on ours (rel), and say so in their
// accessible name. The one definition, used by the React component (app/components/ExternalLink.tsx)
// and by the Markdown renderer of stored content (server/db/html.ts).

/** The words added to such a link's accessible name (English; a page says them in its language: `link.newTab`). */
export const NEW_TAB_NOTE = 'opens in a new tab';

/** The rel of every link that leaves the site. */
export const EXTERNAL_REL = 'noopener noreferrer';

/** An absolute http(s) address: another site (a link to a path of ours stays in the tab). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** The accessible name of an icon-only external link: `Kigezi Trails on YouTube (opens in a new tab)`. */
export function externalLabel(label: string, note: string = NEW_TAB_NOTE): string {
  return `${label} (${note})`;
}
