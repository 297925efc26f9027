// Safaris: the tours, each with its price, countries, experiences and a day-by-day itinerary
// (stops on the route map, the night's lodge, meals).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as c from '../../db/columns.ts';
import { markdownToHtml } from '../../db/html.ts';
import * as t from '../../db/schema.ts';
import { image, listItem, markdown, ref, stopRef, text } from './fields.ts';
import { cardsById, contentType, headerImage, named, upsert } from './type.ts';
import { safariDetail } from './safaris.queries.ts';
import { safariVehicles } from './vehicles.ts';

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

const safariSchema = z.object({
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
  /** The guides who usually lead it, in the order its page shows them. */
  guides: z.array(ref('guides')).default([]).meta({ ordered: true }),
  /** The vehicle it usually runs in, shown on its page. */
  vehicle: ref('vehicles').optional(),
});

export default contentType({
  collection: 'safaris',
  schema: safariSchema,
  table: t.safaris,
  slugKey: 'safarititleslug',
  images: 'art',
  detail: { notFound: 'Safari', read: safariDetail },
  search: {
    type: 'safari',
    titleBoost: 0.1,
    results: cardsById(t.safaris, c.safariCard),
    document: {
      ...named('safari'),
      description: 'x.safarimetadescription',
      // Every day's title and text, in order.
      body: `x.safaridescription || ' ' || coalesce((SELECT string_agg(sd.title || ' ' || sd.description, ' ' ORDER BY sd.day_number)
                                                   FROM safari_days sd WHERE sd.safari_id = x.id), '')`,
      alsoFrom: [{ table: 'safari_days', items: 'SELECT DISTINCT safari_id FROM changed_rows', perStatement: true }],
    },
  },
  problems(content) {
    const guides = new Set(content.guides!.map((g) => g.slug));
    const vehicles = new Set(content.vehicles!.map((v) => v.slug));
    return (content.safaris as unknown as { slug: string; guides: string[]; vehicle?: string }[]).flatMap((s) => [
      ...s.guides.filter((g) => !guides.has(g)).map((g) => `safaris/${s.slug}: unknown guide ${g}`),
      ...(s.vehicle !== undefined && !vehicles.has(s.vehicle) ? [`safaris/${s.slug}: unknown vehicle ${s.vehicle}`] : []),
    ]);
  },
  async project(tx, items, p) {
    for (const s of items) {
      if (!p.want(s.slug)) continue;
      const [destIds, expIds, parkIds, placeIds, lodgeIds, guideIds, vehicleIds] = [
        await p.ids('destinations'),
        await p.ids('experiences'),
        await p.ids('parks'),
        await p.ids('places'),
        await p.ids('lodges'),
        await p.ids('guides'),
        await p.ids('vehicles'),
      ];
      const id = await upsert(tx, t.safaris, t.safaris.safarititleslug, s.slug, {
        safarititle: s.title,
        safarititleslug: s.slug,
        safariday: s.itinerary.length,
        safariprice: s.price,
        safariheaderimage: headerImage('safaris', s.slug, s.image),
        safariheaderimagealt: s.image.alt,
        safarimetadescription: s.metaDescription,
        safaridescription: markdownToHtml(s.description),
        safariincludes: s.includes.join(', '),
        safariexcludes: s.excludes.join(', '),
        popular: s.popular,
        sort_order: s.order,
        metakeywords: s.keywords,
        metadescription: s.metaDescription,
      });
      await tx.delete(t.safariDestinations).where(eq(t.safariDestinations.safari_id, id));
      await tx.insert(t.safariDestinations).values([...new Set(s.destinations)].map((d) => ({ safari_id: id, destination_id: destIds.get(d)! })));
      await tx.delete(t.safariExperiences).where(eq(t.safariExperiences.safari_id, id));
      await tx.insert(t.safariExperiences).values([...new Set(s.experiences)].map((e) => ({ safari_id: id, experience_id: expIds.get(e)! })));
      await tx.delete(t.safariGuides).where(eq(t.safariGuides.safari_id, id));
      const guides = [...new Set(s.guides)];
      if (guides.length) await tx.insert(t.safariGuides).values(guides.map((g, position) => ({ safari_id: id, guide_id: guideIds.get(g)!, position })));
      await tx.delete(safariVehicles).where(eq(safariVehicles.safari_id, id));
      if (s.vehicle !== undefined) await tx.insert(safariVehicles).values({ safari_id: id, vehicle_id: vehicleIds.get(s.vehicle)! });
      await tx.delete(t.safariDays).where(eq(t.safariDays.safari_id, id));
      for (const [i, day] of s.itinerary.entries()) {
        const [row] = await tx
          .insert(t.safariDays)
          .values({
            safari_id: id,
            day_number: i + 1,
            title: day.title,
            description: markdownToHtml(day.description),
            breakfast: day.meals.breakfast,
            lunch: day.meals.lunch,
            dinner: day.meals.dinner,
            drinking_water: day.meals.water,
            lodge_id: day.lodge === undefined ? null : lodgeIds.get(day.lodge)!,
          })
          .returning({ id: t.safariDays.id });
        const acts = [...new Set(day.activities)];
        if (acts.length) await tx.insert(t.safariDayExperiences).values(acts.map((a, position) => ({ safari_day_id: row!.id, experience_id: expIds.get(a)!, position })));
        if (day.stops.length)
          await tx.insert(t.safariDayStops).values(
            day.stops.map((stop, position) => ({
              safari_day_id: row!.id,
              position,
              park_id: parkIds.get(stop) ?? null,
              place_id: parkIds.has(stop) ? null : placeIds.get(stop)!,
            })),
          );
      }
    }
  },
});
