// Safari vehicles: the operator's fleet, which travellers ask about before they book. Each has a
// page (/vehicles/<slug>) with a drawn picture, its kind, seats (and whether every seat is at a
// window), its features and the safaris it usually runs; a safari names its vehicle
// (server/content/types/safaris.ts), and its page shows it. Everything of the type is here: the
// document, the tables, the projection, the search document and the list and detail queries.
import { asc, eq } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text as textColumn, uniqueIndex } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import type { Db } from '../../db/index.ts';
import * as t from '../../db/schema.ts';
import { image, markdown, seo, text } from './fields.ts';
import { cardsById, contentType, headerImage, inOrder, itemPage, metaColumns, upsertEach } from './type.ts';

export const VEHICLE_KINDS = ['4x4 safari vehicle', 'Extended 4x4 safari vehicle', 'Safari minibus', 'Open game-drive vehicle', 'Overland truck'] as const;
export const VEHICLE_FEATURES = ['Pop-up roof', 'Charging points', 'Fridge', 'Binoculars', 'Wi-Fi'] as const;

const vehicleSchema = z.object({
  /** What the vehicle is ("Land Cruiser 70 with pop-up roof"). */
  name: text.max(80),
  kind: z.enum(VEHICLE_KINDS),
  /** Travellers' seats (the driver-guide's not counted). */
  seats: z.number().int().min(1).max(40),
  /** Whether every traveller has a window seat. */
  windowSeats: z.boolean(),
  features: z.array(z.enum(VEHICLE_FEATURES)).default([]),
  order: z.number().int().default(100),
  /** One or two sentences, for cards and meta. */
  description: text.max(320),
  body: markdown,
  /** The picture: drawn by the image build unless a photo or a library image is named. */
  image,
  seo,
});

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    vehicletitle: textColumn('vehicletitle').notNull(),
    vehicletitleslug: textColumn('vehicletitleslug').notNull(),
    vehiclekind: textColumn('vehiclekind').notNull().default(''),
    vehicleseats: integer('vehicleseats').notNull().default(0),
    vehiclewindowseats: boolean('vehiclewindowseats').notNull().default(false),
    vehiclefeatures: jsonb('vehiclefeatures').$type<string[]>().notNull().default([]),
    vehicleheaderimage: textColumn('vehicleheaderimage').notNull().default(''),
    vehicleheaderimagealt: textColumn('vehicleheaderimagealt').notNull().default(''),
    vehicledescription: textColumn('vehicledescription').notNull().default(''),
    /** The page's text, as sanitised HTML. */
    vehicleparagraph: textColumn('vehicleparagraph').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(100),
    ...t.meta,
    ...t.timestamps,
  },
  (v) => [index('vehicles_order_idx').on(v.sort_order, v.id), uniqueIndex('vehicles_slug_idx').on(v.vehicletitleslug)],
);

/** The vehicle a safari usually runs in (one per safari). */
export const safariVehicles = pgTable(
  'safari_vehicles',
  {
    safari_id: integer('safari_id')
      .primaryKey()
      .references(() => t.safaris.id, { onDelete: 'cascade' }),
    vehicle_id: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (v) => [index('safari_vehicles_vehicle_idx').on(v.vehicle_id)],
);

/** A vehicle's card on the wire: the list, a safari's vehicle, search results. */
const vehicleCard = {
  id: vehicles.id,
  vehicletitle: vehicles.vehicletitle,
  vehicletitleslug: vehicles.vehicletitleslug,
  vehiclekind: vehicles.vehiclekind,
  vehicleseats: vehicles.vehicleseats,
  vehiclewindowseats: vehicles.vehiclewindowseats,
  vehiclefeatures: vehicles.vehiclefeatures,
  vehicleheaderimage: vehicles.vehicleheaderimage,
  vehicleheaderimagealt: vehicles.vehicleheaderimagealt,
  vehicledescription: vehicles.vehicledescription,
};

/** The vehicle a safari usually runs in, or null. */
export async function vehicleOfSafari(db: Db, safariId: number) {
  const [row] = await db.select(vehicleCard).from(safariVehicles).innerJoin(vehicles, eq(safariVehicles.vehicle_id, vehicles.id)).where(eq(safariVehicles.safari_id, safariId));
  return row ?? null;
}

export default contentType({
  collection: 'vehicles',
  schema: vehicleSchema,
  table: vehicles,
  slugKey: 'vehicletitleslug',
  images: 'art',
  cardList: inOrder(vehicles, vehicleCard, 'Our safari vehicles'),
  detail: {
    notFound: 'Vehicle',
    async read(db, slug) {
      const [row] = await db
        .select({ ...vehicleCard, vehicleparagraph: vehicles.vehicleparagraph, ...metaColumns(vehicles) })
        .from(vehicles)
        .where(eq(vehicles.vehicletitleslug, slug));
      if (!row) return null;
      const { item: vehicle, ...page } = itemPage(row, 'vehicle');
      const [safaris, others] = await Promise.all([
        db
          .select(c.safariCard)
          .from(safariVehicles)
          .innerJoin(t.safaris, eq(safariVehicles.safari_id, t.safaris.id))
          .where(eq(safariVehicles.vehicle_id, vehicle.id))
          .orderBy(asc(t.safaris.sort_order), asc(t.safaris.id)),
        db.select(vehicleCard).from(vehicles).orderBy(asc(vehicles.sort_order), asc(vehicles.id)),
      ]);
      return { ...page, body: { vehicle, safaris, otherVehicles: others.filter((v) => v.id !== vehicle.id) } };
    },
  },
  search: {
    type: 'vehicle',
    results: cardsById(vehicles, vehicleCard),
    document: {
      slug: 'x.vehicletitleslug',
      title: 'x.vehicletitle',
      description: `x.vehiclekind || ' ' || x.vehicledescription`,
      // Its features and its page.
      body: `coalesce((SELECT string_agg(v, ' ') FROM jsonb_array_elements_text(x.vehiclefeatures) AS v), '') || ' ' || x.vehicleparagraph`,
      keywords: 'x.metakeywords',
    },
  },
  async project(tx, items, p) {
    await upsertEach(tx, items, p, vehicles, vehicles.vehicletitleslug, (v) => ({
      vehicletitle: v.name,
      vehicletitleslug: v.slug,
      vehiclekind: v.kind,
      vehicleseats: v.seats,
      vehiclewindowseats: v.windowSeats,
      vehiclefeatures: v.features,
      vehicleheaderimage: headerImage('vehicles', v.slug, v.image),
      vehicleheaderimagealt: v.image.alt,
      vehicledescription: v.description,
      vehicleparagraph: markdownToHtml(v.body),
      sort_order: v.order,
      metatitle: v.seo.title ?? null,
      metakeywords: v.seo.keywords,
      metadescription: v.seo.description,
    }));
  },
});
