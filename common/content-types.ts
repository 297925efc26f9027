// Every content type, described once: what the console calls it, where its items live on the site,
// the prefix of its field names on the wire (spec point 7), its page size, the schema.org type of
// its pages, and how search shows it. The rest is derived from here: the console's types
// (server/content/types.ts), the search types and their result links (server/search/, the search
// page), the sitemap's detail pages (server/search/sitemap.ts) and the API answers read off a type
// (server/api/card-list.ts, server/api/pages.ts). Its document schema, tables, projection, search
// document and page queries are its module's, server/content/types/<collection>.ts. Isomorphic:
// the browser reads it too.
import { PAGE_SIZE } from './constants.ts';
import { aboutPath } from './site.ts';

export interface ContentTypeInfo {
  /** The collection: content/<collection>/*.yaml, /admin/content/<collection>. */
  readonly collection: string;
  /** Console names: the list's heading, and one item. */
  readonly label: string;
  readonly singular: string;
  /** The document field shown as an item's title. */
  readonly titleField: string;
  /** Fixed pages of the site: edited only, never added or removed. */
  readonly fixed?: true;
  /** Items with a page of their own. */
  readonly page?: {
    /** Field names on the wire: <prefix>title, <prefix>titleslug, <prefix>description, <prefix>headerimage... */
    readonly prefix: string;
    /** The list of all items, whose detail pages are <list>/<slug>. */
    readonly list: string;
    /** Other addresses an item makes beside its own page (the lists of a country...). */
    readonly more?: readonly string[];
    /** Items a page of the list shows. */
    readonly pageSize?: number;
    /** The schema.org type an item's page describes itself as (app/lib/seo/jsonld.ts), if any. */
    readonly jsonLd?: string;
    /**
     * For a type its detail page describes from its item alone (no code of its own in
     * app/lib/seo/jsonld.ts): the schema.org properties beside name, description and image, each
     * read off the item's wire field named (a list of names becomes PropertyValues).
     */
    readonly jsonLdFields?: Readonly<Record<string, string>>;
  };
  /** Found by the site search: the type's name in the index and on the results page. */
  readonly search?: {
    readonly type: string;
    readonly label: string;
    /** The wire field shown under a result's title (default: <prefix>description). */
    readonly summary?: string;
    /** The wire field of a result's title, for a type without pages (default: <prefix>title). */
    readonly title?: string;
  };
}

const TYPES = [
  {
    collection: 'safaris',
    label: 'Safaris',
    singular: 'safari',
    titleField: 'title',
    page: { prefix: 'safari', list: '/safaris', pageSize: PAGE_SIZE.safaris, jsonLd: 'TouristTrip' },
    search: { type: 'safari', label: 'Safari', summary: 'safarimetadescription' },
  },
  {
    collection: 'destinations',
    label: 'Destinations',
    singular: 'destination',
    titleField: 'title',
    page: { prefix: 'destination', list: '/destinations', more: ['/safaris/in', '/parks/in', '/experiences/in'] },
  },
  {
    collection: 'parks',
    label: 'Parks',
    singular: 'park',
    titleField: 'title',
    page: { prefix: 'park', list: '/parks', pageSize: PAGE_SIZE.parks, jsonLd: 'TouristAttraction' },
    search: { type: 'park', label: 'Park' },
  },
  {
    collection: 'lodges',
    label: 'Lodges',
    singular: 'lodge',
    titleField: 'title',
    page: { prefix: 'lodge', list: '/lodges', pageSize: PAGE_SIZE.lodges, jsonLd: 'LodgingBusiness' },
    search: { type: 'lodge', label: 'Lodge' },
  },
  {
    collection: 'experiences',
    label: 'Experiences',
    singular: 'experience',
    titleField: 'title',
    page: { prefix: 'experience', list: '/experiences', more: ['/safaris/experiences'], pageSize: PAGE_SIZE.experiences },
    search: { type: 'experience', label: 'Experience' },
  },
  {
    collection: 'blogs',
    label: 'Blog posts',
    singular: 'blog post',
    titleField: 'title',
    page: { prefix: 'blog', list: '/blogs', pageSize: PAGE_SIZE.blogs, jsonLd: 'BlogPosting' },
    search: { type: 'blog', label: 'Blog' },
  },
  {
    collection: 'animals',
    label: 'Animals',
    singular: 'animal',
    titleField: 'title',
    page: { prefix: 'animal', list: '/animals', pageSize: PAGE_SIZE.animals },
    search: { type: 'animal', label: 'Animal' },
  },
  {
    collection: 'birds',
    label: 'Birds',
    singular: 'bird',
    titleField: 'title',
    page: { prefix: 'bird', list: '/birds', pageSize: PAGE_SIZE.birds },
    search: { type: 'bird', label: 'Bird' },
  },
  {
    collection: 'guides',
    label: 'Guides',
    singular: 'guide',
    titleField: 'name',
    page: { prefix: 'guide', list: '/guides', pageSize: 12, jsonLd: 'Person' },
    search: { type: 'guide', label: 'Guide' },
  },
  {
    collection: 'vehicles',
    label: 'Vehicles',
    singular: 'vehicle',
    titleField: 'name',
    page: {
      prefix: 'vehicle',
      list: '/vehicles',
      pageSize: 12,
      jsonLd: 'Vehicle',
      jsonLdFields: { vehicleConfiguration: 'vehiclekind', seatingCapacity: 'vehicleseats', additionalProperty: 'vehiclefeatures' },
    },
    search: { type: 'vehicle', label: 'Vehicle' },
  },
  { collection: 'places', label: 'Places on routes', singular: 'place', titleField: 'title' },
  { collection: 'faqs', label: 'Questions and answers', singular: 'question', titleField: 'question', search: { type: 'faq', label: 'Faq', title: 'question' } },
  { collection: 'reviews', label: 'Featured reviews', singular: 'review', titleField: 'title' },
  { collection: 'pages', label: 'Site pages', singular: 'page', titleField: 'title', fixed: true },
] as const satisfies readonly ContentTypeInfo[];

