// Database schema (PostgreSQL dialect). Column names follow the entity fields of spec point 3.
import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LODGE_TIERS } from '../../common/constants.ts';

/** When a row was made and last changed (every content table). */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Search-engine metadata columns shared by every page-backed entity. */
export const meta = {
  metatitle: text('metatitle'),
  metakeywords: text('metakeywords').notNull().default(''),
  metadescription: text('metadescription').notNull().default(''),
};

export const destinations = pgTable(
  'destinations',
  {
    id: serial('id').primaryKey(),
    destinationtitle: text('destinationtitle').notNull(),
    destinationtitleslug: text('destinationtitleslug').notNull(),
    destinationtag: text('destinationtag').notNull().default(''),
    destinationheaderimage: text('destinationheaderimage').notNull().default(''),
    destinationheaderimagealt: text('destinationheaderimagealt').notNull().default(''),
    destinationdescription: text('destinationdescription').notNull().default(''),
    destinationparagraph: text('destinationparagraph').notNull().default(''),
    youtubeembedlink: text('youtubeembedlink'),
    sort_order: integer('sort_order').notNull().default(100),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('destinations_slug_idx').on(t.destinationtitleslug)],
);

export const parks = pgTable(
  'parks',
  {
    id: serial('id').primaryKey(),
    parktitle: text('parktitle').notNull(),
    parktitleslug: text('parktitleslug').notNull(),
    parkheaderimage: text('parkheaderimage').notNull().default(''),
    parkheaderimagealt: text('parkheaderimagealt').notNull().default(''),
    parkdescription: text('parkdescription').notNull().default(''),
    parkoverview: text('parkoverview').notNull().default(''),
    parkdetails: text('parkdetails').notNull().default(''),
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'restrict' }),
    sort_order: integer('sort_order').notNull().default(100),
    /** Where the park is (WGS 84 degrees): its place on the maps. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('parks_slug_idx').on(t.parktitleslug), index('parks_destination_idx').on(t.destination_id, t.sort_order, t.id)],
);

export const experiences = pgTable(
  'experiences',
  {
    id: serial('id').primaryKey(),
    experiencetitle: text('experiencetitle').notNull(),
    experiencetitleslug: text('experiencetitleslug').notNull(),
    experiencedescription: text('experiencedescription').notNull().default(''),
    experienceheaderimage: text('experienceheaderimage').notNull().default(''),
    experienceheaderimagealt: text('experienceheaderimagealt').notNull().default(''),
    experienceparagraph: text('experienceparagraph').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(100),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('experiences_slug_idx').on(t.experiencetitleslug)],
);

export const experienceDestinations = pgTable(
  'experience_destinations',
  {
    experience_id: integer('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.experience_id, t.destination_id] }), index('experience_destinations_dest_idx').on(t.destination_id)],
);

export const safaris = pgTable(
  'safaris',
  {
    id: serial('id').primaryKey(),
    safarititle: text('safarititle').notNull(),
    safarititleslug: text('safarititleslug').notNull(),
    safariday: integer('safariday').notNull(),
    safariprice: integer('safariprice').notNull(),
    safariheaderimage: text('safariheaderimage').notNull().default(''),
    safariheaderimagealt: text('safariheaderimagealt').notNull().default(''),
    safarimetadescription: text('safarimetadescription').notNull().default(''),
    safaridescription: text('safaridescription').notNull().default(''),
    safariincludes: text('safariincludes').notNull().default(''),
    safariexcludes: text('safariexcludes').notNull().default(''),
    popular: boolean('popular').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(100),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('safaris_slug_idx').on(t.safarititleslug), index('safaris_order_idx').on(t.sort_order, t.id)],
);

export const safariDestinations = pgTable(
  'safari_destinations',
  {
    safari_id: integer('safari_id')
      .notNull()
      .references(() => safaris.id, { onDelete: 'cascade' }),
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.safari_id, t.destination_id] }), index('safari_destinations_dest_idx').on(t.destination_id)],
);

export const safariExperiences = pgTable(
  'safari_experiences',
  {
    safari_id: integer('safari_id')
      .notNull()
      .references(() => safaris.id, { onDelete: 'cascade' }),
    experience_id: integer('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.safari_id, t.experience_id] }), index('safari_experiences_exp_idx').on(t.experience_id)],
);

export const safariDays = pgTable(
  'safari_days',
  {
    id: serial('id').primaryKey(),
    safari_id: integer('safari_id')
      .notNull()
      .references(() => safaris.id, { onDelete: 'cascade' }),
    day_number: smallint('day_number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    breakfast: boolean('breakfast').notNull().default(false),
    lunch: boolean('lunch').notNull().default(false),
    dinner: boolean('dinner').notNull().default(false),
    drinking_water: boolean('drinking_water').notNull().default(false),
    /** Where the night is spent, when the itinerary names a lodge. */
    lodge_id: integer('lodge_id').references(() => lodges.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('safari_days_safari_day_idx').on(t.safari_id, t.day_number), index('safari_days_lodge_idx').on(t.lodge_id)],
);

