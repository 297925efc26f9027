// Shapes of the JSON API's answers (spec points 3 and 7), shared by the server and the React app.
// Dates are ISO strings in JSON. Image fields are paths relative to the API base ("images/...").
import type { LodgeTier } from './constants.ts';
import type { Language } from './languages.ts';
import type { CardOf as ServerCardOf, DetailedCollection, DetailOf, ListedCollection } from '../server/content/types/index.ts';
import type { ContentTypeEntry, SearchType, searchListKey } from './content-types.ts';

export interface PageMeta {
  title: string;
  pageKeywords: string;
  pageDescription: string;
  /** Absolute canonical URL of the page on SITE_URL. */
  pageUrl: string;
  /**
   * The page's addresses in the languages it exists in, when several are served (the answers of
   * /api/<lang>/…, server/api/languages.ts): its hreflang alternates name only those.
   */
  alternates?: Partial<Record<Language, string>>;
}

// The cards and items of the types whose detail answers are read off their modules (below), named
// as the app knows them.
/** A safari's card (lists, related safaris, search results). */
export type SafariCard = SafariResponse['otherSafaris'][number];
type Meal = 'breakfast' | 'lunch' | 'dinner' | 'drinking_water';
/**
 * A day of a safari's itinerary: its meals, activities, stops (the route on its map) and the
 * night's lodge (null when none is named). The spec lets a meal flag be a boolean or the string
 * true (spec point 7): the server sends booleans, the page reads either.
 */
export type SafariDay = Omit<SafariResponse['safaridays'][number], Meal> & { [M in Meal]: boolean | 'true' | 'false' };
/** Where an itinerary day goes: a park (`parktitleslug` its page) or a place such as a town (`parktitleslug` null); WGS 84 degrees, null when unknown. */
export type DayStop = SafariDay['stops'][number];
export type BlogCard = CardOf<'blogs'>;
export type ParkCard = ParkResponse['relatedParks'][number];
export type Park = ParkResponse['park'];
export type LodgeCard = LodgeResponse['otherLodges'][number];
export type DestinationCard = DestinationResponse['otherDestinations'][number];
export type ExperienceCard = CardOf<'experiences'>;
export type AnimalCard = CardOf<'animals'>;
export type BirdCard = CardOf<'birds'>;

export interface Faq {
  id: number;
  question: string;
  answer: string;
  faqslug: string;
}

/** A gallery's picture (`filepath` relative to the API base, `filename` its alt text). */
export type GalleryImage = ParkResponse['galleryImages'][number];

export interface Review {
  id: number;
  name: string;
  date: string;
  title: string;
  overview: string;
  details: string;
  profileimage: string | null;
  rating: number;
}

/** A traveller's review of a safari as its page shows it, and a safari's rating. */
export type { ApprovedReview, ReviewSummary } from './reviews.ts';

/** Static page copy: sanitised HTML body and named HTML blocks (e.g. vision, mission, tip-1..tip-7). */
interface PageCopy {
  content: string;
  blocks: Record<string, string>;
}

interface Paged {
  page: number;
  totalPages: number;
}

// ---- answers, by path ----

