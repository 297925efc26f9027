// Shapes shared by the API's answers: page metadata, a country's heading.
import type { PageMeta } from '../../common/api-types.ts';

export function pageMeta(siteUrl: string, path: string, title: string, keywords: string, description: string): PageMeta {
  return { title, pageKeywords: keywords, pageDescription: description, pageUrl: `${siteUrl}${path}` };
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