export const safariDayExperiences = pgTable(
  'safari_day_experiences',
  {
    safari_day_id: integer('safari_day_id')
      .notNull()
      .references(() => safariDays.id, { onDelete: 'cascade' }),
    experience_id: integer('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.safari_day_id, t.experience_id] })],
);

/** Towns, airports and sanctuaries a safari passes through that have no park page of their own. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    placetitle: text('placetitle').notNull(),
    placetitleslug: text('placetitleslug').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('places_slug_idx').on(t.placetitleslug)],
);

/** Lodges and camps in or beside a park, and hotels in the towns a safari starts, ends or breaks in: where the nights of an itinerary are spent. */
export const lodges = pgTable(
  'lodges',
  {
    id: serial('id').primaryKey(),
    lodgetitle: text('lodgetitle').notNull(),
    lodgetitleslug: text('lodgetitleslug').notNull(),
    lodgeheaderimage: text('lodgeheaderimage').notNull().default(''),
    lodgeheaderimagealt: text('lodgeheaderimagealt').notNull().default(''),
    lodgedescription: text('lodgedescription').notNull().default(''),
    lodgeparagraph: text('lodgeparagraph').notNull().default(''),
    /** 'budget' | 'mid-range' | 'luxury' (common/constants.ts LODGE_TIERS). */
    lodgetier: text('lodgetier', { enum: LODGE_TIERS }).notNull(),
    amenities: jsonb('amenities').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The park it is in or beside; null for a hotel in a town (place_id). */
    park_id: integer('park_id').references(() => parks.id, { onDelete: 'restrict' }),
    /** The town (a place) of a town hotel; null for a park's lodge. */
    place_id: integer('place_id').references(() => places.id, { onDelete: 'restrict' }),
    /** Its country: its park's, or the town's. */
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'restrict' }),
    sort_order: integer('sort_order').notNull().default(100),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ...meta,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lodges_slug_idx').on(t.lodgetitleslug),
    index('lodges_park_idx').on(t.park_id, t.sort_order, t.id),
    index('lodges_destination_idx').on(t.destination_id),
    check('lodges_tier_check', sql`${t.lodgetier} in ('budget', 'mid-range', 'luxury')`),
    check('lodges_park_or_town_check', sql`(${t.park_id} is null) <> (${t.place_id} is null)`),
  ],
);

/** The stops of an itinerary day, in order: each a park or a place (the route on the maps). */
export const safariDayStops = pgTable(
  'safari_day_stops',
  {
    safari_day_id: integer('safari_day_id')
      .notNull()
      .references(() => safariDays.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    park_id: integer('park_id').references(() => parks.id, { onDelete: 'cascade' }),
    place_id: integer('place_id').references(() => places.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.safari_day_id, t.position] }),
    index('safari_day_stops_park_idx').on(t.park_id),
    index('safari_day_stops_place_idx').on(t.place_id),
    check('safari_day_stops_one_kind', sql`(${t.park_id} is null) <> (${t.place_id} is null)`),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    blogtitle: text('blogtitle').notNull(),
    blogtitleslug: text('blogtitleslug').notNull(),
    blogheaderimage: text('blogheaderimage').notNull().default(''),
    blogheaderimagealt: text('blogheaderimagealt').notNull().default(''),
    blogdescription: text('blogdescription').notNull().default(''),
    blogparagraph: text('blogparagraph').notNull().default(''),
    show_in_nav: boolean('show_in_nav').notNull().default(false),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('blogs_slug_idx').on(t.blogtitleslug), index('blogs_created_idx').on(t.created_at, t.id)],
);

export const animals = pgTable(
  'animals',
  {
    id: serial('id').primaryKey(),
    animaltitle: text('animaltitle').notNull(),
    animaltitleslug: text('animaltitleslug').notNull(),
    animaldescription: text('animaldescription').notNull().default(''),
    animalheaderimage: text('animalheaderimage').notNull().default(''),
    animalheaderimagealt: text('animalheaderimagealt').notNull().default(''),
    animalparagraph: text('animalparagraph').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(100),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('animals_slug_idx').on(t.animaltitleslug)],
);

export const birds = pgTable(
  'birds',
  {
    id: serial('id').primaryKey(),
    birdtitle: text('birdtitle').notNull(),
    birdtitleslug: text('birdtitleslug').notNull(),
    birddescription: text('birddescription').notNull().default(''),
    birdheaderimage: text('birdheaderimage').notNull().default(''),
    birdheaderimagealt: text('birdheaderimagealt').notNull().default(''),
    birdoverview: text('birdoverview').notNull().default(''),
    birddetails: text('birddetails').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(100),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('birds_slug_idx').on(t.birdtitleslug)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    faqslug: text('faqslug').notNull(),
    sort_order: integer('sort_order').notNull().default(100),
    show_on_home: boolean('show_on_home').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('faqs_slug_idx').on(t.faqslug)],
);

