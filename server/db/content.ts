// Structured content under content/: one YAML file per item, validated with zod.
// The file name (without .yaml) is the item's slug. Fields marked "markdown" are
// Markdown, turned into sanitised HTML when seeded.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LODGE_TIERS } from '../../common/constants.ts';
import { CURRENCIES } from '../../common/currency.ts';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
const text = z.string().trim().min(1);
const markdown = z.string().trim().min(1).meta({ widget: 'markdown' });
/** The slug of an item of another collection (the console offers that collection's items). */
const ref = (collection: string) => slug.meta({ ref: collection });
/** Stops of an itinerary day: parks or places. */
const stopRef = slug.meta({ ref: 'parks', alsoRef: 'places' });
const isoDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}/)])
  .transform((v) => new Date(v))
  .meta({ widget: 'date' });

/** Search-engine metadata for the item's page. */
const seo = z.object({
  title: text.optional(),
  keywords: text,
  description: text.max(320),
});

/** A picture from the console's media library, by its stable path (images/uploads/<name>.jpg). */
const uploadPath = z.string().regex(/^images\/uploads\/[a-z0-9][a-z0-9-]*\.jpg$/, 'an image of the media library');

const image = z.object({
  /** Meaningful alt text for the header image. */
  alt: text,
  /** Optional source file name under content/images/<collection>/ (default: <slug>.*). */
  file: z.string().optional(),
  /** Or a picture of the media library, chosen in the console. */
  upload: uploadPath.optional(),
});

/** A point on the map, in WGS 84 degrees. */
const location = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

const galleryItem = z
  .object({
    /** Source file name under content/images/<collection>/<slug>/ (e.g. "1.svg" or "silverback.jpg"). */
    file: text.optional(),
    /** Or a picture of the media library, chosen in the console. */
    upload: uploadPath.optional(),
    /** Alt text; served as the gallery image's `filename` field. */
    alt: text,
    caption: text,
  })
  .refine((g) => Boolean(g.file) !== Boolean(g.upload), 'a gallery picture needs a file or a library image (one of them)');

const destinationSchema = z.object({
  title: text,
  tag: text,
  order: z.number().int(),
  description: text,
  body: markdown,
  video: z.url().optional(),
  image,
  seo,
});

