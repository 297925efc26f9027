// Shapes of the JSON API's answers (spec points 3 and 7), shared by the server and the React app.
// Dates are ISO strings in JSON. Image fields are paths relative to the API base ("images/...").
import type { LodgeTier } from './constants.ts';
import type { CardOf as ServerCardOf, DetailedCollection, DetailOf, ListedCollection } from '../server/content/types/index.ts';
import type { ContentTypeEntry, SearchType, searchListKey } from './content-types.ts';
import type { ApprovedReview, ReviewSummary } from './reviews.ts';

export interface PageMeta {
  title: string;
  pageKeywords: string;
  pageDescription: string;
  /** Absolute canonical URL of the page on SITE_URL. */
  pageUrl: string;
}

export interface SafariCard {
  id: number;
  safarititle: string;
  safarititleslug: string;
  safariday: number;
  safariprice: number;
  safariheaderimage: string;
  safariheaderimagealt: string;
  safarimetadescription: string;
}
interface Safari extends SafariCard {
  safaridescription: string;
  /** Comma-separated items. */
  safariincludes: string;
  /** Comma-separated items. */
  safariexcludes: string;
}
interface DayActivity {
  id: number;
  experiencetitle: string;
  experiencetitleslug: string;
  experienceheaderimage: string;
  experienceheaderimagealt: string;
  /** Whether the activity has an image to show. */
  image: boolean;
}
/** Where an itinerary day goes: a park (with its page) or a place such as a town or an airport. */
export interface DayStop {
  title: string;
  /** The park's slug (its page is /parks/{slug}); null for a place, which has no page. */
  parktitleslug: string | null;
  /** WGS 84 degrees; null when the park has no location yet. */
  latitude: number | null;
  longitude: number | null;
}
/** Where an itinerary day's night is spent (its page is /lodges/{lodgetitleslug}). */
interface DayLodge {
  lodgetitle: string;
  lodgetitleslug: string;
  lodgetier: LodgeTier;
}
export interface SafariDay {
  id: number;
  day_number: number;
  title: string;
  description: string;
  breakfast: boolean | 'true' | 'false';
  lunch: boolean | 'true' | 'false';
  dinner: boolean | 'true' | 'false';
  drinking_water: boolean | 'true' | 'false';
  experiences: DayActivity[];
  /** The day's stops in order (the route on the safari's map). */
  stops: DayStop[];
  /** Where the night is spent; null when the itinerary names no lodge. */
  lodge: DayLodge | null;
}

export interface BlogCard {
  id: number;
  blogtitle: string;
  blogtitleslug: string;
  blogheaderimage: string;
  blogheaderimagealt: string;
  blogdescription: string;
  created_at: string;
}
interface Blog extends BlogCard {
  blogparagraph: string;
}

export interface ParkCard {
  id: number;
  parktitle: string;
  parktitleslug: string;
  parkheaderimage: string;
  parkheaderimagealt: string;
  parkdescription: string;
  created_at: string;
  destination_id: number;
  destinationtitle: string;
  destinationtitleslug: string;
}
export interface Park extends ParkCard {
  parkoverview: string;
  parkdetails: string;
  /** WGS 84 degrees; null when the park has no location yet. */
  latitude: number | null;
  longitude: number | null;
}

export interface LodgeCard {
  id: number;
  lodgetitle: string;
  lodgetitleslug: string;
  lodgeheaderimage: string;
  lodgeheaderimagealt: string;
  lodgedescription: string;
  lodgetier: LodgeTier;
  park_id: number;
  parktitle: string;
  parktitleslug: string;
  destinationtitle: string;
  destinationtitleslug: string;
}
interface Lodge extends LodgeCard {
  lodgeparagraph: string;
  amenities: string[];
  /** WGS 84 degrees. */
  latitude: number;
  longitude: number;
}

export interface DestinationCard {
  id: number;
  destinationtitle: string;
  destinationtitleslug: string;
  destinationtag: string;
  destinationheaderimage: string;
  destinationheaderimagealt: string;
  destinationdescription: string;
}
interface Destination extends DestinationCard {
  destinationparagraph: string;
  youtubeembedlink: string | null;
}

export interface ExperienceCard {
  id: number;
  experiencetitle: string;
  experiencetitleslug: string;
  experiencedescription: string;
  experienceheaderimage: string;
  experienceheaderimagealt: string;
}
interface Experience extends ExperienceCard {
  experienceparagraph: string;
}

