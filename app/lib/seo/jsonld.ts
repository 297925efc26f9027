// schema.org structured data (JSON-LD) built from the API's answers: the operator (TravelAgency)
// and the site (WebSite with a SearchAction) on every page, plus what a page is about:
// TouristTrip for a safari (and a Product with its AggregateRating once travellers' reviews of it
// are approved), FAQPage, BlogPosting, TouristAttraction for a park, LodgingBusiness for a lodge,
// and a BreadcrumbList on detail pages. Only facts the API states are used (no invented availability, ratings or dates).
import { CONTENT_TYPES, type ContentTypeInfo, jsonLdType, type PagePrefix } from '../../../common/content-types.ts';
import type { GuideResponse, BlogResponse, DestinationResponse, Faq, LodgeResponse, ParkResponse, SafariResponse } from '../../../common/api-types.ts';
import { SITE_SHARE_IMAGE } from '../../../common/media.ts';
import { isPublicSiteUrl } from '../../../common/seo.ts';
import { site } from '../../../common/site.ts';
import { safariHeading } from '../../../common/safari-title.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, baseRouteId, languageOfRouteId, type Language } from '../../../common/languages.ts';
import { urlIn } from '../languages.ts';
import { i18nFor } from '../../i18n/index.ts';
import { minorToDecimal } from '../../../common/booking-money.ts';
import { availabilityOf, type PublicDeparture } from '../../../common/departures.ts';

type JsonLdNode = { '@type': string | string[]; '@id'?: string } & Record<string, unknown>;

export interface JsonLdGraph {
  '@context': 'https://schema.org';
  '@graph': JsonLdNode[];
}

/** Origin of an absolute URL ('' when it is not one). */
function originOf(url: string | null | undefined): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/** Absolute URL of an API image path (e.g. "images/parks/bwindi.jpg") on the site's origin. */
function imageUrl(origin: string, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//.test(path)) return path;
  return `${origin}/api/${path.replace(/^\/+/, '')}`;
}