/** Every content type, in the console's order. */
export const CONTENT_TYPES: readonly ContentTypeInfo[] = TYPES;

type Entry = (typeof TYPES)[number];
/** A collection's description, as a type. */
export type ContentTypeEntry<C extends Collection> = Extract<Entry, { collection: C }>;
type Searchable = Extract<Entry, { search: unknown }>;
type Paged = Extract<Entry, { page: unknown }>;
/** Every collection's name. */
export type Collection = Entry['collection'];
export type SearchType = Searchable['search']['type'];
/** Collections with pages of their own. */
export type PagedCollection = Paged['collection'];
/** The prefixes of the field names of types with pages ('safari', 'park'...): also their detail route's name (app/routes/<prefix>.tsx). */
export type PagePrefix = Paged['page']['prefix'];

/** Every search type, in the order search answers list them (spec point 7). */
export const SEARCH_TYPES = ['blog', 'park', 'experience', 'safari', 'faq', 'animal', 'bird', 'lodge', 'guide', 'vehicle'] as const satisfies readonly SearchType[];
// A searchable type described above and missing from that order is a type error here.
const everyTypeOrdered: [Exclude<SearchType, (typeof SEARCH_TYPES)[number]>] extends [never] ? true : never = true;
void everyTypeOrdered;

export function contentTypeInfo(collection: string): ContentTypeInfo | undefined {
  return CONTENT_TYPES.find((t) => t.collection === collection);
}

/** The content type a search type belongs to. */
function searchTypeInfo(type: SearchType): ContentTypeInfo & { search: NonNullable<ContentTypeInfo['search']> } {
  return CONTENT_TYPES.find((t) => t.search?.type === type) as ContentTypeInfo & { search: NonNullable<ContentTypeInfo['search']> };
}

/** The list key of a search type in search answers ('blogs' for 'blog'): its collection. */
export function searchListKey(type: SearchType): Searchable['collection'] {
  return searchTypeInfo(type).collection as Searchable['collection'];
}

/** Fixed site pages drawn by the plain page template: the address is the slug (content/pages/<slug>.yaml). */
export const PLAIN_PAGES = ['terms-and-conditions', 'privacy-policy', 'travel-advice', 'our-impact', 'our-conservation-promise'] as const;
/** Fixed site pages with the Popular safaris and Recent news side lists. */
export const PAGES_WITH_SIDE_LISTS = ['why-book-with-us', 'sustainability-and-environmental-conservation'] as const;

/** Fixed site pages by slug: where each is on the site (content/pages/<slug>.yaml). */
export function sitePagePath(slug: string): string {
  if (slug === 'home') return '/';
  if (slug === 'about') return aboutPath;
  return `/${slug}`;
}

/** The site's addresses of an item, its own page first ([] when it has none). */
export function itemPaths(info: ContentTypeInfo, slug: string): string[] {
  if (info.fixed) return [sitePagePath(slug)];
  if (!info.page) return [];
  return [`${info.page.list}/${slug}`, ...(info.page.more ?? []).map((base) => `${base}/${slug}`)];
}

/** An item's own page. */
export function itemPath(info: ContentTypeInfo, slug: string): string | null {
  return itemPaths(info, slug)[0] ?? null;
}

/** How a search result shows, whatever its type: read off its type's wire field names. */
export function searchResultView(item: { type: SearchType } & object): { title: string; href: string | null; text: string; image: string; alt: string } {
  const info = searchTypeInfo(item.type);
  const field = (name: string | undefined) => {
    const v = name ? (item as Record<string, unknown>)[name] : undefined;
    return typeof v === 'string' ? v : '';
  };
  const prefix = info.page?.prefix;
  const slug = prefix ? field(`${prefix}titleslug`) : '';
  return {
    title: field(info.search.title ?? `${prefix}title`),
    href: slug ? itemPath(info, slug) : null,
    text: prefix ? field(info.search.summary ?? `${prefix}description`) : '',
    image: prefix ? field(`${prefix}headerimage`) : '',
    alt: prefix ? field(`${prefix}headerimagealt`) : '',
  };
}

/** The schema.org type of an item's page (every type that has one names it above). */
export function jsonLdType(collection: PagedCollection): string {
  const type = contentTypeInfo(collection)?.page?.jsonLd;
  if (!type) throw new Error(`${collection} pages describe no schema.org type`);
  return type;
}