export interface HomeResponse extends PageMeta, PageCopy {
  blogs: BlogCard[];
  parks: ParkCard[];
  safaris: SafariCard[];
  ugchimpsafaris: SafariCard[];
  uggorillasafaris: SafariCard[];
  experiences: ExperienceCard[];
  faqs: Faq[];
  reviews: Review[];
}
export interface BlogsNavResponse extends PageMeta {
  blogs: BlogCard[];
}
/** GET /parks/in/{slug} (navbar=true gives the nav panel's few parks; otherwise paginated, limit 9). */
export interface ParksInResponse extends PageMeta, Paged {
  parks: ParkCard[];
  destinationTitle: string;
  destinationTitleSlug: string;
  destinationImage: string;
  destinationImageAlt: string;
  destinations: DestinationCard[];
}
/** GET /experiences/in/{slug} (navbar=true gives up to 3). */
export interface ExperiencesInResponse extends PageMeta, Paged {
  experiences: ExperienceCard[];
  destinationTitle: string;
  destinationTitleSlug: string;
  destinationImage: string;
  destinationImageAlt: string;
  destinations: DestinationCard[];
}
/** GET /safaris/experiences/{slug} (navbar=true gives up to 3; otherwise paginated, limit 9). */
export interface SafarisByExperienceResponse extends PageMeta, Paged {
  safaris: SafariCard[];
  experienceTitle: string;
  experienceTitleSlug: string;
  experienceImage: string;
  experienceImageAlt: string;
  safariexperiences: ExperienceCard[];
}
export interface SafarisInResponse extends PageMeta, Paged {
  safaris: SafariCard[];
  destinationTitle: string;
  destinationTitleSlug: string;
  destinationImage: string;
  destinationImageAlt: string;
}
export interface AboutResponse extends PageMeta, PageCopy {
  safaris: SafariCard[];
  blogs: BlogCard[];
}
export interface GorillaTipsResponse extends PageMeta, PageCopy {
  gorillasafaris: SafariCard[];
}
export interface StaticPageResponse extends PageMeta, PageCopy {}
export interface FaqPageResponse extends PageMeta, PageCopy {
  faqs: Faq[];
}
/** /why-book-with-us and /sustainability-and-environmental-conservation */
export interface ContentWithListsResponse extends PageMeta, PageCopy {
  safaris: SafariCard[];
  blogs: BlogCard[];
}
export type AnimalsResponse = ListResponse<'animals'>;
export type AnimalResponse = DetailResponse<'animals'>;
export type BirdsResponse = ListResponse<'birds'>;
export type BirdResponse = DetailResponse<'birds'>;
export interface ParksResponse extends PageMeta, Paged {
  parks: ParkCard[];
}
export interface DestinationsResponse extends PageMeta {
  destinations: DestinationCard[];
}
/** GET /destinations/{slug}: the country, the others, the latest posts, the previous and next in the set order. */
export type DestinationResponse = DetailResponse<'destinations'>;
/** GET /parks/{slug}: the park, three more of its country, five of others, the latest posts, its gallery and its lodges in their set order. */
export type ParkResponse = DetailResponse<'parks'>;
/** GET /lodges?page=&limit=[&park={park slug}][&tier={tier}] */
export interface LodgesResponse extends PageMeta, Paged {
  lodges: LodgeCard[];
  /** The park filter in effect, or null. */
  park: { parktitle: string; parktitleslug: string } | null;
  /** The tier filter in effect, or null. */
  tier: LodgeTier | null;
}
/** GET /lodges/{slug}: the lodge, its gallery, at most three others nearby (its park's first, then its country's) and three safaris that spend a night there, shortest first. */
export type LodgeResponse = DetailResponse<'lodges'>;
export interface SafarisResponse extends PageMeta {
  allsafaris: SafariCard[];
}
/**
 * GET /safaris/{slug}: the safari, its itinerary, three related safaris, the latest posts, the
 * approved reviews (newest first, at most 20) and their rating (null when none), the guides who
 * usually lead it and its vehicle (null when it names none).
 */
export type SafariResponse = DetailResponse<'safaris'>;
export type BlogsResponse = ListResponse<'blogs'>;
/** GET /blogs/{slug}: the post, the one before (older) and after (newer), and the latest three others. */
export type BlogResponse = DetailResponse<'blogs'>;
export type ExperiencesResponse = ListResponse<'experiences'>;
/** GET /experiences/{slug}: the experience, the four after it, six safaris that offer it, the latest posts and its gallery. */
export type ExperienceResponse = DetailResponse<'experiences'>;