/** Plain text of an HTML fragment, whitespace collapsed. */
function plainText(html: string | null | undefined, max = 0): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (!max || text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

const ids = (origin: string) => ({ organization: `${origin}/#organization`, website: `${origin}/#website` });

function travelAgency(origin: string): JsonLdNode {
  return {
    '@type': 'TravelAgency',
    '@id': ids(origin).organization,
    name: site.name,
    legalName: site.legalName,
    slogan: site.tagline,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/api/${SITE_SHARE_IMAGE}`,
    telephone: site.phone.replace(/\s+/g, ''),
    email: site.email,
    foundingDate: String(site.foundedYear),
    address: {
      '@type': 'PostalAddress',
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
    },
    areaServed: ['Uganda', 'Rwanda', 'Kenya', 'Tanzania', 'Democratic Republic of the Congo'].map((name) => ({ '@type': 'Country', name })),
    sameAs: Object.values(site.social),
  };
}

function webSite(origin: string): JsonLdNode {
  return {
    '@type': 'WebSite',
    '@id': ids(origin).website,
    url: `${origin}/`,
    name: site.name,
    inLanguage: 'en-GB',
    publisher: { '@id': ids(origin).organization },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?query={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

function breadcrumbList(crumbs: Crumb[], pageUrl: string): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${pageUrl}#breadcrumb`,
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

function touristTrip(data: SafariResponse, language: Language): JsonLdNode {
  const origin = originOf(data.pageUrl);
  const { safari } = data;
  const days = [...data.safaridays].sort((a, b) => a.day_number - b.day_number);
  return {
    '@type': jsonLdType('safaris'),
    '@id': `${data.pageUrl}#trip`,
    name: safariHeading(safari.safariday, safari.safarititle, language),
    description: plainText(safari.safarimetadescription || safari.safaridescription, 500),
    url: data.pageUrl,
    image: imageUrl(origin, safari.safariheaderimage),
    provider: { '@id': ids(origin).organization },
    itinerary: {
      '@type': 'ItemList',
      numberOfItems: days.length,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      itemListElement: days.map((d) => ({
        '@type': 'ListItem',
        position: d.day_number,
        name: `${i18nFor(language)._('safari.dayN', { n: d.day_number })}${d.title}`,
        description: plainText(d.description, 500) || undefined,
      })),
    },
    offers: withDepartureOffers(
      {
        '@type': 'Offer',
        url: data.pageUrl,
        price: safari.safariprice,
        priceCurrency: 'USD',
        description: 'From price per person',
        offeredBy: { '@id': ids(origin).organization },
      },
      data,
    ),
  };
}

/** The safari's offer, and one per upcoming group departure (its seats as availability) when it has any. */
function withDepartureOffers(from: JsonLdNode, data: SafariResponse & { departures?: PublicDeparture[] }): JsonLdNode | JsonLdNode[] {
  if (!data.departures?.length) return from;
  const origin = originOf(data.pageUrl);
  return [
    from,
    ...data.departures.map((d) => ({
      '@type': 'Offer',
      url: `${origin}/safaris/${d.safariSlug}/departures/${d.id}`,
      name: `Group departure, ${d.startsOn}`,
      price: minorToDecimal(d.priceMinor, d.currency),
      priceCurrency: d.currency,
      availability: `https://schema.org/${availabilityOf(d)}`,
      validFrom: d.onSaleFrom,
      availabilityStarts: d.startsOn,
      availabilityEnds: d.endsOn,
      inventoryLevel: { '@type': 'QuantitativeValue', value: d.seatsLeft },
      offeredBy: { '@id': ids(origin).organization },
    })),
  ];
}

/**
 * The safari as a Product with its travellers' rating: only from approved reviews (the API sends
 * no others), and only when there is at least one. Its offer is in US dollars, as billed.
 */
function ratedSafari(data: SafariResponse, language: Language): JsonLdNode | null {
  if (!data.rating || data.rating.count < 1) return null;
  const origin = originOf(data.pageUrl);
  const { safari } = data;
  return {
    '@type': 'Product',
    '@id': `${data.pageUrl}#product`,
    name: safariHeading(safari.safariday, safari.safarititle, language),
    description: plainText(safari.safarimetadescription || safari.safaridescription, 500),
    url: data.pageUrl,
    image: imageUrl(origin, safari.safariheaderimage),
    brand: { '@id': ids(origin).organization },
    subjectOf: { '@id': `${data.pageUrl}#trip` },
    offers: { '@type': 'Offer', url: data.pageUrl, price: safari.safariprice, priceCurrency: 'USD', description: 'From price per person' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: data.rating.average, reviewCount: data.rating.count, bestRating: 5, worstRating: 1 },
    review: data.reviews.slice(0, 5).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      datePublished: r.date,
      reviewBody: plainText(r.text, 500),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      // The operator's public reply, as a comment on the review.
      ...(r.reply ? { comment: { '@type': 'Comment', text: plainText(r.reply.text, 500), dateCreated: r.reply.date, author: { '@id': ids(origin).organization } } } : {}),
    })),
  };
}