/** The guides the operator sends out: a page each, a portrait, the languages they speak. */
export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    /** The guide's name. */
    guidetitle: text('guidetitle').notNull(),
    guidetitleslug: text('guidetitleslug').notNull(),
    guiderole: text('guiderole').notNull().default(''),
    guidelanguages: jsonb('guidelanguages').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    guideyears: integer('guideyears').notNull().default(0),
    guidespecialities: jsonb('guidespecialities').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    guideheaderimage: text('guideheaderimage').notNull().default(''),
    guideheaderimagealt: text('guideheaderimagealt').notNull().default(''),
    guidedescription: text('guidedescription').notNull().default(''),
    /** The biography, as sanitised HTML. */
    guideparagraph: text('guideparagraph').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(100),
    ...meta,
    ...timestamps,
  },
  (t) => [uniqueIndex('guides_slug_idx').on(t.guidetitleslug), index('guides_order_idx').on(t.sort_order, t.id)],
);

/** The guides who usually lead a safari, in the safari's order. */
export const safariGuides = pgTable(
  'safari_guides',
  {
    safari_id: integer('safari_id')
      .notNull()
      .references(() => safaris.id, { onDelete: 'cascade' }),
    guide_id: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.safari_id, t.guide_id] }), index('safari_guides_guide_idx').on(t.guide_id)],
);

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    /** 'park' | 'animal' | 'bird' | 'experience' | 'lodge' */
    owner_type: text('owner_type').notNull(),
    owner_id: integer('owner_id').notNull(),
    filepath: text('filepath').notNull(),
    filename: text('filename').notNull(),
    caption: text('caption').notNull().default(''),
    position: smallint('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gallery_owner_idx').on(t.owner_type, t.owner_id, t.position)],
);

export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  title: text('title').notNull(),
  overview: text('overview').notNull(),
  details: text('details').notNull(),
  /** The review's content file name; null for rows older than migration 0012. */
  slug: text('slug'),
  profileimage: text('profileimage'),
  rating: smallint('rating').notNull().default(5),
  featured: boolean('featured').notNull().default(false),
  ...timestamps,
});

/** Metadata and copy of the static and index pages, keyed by route slug ('home', 'about', ...). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A review a traveller wrote on a safari page: held as pending until a moderator approves it. */
export const travellerReviews = pgTable(
  'traveller_reviews',
  {
    id: serial('id').primaryKey(),
    safari_id: integer('safari_id')
      .notNull()
      .references(() => safaris.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** Intrinsic size of the photo's largest rendering, when a photo came with the review. */
    photo_width: integer('photo_width'),
    photo_height: integer('photo_height'),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderated_at: timestamp('moderated_at', { withTimezone: true }),
    /** The staff account that approved or rejected it (the console); null until then. */
    moderated_by: integer('moderated_by'),
    /** The operator's public reply, shown under the review (migration 0019); null: none. */
    reply: text('reply'),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    replied_by: integer('replied_by'),
  },
  (t) => [
    check('traveller_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('traveller_reviews_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('traveller_reviews_safari_idx').on(t.safari_id, t.status, t.created_at),
    index('traveller_reviews_status_idx').on(t.status, t.created_at),
  ],
);

/** The renderings of a review's photo (server/media/pipeline.ts): each width in each format. */
export const travellerReviewPhotos = pgTable(
  'traveller_review_photos',
  {
    review_id: integer('review_id')
      .notNull()
      .references(() => travellerReviews.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    /** 'avif' | 'webp' | 'jpg' */
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.review_id, t.width, t.format] })],
);

export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  pagekeywords: text('pagekeywords').notNull().default(''),
  pagedescription: text('pagedescription').notNull().default(''),
  body: text('body').notNull().default(''),
  blocks: jsonb('blocks').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  ...timestamps,
});

/** One row; bumped whenever content changes so response caches in every process can tell. */
export const contentVersion = pgTable('content_version', {
  id: smallint('id').primaryKey().default(1),
  version: integer('version').notNull().default(1),
  changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  content_hash: text('content_hash'),
});

/** The tables each content change wrote, by the version it moved to (migration 0014; server/db/version.ts). */
export const contentChanges = pgTable('content_changes', {
  version: integer('version').primaryKey(),
  tables: text('tables').array().notNull(),
  changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

// Enquiries, newsletter, mail outbox and spam defences.
export * from './schema-enquiries.ts';
export * from './schema-staff.ts';
export * from './schema-campaigns.ts';
export * from './schema-inbox.ts';

// Currency rates and WhatsApp leads.
export * from './schema-traveller.ts';

// The media library and the console's settings.
export * from './schema-media.ts';

// The content as staff edit it: documents, revisions, redirects of changed slugs.
export * from './schema-content.ts';

// Quotes, trip links, bookings, their travellers, the payment ledger and the bookings' events.
export * from './schema-bookings.ts';

// Group departures: a safari's fixed dates sold per seat, and the seats each booking holds.
export * from './schema-departures.ts';
// Online payments: the attempts sent to the providers and the providers' events.
export * from './schema-payments.ts';