/** The search types (common/content-types.ts). */
export type SearchItemType = SearchType;
/** One search hit: the entity's own fields plus its type tag. */
export type SearchItem =
  | (BlogCard & { type: 'blog' })
  | (ParkCard & { type: 'park' })
  | (ExperienceCard & { type: 'experience' })
  | (SafariCard & { type: 'safari' })
  | (Faq & { type: 'faq' })
  | (AnimalCard & { type: 'animal' })
  | (BirdCard & { type: 'bird' })
  | (LodgeCard & { type: 'lodge' })
  | ReadOffSearchItem;
/**
 * GET /search?query=&types=&page=&limit=. `results` is one page (`limit`, PAGE_SIZE.search by
 * default) of every hit ranked across types; each per-type list (blogs, parks...) is the same page
 * of that type's hits alone, so ?page=2 gives every list's second page and no hit is left out
 * (`typePaging` says how many each type has and how many pages they fill). Only the selected
 * `types` are listed (none selected: all); `counts` counts every type's hits regardless.
 */
export type SearchResponse = SearchAnswer & { [List in SearchListKey]: SearchItem[] };
type SearchListKey = ReturnType<typeof searchListKey>;
/** GET /search?...&lists=none: the answer without the per-type lists (what the search page shows). */
export interface SearchAnswer extends PageMeta, Paged {
  /** The search text as searched (trimmed). */
  query: string;
  /** The text with misspelt words corrected, when some were ("Showing results for ..."). */
  correctedQuery: string | null;
  /** Lower-case words and stems of the query (and corrections) to highlight in titles and descriptions. */
  highlight: string[];
  /** The type filter in effect; empty means every type. */
  types: SearchItemType[];
  counts: Record<SearchItemType, number>;
  /** Hits within the selected types. */
  total: number;
  /** Page size of `results` and of each per-type list. */
  limit: number;
  /** The paging of the per-type lists: each holds page `page` of its type's hits, `limit` a page. */
  typePaging: {
    page: number;
    limit: number;
    /** Hits of each type within the selection (0 for a type left out by the filter). */
    totals: Record<SearchItemType, number>;
    /** Pages each type's list fills at `limit` a page. */
    totalPages: Record<SearchItemType, number>;
  };
  /** All hits of every type, ranked across types (and each type's own under its list key: blogs, parks...). */
  results: SearchItem[];
}

// ---- answers read off the content types' modules ----
// A type whose list and detail answers the registry serves (server/content/types/<collection>.ts,
// its `cardList` and `detail`) has its wire types read off the module: the card is its card
// columns' values, the detail answer what its `read` returns. Only types cross over (common/ may
// import server/content/types/ for types alone: ARCHITECTURE.md).

/** A value as JSON carries it: dates become ISO strings. */
type Wire<T> = T extends Date ? string : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
/** A type's card on the wire (its list, search results, other pages that show it). */
type CardOf<C extends ListedCollection> = Wire<ServerCardOf<C>>;
/** GET <list>?page=&limit=: the list page's fields, one page of cards under the collection's name. */
export type ListResponse<C extends ListedCollection> = PageMeta & Paged & { [K in C]: CardOf<C>[] };
/** GET <list>/{slug}: the page's fields and what the type's detail answer holds. */
export type DetailResponse<C extends DetailedCollection> = PageMeta & Wire<DetailOf<C>>;
/** The search hits of the types read off their modules. */
type ReadOffSearchItem = { [C in ListedCollection]: ContentTypeEntry<C> extends { search: { type: infer T } } ? CardOf<C> & { type: T } : never }[ListedCollection];

/** A guide's card (GET /guides, a safari's guides, search results). */
export type GuideCard = CardOf<'guides'>;
/** GET /guides?page=&limit= */
export type GuidesResponse = ListResponse<'guides'>;
/** GET /guides/{slug}: the guide, the safaris they usually lead, and others of the team. */
export type GuideResponse = DetailResponse<'guides'>;
