// Shapes shared by the API's answers: page metadata, lists without repeats, a country's heading.
import type { PageMeta } from '../../common/api-types.ts';

export function pageMeta(siteUrl: string, path: string, title: string, keywords: string, description: string): PageMeta {
  return { title, pageKeywords: keywords, pageDescription: description, pageUrl: `${siteUrl}${path}` };
}

/** Removes later duplicates by id, keeping the first occurrence's order. */
export function dedupeById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}

/** The heading fields of a country's lists (parks, safaris, experiences in a destination). */
export function destinationHeader(d: { destinationtitle: string; destinationtitleslug: string; destinationheaderimage: string; destinationheaderimagealt: string }) {
  return {
    destinationTitle: d.destinationtitle,
    destinationTitleSlug: d.destinationtitleslug,
    destinationImage: d.destinationheaderimage,
    destinationImageAlt: d.destinationheaderimagealt,
  };
}