const parkSchema = z.object({
  title: text,
  destination: ref('destinations'),
  order: z.number().int().default(100),
  created: isoDate,
  description: text,
  overview: markdown,
  details: markdown,
  /** Where the park is: its marker on the park's map and on the route of every safari that stops there. */
  location,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

/** A town, airport or sanctuary on a safari's route that has no park page of its own. */
const placeSchema = z.object({
  title: text,
  location,
});

const experienceSchema = z.object({
  title: text,
  order: z.number().int().default(100),
  destinations: z.array(ref('destinations')).min(1),
  description: text,
  body: markdown,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

const listItem = z.string().trim().min(1).refine((s) => !/[,"'{}\\]/.test(s), 'no commas, quotes, braces or backslashes');

const safariDaySchema = z.object({
  title: text,
  description: markdown,
  meals: z.object({
    breakfast: z.boolean(),
    lunch: z.boolean(),
    dinner: z.boolean(),
    water: z.boolean(),
  }),
  /** Experience slugs done on this day. */
  activities: z.array(ref('experiences')).default([]),
  /** Where the day goes, in order (park or place slugs); the last one is usually the night's stop. */
  stops: z.array(stopRef).default([]).meta({ ordered: true }),
  /** Where that night is spent: a lodge slug (its park must be one of the day's stops). */
  lodge: ref('lodges').optional(),
});

const safariSchema = z
  .object({
    title: text,
    /** Price per person in USD, "from". */
    price: z.number().int().positive(),
    /** Shown on the home page and side lists. */
    popular: z.boolean().default(false),
    order: z.number().int().default(100),
    destinations: z.array(ref('destinations')).min(1),
    experiences: z.array(ref('experiences')).min(1),
    description: markdown,
    metaDescription: text.max(320),
    includes: z.array(listItem).min(1),
    excludes: z.array(listItem).min(1),
    image,
    keywords: text,
    itinerary: z.array(safariDaySchema).min(1),
  });

/** A lodge or camp we book, in or beside a park. */
const lodgeSchema = z.object({
  /** The lodge's name. */
  title: text,
  /** The park (slug) it is in or beside. */
  park: ref('parks'),
  tier: z.enum(LODGE_TIERS),
  order: z.number().int().default(100),
  /** Short plain text, for cards and meta. */
  description: text,
  body: markdown,
  /** Short facts shown as a list ("Hot showers", "Wi-Fi in the main lodge"). */
  amenities: z.array(text.max(80)).min(1),
  /** Where the lodge is: its marker on its map. */
  location,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

const blogSchema = z.object({
  title: text,
  created: isoDate,
  /** Listed in the Blogs panel of the navigation bar. */
  nav: z.boolean().default(false),
  description: text,
  body: markdown,
  image,
  seo,
});

const animalSchema = z.object({
  title: text,
  order: z.number().int().default(100),
  description: text,
  body: markdown,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

const birdSchema = z.object({
  title: text,
  order: z.number().int().default(100),
  description: text,
  overview: markdown,
  details: markdown,
  image,
  gallery: z.array(galleryItem).default([]),
  seo,
});

const faqSchema = z.object({
  question: text,
  answer: markdown,
  order: z.number().int(),
  /** Shown in the home page's FAQ accordion. */
  home: z.boolean().default(false),
});

const reviewSchema = z.object({
  name: text,
  date: isoDate,
  title: text,
  overview: text,
  details: text,
  /** Optional profile image file under content/images/reviews/. */
  image: z.string().optional(),
  rating: z.number().int().min(1).max(5).default(5),
  featured: z.boolean().default(false),
});

/** Static and index pages: metadata plus optional Markdown body and named blocks. */
const pageSchema = z.object({
  title: text,
  keywords: text,
  description: text.max(320),
  body: markdown.optional(),
  /** Named Markdown blocks, e.g. vision and mission, or the tips sections. */
  blocks: z.record(z.string(), markdown).default({}).meta({ widget: 'blocks' }),
});

/**
 * content/currency-rates.yaml: the rates prices are converted with in the browser until an owner
 * sets them in the console (server/currency.ts); units of each currency one US dollar buys.
 */
const currencyRatesSchema = z.object({
  /** The day the rates were set. */
  date: isoDate,
  rates: z.partialRecord(z.enum(CURRENCIES.filter((c) => c !== 'USD') as [string, ...string[]]), z.number().positive().finite()),
});
type CurrencyRatesFile = z.output<typeof currencyRatesSchema>;
export const CURRENCY_RATES_FILE = 'currency-rates.yaml';

export const collections = {
  destinations: destinationSchema,
  parks: parkSchema,
  places: placeSchema,
  experiences: experienceSchema,
  safaris: safariSchema,
  lodges: lodgeSchema,
  blogs: blogSchema,
  animals: animalSchema,
  birds: birdSchema,
  faqs: faqSchema,
  reviews: reviewSchema,
  pages: pageSchema,
} as const;

export type CollectionName = keyof typeof collections;
type Item<S extends z.ZodType> = z.output<S> & { slug: string };
export type Content = { [K in CollectionName]: Item<(typeof collections)[K]>[] } & {
  /** content/currency-rates.yaml, when there is one. */
  currencyRates?: CurrencyRatesFile;
};

export class ContentError extends Error {
  problems: string[];
  constructor(problems: string[]) {
    super(`content is invalid:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

export const defaultContentDir = path.resolve(import.meta.dirname, '../../content');

/** One content file as written: the document the console edits (server/content/). */
export interface ContentFileDocument {
  collection: CollectionName;
  slug: string;
  document: Record<string, unknown>;
}

/** Reads and validates every content file, then checks that all cross-references resolve. */
export async function loadContent(dir = defaultContentDir): Promise<Content> {
  return (await loadContentFiles(dir)).content;
}

/** loadContent(), with each file's document as written (before defaults and conversions). */
export async function loadContentFiles(dir = defaultContentDir): Promise<{ content: Content; documents: ContentFileDocument[] }> {
  const documents: ContentFileDocument[] = [];
  const problems: string[] = [];
  const out = {} as Record<CollectionName, unknown[]>;
  for (const name of Object.keys(collections) as CollectionName[]) {
    const folder = path.join(dir, name);
    let files: string[] = [];
    try {
      files = (await readdir(folder)).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml')).sort();
    } catch {
      files = [];
    }
    const items: unknown[] = [];
    for (const file of files) {
      const itemSlug = file.replace(/\.ya?ml$/, '');
      const where = `${name}/${file}`;
      if (!slug.safeParse(itemSlug).success) {
        problems.push(`${where}: file name is not a valid slug`);
        continue;
      }
      let raw: unknown;
      try {
        raw = parseYaml(await readFile(path.join(folder, file), 'utf8'));
      } catch (e) {
        problems.push(`${where}: YAML error: ${(e as Error).message.split('\n')[0]}`);
        continue;
      }
      const parsed = collections[name].safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push(`${where}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
        continue;
      }
      items.push({ ...parsed.data, slug: itemSlug });
      documents.push({ collection: name, slug: itemSlug, document: JSON.parse(JSON.stringify(raw)) as Record<string, unknown> });
    }
    out[name] = items;
  }
  const content = out as unknown as Content;
  const rates = await readCurrencyRates(dir, problems);
  if (rates) content.currencyRates = rates;
  problems.push(...crossReferenceProblems(content));
  if (problems.length) throw new ContentError(problems);
  return { content, documents };
}

async function readCurrencyRates(dir: string, problems: string[]): Promise<CurrencyRatesFile | undefined> {
  let raw: string;
  try {
    raw = await readFile(path.join(dir, CURRENCY_RATES_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (e) {
    problems.push(`${CURRENCY_RATES_FILE}: YAML error: ${(e as Error).message.split('\n')[0]}`);
    return undefined;
  }
  const parsed = currencyRatesSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${CURRENCY_RATES_FILE}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return undefined;
  }
  return parsed.data;
}

export function crossReferenceProblems(c: Content): string[] {
  const problems: string[] = [];
  const dest = new Set(c.destinations.map((d) => d.slug));
  const exp = new Set(c.experiences.map((e) => e.slug));
  const parkSlugs = new Set(c.parks.map((p) => p.slug));
  for (const p of c.places) if (parkSlugs.has(p.slug)) problems.push(`places/${p.slug}: a park has the same slug`);
  const stopSlugs = new Set([...parkSlugs, ...c.places.map((p) => p.slug)]);
  for (const p of c.parks) if (!dest.has(p.destination)) problems.push(`parks/${p.slug}: unknown destination ${p.destination}`);
  for (const e of c.experiences)
    for (const d of e.destinations) if (!dest.has(d)) problems.push(`experiences/${e.slug}: unknown destination ${d}`);
  const lodgePark = new Map(c.lodges.map((l) => [l.slug, l.park]));
  for (const l of c.lodges) if (!parkSlugs.has(l.park)) problems.push(`lodges/${l.slug}: unknown park ${l.park}`);
  for (const s of c.safaris) {
    for (const d of s.destinations) if (!dest.has(d)) problems.push(`safaris/${s.slug}: unknown destination ${d}`);
    for (const e of s.experiences) if (!exp.has(e)) problems.push(`safaris/${s.slug}: unknown experience ${e}`);
    s.itinerary.forEach((day, i) => {
      for (const a of day.activities) if (!exp.has(a)) problems.push(`safaris/${s.slug}: day ${i + 1}: unknown activity ${a}`);
      for (const p of day.stops) if (!stopSlugs.has(p)) problems.push(`safaris/${s.slug}: day ${i + 1}: unknown stop ${p} (neither a park nor a place)`);
      if (day.lodge !== undefined) {
        const park = lodgePark.get(day.lodge);
        if (park === undefined) problems.push(`safaris/${s.slug}: day ${i + 1}: unknown lodge ${day.lodge}`);
        else if (!day.stops.includes(park)) problems.push(`safaris/${s.slug}: day ${i + 1}: lodge ${day.lodge} is at ${park}, which is not one of the day's stops`);
      }
    });
  }
  const faqOrders = new Set<number>();
  for (const f of c.faqs) {
    if (faqOrders.has(f.order)) problems.push(`faqs/${f.slug}: duplicate order ${f.order}`);
    faqOrders.add(f.order);
  }
  return problems;
}