export interface AnimalCard {
  id: number;
  animaltitle: string;
  animaltitleslug: string;
  animaldescription: string;
  animalheaderimage: string;
  animalheaderimagealt: string;
}
interface Animal extends AnimalCard {
  animalparagraph: string;
}

export interface BirdCard {
  id: number;
  birdtitle: string;
  birdtitleslug: string;
  birddescription: string;
  birdheaderimage: string;
  birdheaderimagealt: string;
}
interface Bird extends BirdCard {
  birdoverview: string;
  birddetails: string;
}

export interface Faq {
  id: number;
  question: string;
  answer: string;
  faqslug: string;
}

export interface GalleryImage {
  id: number;
  /** Relative to the API base. */
  filepath: string;
  /** Used as alt text. */
  filename: string;
  caption: string;
}

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

/** A traveller's review of a safari as its page shows it, and a safari's rating (common/reviews.ts). */
export type { ApprovedReview, ReviewSummary };

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
export interface AnimalsResponse extends PageMeta, Paged {
  animals: AnimalCard[];
}
export interface AnimalResponse extends PageMeta {
  animal: Animal;
  relatedAnimals: AnimalCard[];
  otherAnimals: AnimalCard[];
  galleryImages: GalleryImage[];
}
export interface BirdsResponse extends PageMeta, Paged {
  birds: BirdCard[];
}
export interface BirdResponse extends PageMeta {
  bird: Bird;
  relatedBirds: BirdCard[];
  otherBirds: BirdCard[];
  galleryImages: GalleryImage[];
}
export interface ParksResponse extends PageMeta, Paged {
  parks: ParkCard[];
}
export interface DestinationsResponse extends PageMeta {
  destinations: DestinationCard[];
}
export interface DestinationResponse extends PageMeta {
  destination: Destination;
  otherDestinations: DestinationCard[];
  blogs: BlogCard[];
  prevPost: DestinationCard | null;
  nextPost: DestinationCard | null;
}
export interface ParkResponse extends PageMeta {
  park: Park;
  relatedParks: ParkCard[];
  otherParks: ParkCard[];
  blogs: BlogCard[];
  galleryImages: GalleryImage[];
  /** The park's lodges in their set order ("Where to stay"). */
  lodges: LodgeCard[];
}
/** GET /lodges?page=&limit=[&park={park slug}][&tier={tier}] */
export interface LodgesResponse extends PageMeta, Paged {
  lodges: LodgeCard[];
  /** The park filter in effect, or null. */
  park: { parktitle: string; parktitleslug: string } | null;
  /** The tier filter in effect, or null. */
  tier: LodgeTier | null;
}
export interface LodgeResponse extends PageMeta {
  lodge: Lodge;
  galleryImages: GalleryImage[];
  /** Other lodges nearby: the same park first, then the same country (at most 3). */
  otherLodges: LodgeCard[];
  /** Safaris that spend a night here, shortest first (at most 3). */
  safaris: SafariCard[];
}
export interface SafarisResponse extends PageMeta {
  allsafaris: SafariCard[];
}
export interface SafariResponse extends PageMeta {
  safari: Safari;
  safaridays: SafariDay[];
  otherSafaris: SafariCard[];
  blogs: BlogCard[];
  /** Approved reviews of travellers, newest first (at most 20). */
  reviews: ApprovedReview[];
  /** Count and average of every approved review; null when there is none. */
  rating: ReviewSummary | null;
  /** The guides who usually lead it, in order. */
  guides: GuideCard[];
  /** The vehicle it usually runs in, when it names one. */
  vehicle: CardOf<'vehicles'> | null;
}
export interface BlogsResponse extends PageMeta, Paged {
  blogs: BlogCard[];
}
export interface BlogResponse extends PageMeta {
  blog: Blog;
  prevPost: BlogCard | null;
  nextPost: BlogCard | null;
  relatedBlogs: BlogCard[];
}
export interface ExperiencesResponse extends PageMeta, Paged {
  experiences: ExperienceCard[];
}
export interface ExperienceResponse extends PageMeta {
  experience: Experience;
  relatedExperiences: ExperienceCard[];
  relatedSafaris: SafariCard[];
  blogs: BlogCard[];
  galleryImages: GalleryImage[];
}

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