function faqPage(faqs: Faq[], pageUrl: string): JsonLdNode | null {
  if (!faqs.length) return null;
  return {
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    url: pageUrl,
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}

function blogPosting(data: BlogResponse): JsonLdNode {
  const origin = originOf(data.pageUrl);
  const { blog } = data;
  const published = new Date(blog.created_at);
  const date = Number.isNaN(published.getTime()) ? undefined : published.toISOString();
  return {
    '@type': jsonLdType('blogs'),
    '@id': `${data.pageUrl}#article`,
    headline: blog.blogtitle.length > 110 ? `${blog.blogtitle.slice(0, 109)}…` : blog.blogtitle,
    description: plainText(blog.blogdescription, 300),
    url: data.pageUrl,
    mainEntityOfPage: data.pageUrl,
    image: imageUrl(origin, blog.blogheaderimage),
    datePublished: date,
    dateModified: date,
    inLanguage: 'en-GB',
    author: { '@type': 'Organization', '@id': ids(origin).organization, name: site.name, url: `${origin}/` },
    publisher: { '@id': ids(origin).organization },
  };
}

function touristAttraction(data: ParkResponse): JsonLdNode {
  const origin = originOf(data.pageUrl);
  const { park } = data;
  return {
    '@type': jsonLdType('parks'),
    '@id': `${data.pageUrl}#place`,
    name: park.parktitle,
    description: plainText(park.parkdescription || park.parkoverview, 500),
    url: data.pageUrl,
    image: imageUrl(origin, park.parkheaderimage),
    containedInPlace: park.destinationtitle ? { '@type': 'Country', name: park.destinationtitle } : undefined,
    isAccessibleForFree: false,
  };
}

/** ISO 3166-1 codes of the countries we travel in (destination slugs). */
const COUNTRY_CODES: Record<string, string> = { uganda: 'UG', rwanda: 'RW', kenya: 'KE', tanzania: 'TZ', 'democratic-republic-of-congo': 'CD' };

/** A lodge: where it is (its park, country and coordinates) and what it offers. */
function lodgingBusiness(data: LodgeResponse): JsonLdNode {
  const origin = originOf(data.pageUrl);
  const { lodge } = data;
  return {
    '@type': jsonLdType('lodges'),
    '@id': `${data.pageUrl}#lodging`,
    name: lodge.lodgetitle,
    description: plainText(lodge.lodgedescription || lodge.lodgeparagraph, 500),
    url: data.pageUrl,
    image: imageUrl(origin, lodge.lodgeheaderimage),
    address: {
      '@type': 'PostalAddress',
      addressRegion: lodge.parktitle,
      addressCountry: COUNTRY_CODES[lodge.destinationtitleslug] ?? lodge.destinationtitle,
    },
    geo: { '@type': 'GeoCoordinates', latitude: lodge.latitude, longitude: lodge.longitude },
    containedInPlace: { '@type': 'TouristAttraction', name: lodge.parktitle, url: `${origin}/parks/${lodge.parktitleslug}` },
    amenityFeature: lodge.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
  };
}

/** A guide's page: the Person, working for the operator, with the languages they speak. */
function guidePerson(data: GuideResponse): JsonLdNode {
  const origin = originOf(data.pageUrl);
  const { guide } = data;
  return {
    '@type': jsonLdType('guides'),
    '@id': `${data.pageUrl}#person`,
    name: guide.guidetitle,
    jobTitle: guide.guiderole,
    description: plainText(guide.guidedescription || guide.guideparagraph, 500),
    url: data.pageUrl,
    image: imageUrl(origin, guide.guideheaderimage),
    knowsLanguage: guide.guidelanguages,
    knowsAbout: guide.guidespecialities,
    worksFor: { '@id': ids(origin).organization },
  };
}

function touristDestination(data: DestinationResponse): JsonLdNode {
  const origin = originOf(data.pageUrl);
  const { destination } = data;
  return {
    '@type': 'TouristDestination',
    '@id': `${data.pageUrl}#place`,
    name: destination.destinationtitle,
    description: plainText(destination.destinationdescription, 500),
    url: data.pageUrl,
    image: imageUrl(origin, destination.destinationheaderimage),
  };
}

/**
 * An item of a type described by its entry alone (common/content-types.ts, `jsonLd` and
 * `jsonLdFields`): its schema.org type, name, description, image and the properties the entry
 * names, read off the item's wire fields (a list becomes PropertyValues).
 */
function describedItem(info: ContentTypeInfo, item: Record<string, unknown>, pageUrl: string): JsonLdNode | null {
  const page = info.page;
  if (!page?.jsonLd || !page.jsonLdFields) return null;
  const field = (name: string) => (typeof item[`${page.prefix}${name}`] === 'string' ? (item[`${page.prefix}${name}`] as string) : '');
  const properties = Object.entries(page.jsonLdFields).map(([property, wire]) => {
    const value = item[wire];
    return [property, Array.isArray(value) ? value.map((name) => ({ '@type': 'PropertyValue', name, value: true })) : value];
  });
  return {
    '@type': page.jsonLd,
    '@id': `${pageUrl}#${page.prefix}`,
    name: field('title'),
    description: plainText(field('description') || field('paragraph'), 500),
    url: pageUrl,
    image: imageUrl(originOf(pageUrl), field('headerimage')),
    ...Object.fromEntries(properties),
  };
}

/** A page about one subject (an animal, a bird, an experience): a WebPage naming its image. */
function aboutPage(pageUrl: string, name: string, description: string, image: string | null | undefined): JsonLdNode {
  const origin = originOf(pageUrl);
  return {
    '@type': 'WebPage',
    '@id': `${pageUrl}#webpage`,
    url: pageUrl,
    name,
    description: plainText(description, 500),
    primaryImageOfPage: imageUrl(origin, image),
    isPartOf: { '@id': ids(origin).website },
  };
}

/**
 * The route modules whose data this module knows how to describe (ids as in app/routes.ts): the
 * home and FAQ pages, and the detail page of every type with pages (routes/<prefix>,
 * common/content-types.ts).
 */
export type RouteKind = 'home' | 'faq' | PagePrefix;

const ROUTE_KINDS: Record<string, RouteKind> = Object.fromEntries([
  ['routes/home', 'home'],
  ['routes/faq', 'faq'],
  ...CONTENT_TYPES.flatMap((info) => (info.page ? [[`routes/${info.page.prefix}`, info.page.prefix]] : [])),
]);

export function routeKind(routeId: string): RouteKind | null {
  return ROUTE_KINDS[baseRouteId(routeId)] ?? null;
}

type AnyData = Record<string, unknown> & { pageUrl?: string; title?: string };

/** The structured data graph of a page: site-wide nodes, plus the nodes of the page's route. */
/** The breadcrumbs of a detail page: Home, its list (by its message key; a label the catalogue does not hold is said as it is), itself, in the page's language. */
type Crumbs = (list: string, listPath: string, name: string) => JsonLdNode;
/** A detail page's own nodes (null where a fact is missing), read off its answer. */
type DetailNodes = (data: AnyData, pageUrl: string, crumbs: Crumbs, language: Language) => (JsonLdNode | null)[];

/** An item described from its own fields alone: a species' or an experience's AboutPage. */
const aboutNodes =
  (prefix: 'animal' | 'bird' | 'experience', list: string, listPath: string): DetailNodes =>
  (data, pageUrl, crumbs) => {
    const item = data[prefix] as Record<string, string> | undefined;
    if (!item) return [];
    const title = item[`${prefix}title`]!;
    return [aboutPage(pageUrl, title, item[`${prefix}description`]!, item[`${prefix}headerimage`]!), crumbs(list, listPath, title)];
  };

/** A detail page's nodes: its item's (when the answer has it under `key`), its breadcrumbs, and any after them. */
const detailNodes =
  <D>(
    key: string,
    node: (d: D, language: Language) => JsonLdNode,
    list: string,
    listPath: string,
    name: (d: D, language: Language) => string,
    after?: (d: D, language: Language) => JsonLdNode | null,
  ): DetailNodes =>
  (data, _url, crumbs, language) => {
    if (!data[key]) return [];
    const d = data as unknown as D;
    return [node(d, language), crumbs(list, listPath, name(d, language)), after?.(d, language) ?? null];
  };

/** The detail pages with JSON-LD nodes of their own (each built above), each with its list's crumb (its message key). */
const DETAIL_NODES: Partial<Record<RouteKind, DetailNodes>> = {
  safari: detailNodes<SafariResponse>('safari', touristTrip, 'safaris.crumb', '/safaris', (d, language) => safariHeading(d.safari.safariday, d.safari.safarititle, language), ratedSafari),
  blog: detailNodes<BlogResponse>('blog', blogPosting, 'blogs.crumb', '/blogs', (d) => d.blog.blogtitle),
  park: detailNodes<ParkResponse>('park', touristAttraction, 'parks.crumbParks', '/parks', (d) => d.park.parktitle),
  lodge: detailNodes<LodgeResponse>('lodge', lodgingBusiness, 'lodges.crumb', '/lodges', (d) => d.lodge.lodgetitle),
  guide: detailNodes<GuideResponse>('guide', guidePerson, 'guides.crumb', '/guides', (d) => d.guide.guidetitle),
  destination: detailNodes<DestinationResponse>('destination', touristDestination, 'destinations.crumb', '/destinations', (d) => d.destination.destinationtitle),
  animal: aboutNodes('animal', 'animals.crumb', '/animals'),
  bird: aboutNodes('bird', 'birds.crumb', '/birds'),
  experience: aboutNodes('experience', 'experiences.crumb', '/experiences'),
};

/** The home page's and the FAQ page's nodes: the questions, and the FAQ page's breadcrumbs. */
function faqNodes(kind: 'home' | 'faq', data: AnyData, pageUrl: string, origin: string, language: Language): (JsonLdNode | null)[] {
  const questions = faqPage((data.faqs as Faq[] | undefined) ?? [], pageUrl);
  if (kind === 'home') return [questions];
  return [
    questions,
    breadcrumbList(
      [
        { name: i18nFor(language)._('crumbs.home'), url: urlIn(`${origin}/`, language) },
        { name: String(data.title ?? 'FAQ'), url: pageUrl },
      ],
      pageUrl,
    ),
  ];
}

/** A type its entry describes (common/content-types.ts): the item is under its prefix. */
function describedNodes(kind: RouteKind, data: AnyData, pageUrl: string, crumbs: Crumbs): JsonLdNode[] {
  const info = CONTENT_TYPES.find((t) => t.page?.prefix === kind);
  const item = info?.page ? (data[info.page.prefix] as Record<string, unknown> | undefined) : undefined;
  const node = info && item ? describedItem(info, item, pageUrl) : null;
  return info?.page && node ? [node, crumbs(info.label, info.page.list, String(node.name))] : [];
}

/** A page's own nodes, by its kind. */
function pageNodes(kind: RouteKind | null, data: AnyData, pageUrl: string, origin: string, language: Language): (JsonLdNode | null)[] {
  const crumbs: Crumbs = (list, listPath, name) =>
    breadcrumbList(
      [
        { name: i18nFor(language)._('crumbs.home'), url: urlIn(`${origin}/`, language) },
        { name: i18nFor(language)._(list), url: urlIn(`${origin}${listPath}`, language) },
        { name, url: pageUrl },
      ],
      pageUrl,
    );
  if (kind === 'home' || kind === 'faq') return faqNodes(kind, data, pageUrl, origin, language);
  const own = kind ? DETAIL_NODES[kind] : undefined;
  if (own) return own(data, pageUrl, crumbs, language);
  return kind ? describedNodes(kind, data, pageUrl, crumbs) : [];
}

export function pageGraph(kind: RouteKind | null, data: AnyData | null | undefined, fallbackOrigin = '', language: Language = DEFAULT_LANGUAGE): JsonLdGraph | null {
  const pageUrl = typeof data?.pageUrl === 'string' ? urlIn(data.pageUrl, language) : '';
  const origin = originOf(pageUrl) || fallbackOrigin;
  if (!origin) return null;
  const graph: JsonLdNode[] = [travelAgency(origin), webSite(origin)];
  // Another language's page says so on each of its own nodes (the site's nodes are the same).
  const inLanguage = language === DEFAULT_LANGUAGE ? {} : { inLanguage: LANGUAGES[language].tag };
  if (data && pageUrl) for (const node of pageNodes(kind, data, pageUrl, origin, language)) if (node) graph.push({ ...node, ...inLanguage });
  return { '@context': 'https://schema.org', '@graph': graph.map(prune) };
}

/** Drops undefined and empty values so the output carries only stated facts. */
function prune<T>(value: T): T {
  if (Array.isArray(value)) return value.map(prune) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || v === null || v === '') continue;
      out[k] = prune(v);
    }
    return out as T;
  }
  return value;
}

/** JSON for a <script type="application/ld+json"> element: '<' escaped so no text can close the element. */
function jsonLdScript(graph: JsonLdGraph): string {
  return JSON.stringify(graph)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type Match = { id: string; loaderData?: unknown; data?: unknown };

/** What the head says about the page of these route matches: whether robots must keep out (a
 * non-public site address), and the JSON-LD text (null when there is nothing to describe). */
export function headData(matches: readonly Match[]): { noindex: boolean; jsonLd: string | null } | null {
  // The deepest route whose data carries page metadata describes the page.
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]!;
    const data = (m.loaderData ?? m.data) as AnyData | undefined;
    if (data && typeof data === 'object' && typeof data.pageUrl === 'string') {
      const graph = pageGraph(routeKind(m.id), data, '', languageOfRouteId(m.id));
      return { noindex: !isPublicSiteUrl(data.pageUrl), jsonLd: graph ? jsonLdScript(graph) : null };
    }
  }
  return null;
}
