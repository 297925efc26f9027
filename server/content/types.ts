// What the console knows of each content type beyond its schema (server/db/content.ts): how it is
// named, which field is its title, where its items live on the site (for "view on site" and the
// redirects a changed slug leaves), and whether its items are fixed pages. One entry per
// collection of `collections`; the form itself is derived from the schema (describe.ts).
import { collections, type CollectionName } from '../db/content.ts';
import { aboutPath } from '../../common/site.ts';

export interface ContentType {
  name: CollectionName;
  label: string;
  singular: string;
  /** The document field shown as the item's title. */
  titleField: string;
  /** The site's addresses of an item, its own page first ([] when it has none). */
  paths: (slug: string) => string[];
  /** Fixed pages of the site: edited only. */
  fixed?: boolean;
}

/** Static pages by slug: where each is on the site (content/pages/<slug>.yaml). */
function pagePath(slug: string): string[] {
  if (slug === 'home') return ['/'];
  if (slug === 'about') return [aboutPath];
  return [`/${slug}`];
}

const TYPES: { [K in CollectionName]: Omit<ContentType, 'name'> } = {
  safaris: { label: 'Safaris', singular: 'safari', titleField: 'title', paths: (s) => [`/safaris/${s}`] },
  destinations: {
    label: 'Destinations',
    singular: 'destination',
    titleField: 'title',
    paths: (s) => [`/destinations/${s}`, `/safaris/in/${s}`, `/parks/in/${s}`, `/experiences/in/${s}`],
  },
  parks: { label: 'Parks', singular: 'park', titleField: 'title', paths: (s) => [`/parks/${s}`] },
  lodges: { label: 'Lodges', singular: 'lodge', titleField: 'title', paths: (s) => [`/lodges/${s}`] },
  experiences: { label: 'Experiences', singular: 'experience', titleField: 'title', paths: (s) => [`/experiences/${s}`, `/safaris/experiences/${s}`] },
  blogs: { label: 'Blog posts', singular: 'blog post', titleField: 'title', paths: (s) => [`/blogs/${s}`] },
  animals: { label: 'Animals', singular: 'animal', titleField: 'title', paths: (s) => [`/animals/${s}`] },
  birds: { label: 'Birds', singular: 'bird', titleField: 'title', paths: (s) => [`/birds/${s}`] },
  places: { label: 'Places on routes', singular: 'place', titleField: 'title', paths: () => [] },
  faqs: { label: 'Questions and answers', singular: 'question', titleField: 'question', paths: () => [] },
  reviews: { label: 'Featured reviews', singular: 'review', titleField: 'title', paths: () => [] },
  pages: { label: 'Site pages', singular: 'page', titleField: 'title', paths: pagePath, fixed: true },
};

/** The editable types, in the console's order. */
export const CONTENT_TYPES: ContentType[] = (Object.keys(TYPES) as CollectionName[])
  .filter((name) => name in collections)
  .map((name) => ({ name, ...TYPES[name] }));

export function contentType(name: string): ContentType | undefined {
  return CONTENT_TYPES.find((t) => t.name === name);
}

export function titleOf(type: ContentType, document: Record<string, unknown>, slug: string): string {
  const v = document[type.titleField];
  return typeof v === 'string' && v.trim() ? v.trim() : slug;
}
