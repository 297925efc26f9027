// The building blocks of the content types' document schemas (one YAML file per item, validated
// with zod; the file name without .yaml is the item's slug). Fields marked "markdown" are Markdown,
// turned into sanitised HTML when projected. The console's form is read off these schemas
// (server/content/describe.ts), their metadata giving the hints.
import { z } from 'zod';

export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
export const text = z.string().trim().min(1);
export const markdown = z.string().trim().min(1).meta({ widget: 'markdown' });
/** The slug of an item of another collection (the console offers that collection's items). */
export const ref = (collection: string) => slug.meta({ ref: collection });
/** Stops of an itinerary day: parks or places. */
export const stopRef = slug.meta({ ref: 'parks', alsoRef: 'places' });
export const isoDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}/)])
  .transform((v) => new Date(v))
  .meta({ widget: 'date' });

/** Search-engine metadata for the item's page. */
export const seo = z.object({
  title: text.optional(),
  keywords: text,
  description: text.max(320),
});

/** A picture from the console's media library, by its stable path (images/uploads/<name>.jpg). */
const uploadPath = z.string().regex(/^images\/uploads\/[a-z0-9][a-z0-9-]*\.jpg$/, 'an image of the media library');

export const image = z.object({
  /** Meaningful alt text for the header image. */
  alt: text,
  /** Optional source file name under content/images/<collection>/ (default: <slug>.*). */
  file: z.string().optional(),
  /** Or a picture of the media library, chosen in the console. */
  upload: uploadPath.optional(),
});

/** A point on the map, in WGS 84 degrees. */
export const location = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const galleryItem = z
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

/** An entry of a short list stored comma-joined (a safari's includes and excludes). */
export const listItem = z
  .string()
  .trim()
  .min(1)
  .refine((s) => !/[,"'{}\\]/.test(s), 'no commas, quotes, braces or backslashes');
