// A safari's page, read off the registry (server/api/card-list.ts): the safari, its day-by-day
// itinerary (each day's activities, stops and lodge), three related safaris, the latest posts, its
// reviews and rating, its guides and its vehicle. The lists of safaris (all, by country, by
// experience) are read with server/db/queries.ts's filters.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import * as c from '../../db/columns.ts';
import type { Db } from '../../db/index.ts';
import { dedupeById, latestBlogs } from '../../db/queries.ts';
import * as t from '../../db/schema.ts';
import { approvedReviews, reviewSummary } from './safari-reviews.ts';
import { guidesOfSafari } from './guides.ts';
import { vehicleOfSafari } from './vehicles.ts';

/** A safari's days in order, each with its lodge's name, address and tier. */
const itineraryDays = (db: Db, safariId: number) =>
  db
    .select({ day: t.safariDays, lodgetitle: t.lodges.lodgetitle, lodgetitleslug: t.lodges.lodgetitleslug, lodgetier: t.lodges.lodgetier })
    .from(t.safariDays)
    .leftJoin(t.lodges, eq(t.safariDays.lodge_id, t.lodges.id))
    .where(eq(t.safariDays.safari_id, safariId))
    .orderBy(asc(t.safariDays.day_number));

type ItineraryRow = Awaited<ReturnType<typeof itineraryDays>>[number];

/** The days of an itinerary with their activities, stops and lodge. */
async function itineraryOf(db: Db, days: ItineraryRow[]) {
  const dayIds = days.map((d) => d.day.id);
  const [activities, stops] = days.length
    ? await Promise.all([
        db
          .select({ dayId: t.safariDayExperiences.safari_day_id, ...c.experienceCard })
          .from(t.safariDayExperiences)
          .innerJoin(t.experiences, eq(t.safariDayExperiences.experience_id, t.experiences.id))
          .where(inArray(t.safariDayExperiences.safari_day_id, dayIds))
          .orderBy(asc(t.safariDayExperiences.position)),
        db
          .select({
            dayId: t.safariDayStops.safari_day_id,
            parktitle: t.parks.parktitle,
            parktitleslug: t.parks.parktitleslug,
            parklatitude: t.parks.latitude,
            parklongitude: t.parks.longitude,
            placetitle: t.places.placetitle,
            placelatitude: t.places.latitude,
            placelongitude: t.places.longitude,
          })
          .from(t.safariDayStops)
          .leftJoin(t.parks, eq(t.safariDayStops.park_id, t.parks.id))
          .leftJoin(t.places, eq(t.safariDayStops.place_id, t.places.id))
          .where(inArray(t.safariDayStops.safari_day_id, dayIds))
          .orderBy(asc(t.safariDayStops.position)),
      ])
    : [[], []];
  return days.map(({ day: d, ...l }) => ({
    id: d.id,
    day_number: d.day_number,
    title: d.title,
    description: d.description,
    breakfast: d.breakfast,
    lunch: d.lunch,
    dinner: d.dinner,
    drinking_water: d.drinking_water,
    experiences: activities.filter((a) => a.dayId === d.id).map(({ dayId: _d, experiencedescription: _x, ...a }) => ({ ...a, image: a.experienceheaderimage !== '' })),
    stops: stops
      .filter((s) => s.dayId === d.id)
      .map((s) =>
        s.parktitleslug !== null
          ? { title: s.parktitle ?? '', parktitleslug: s.parktitleslug, latitude: s.parklatitude, longitude: s.parklongitude }
          : { title: s.placetitle ?? '', parktitleslug: null, latitude: s.placelatitude, longitude: s.placelongitude },
      ),
    lodge: l.lodgetitleslug !== null && l.lodgetitle !== null && l.lodgetier !== null ? { lodgetitle: l.lodgetitle, lodgetitleslug: l.lodgetitleslug, lodgetier: l.lodgetier } : null,
  }));
}

/** Related: safaris sharing a country or an experience, the closest in length first (three). */
async function relatedSafaris(db: Db, safari: { id: number; safariday: number }, links: [{ id: number }[], { id: number }[]]) {
  const [destIds, expIds] = links;
  const related = await db
    .selectDistinct({ ...c.safariCard, gap: t.safaris.safariday })
    .from(t.safaris)
    .leftJoin(t.safariDestinations, eq(t.safariDestinations.safari_id, t.safaris.id))
    .leftJoin(t.safariExperiences, eq(t.safariExperiences.safari_id, t.safaris.id))
    .where(
      and(
        or(
          destIds.length
            ? inArray(
                t.safariDestinations.destination_id,
                destIds.map((x) => x.id),
              )
            : undefined,
          expIds.length
            ? inArray(
                t.safariExperiences.experience_id,
                expIds.map((x) => x.id),
              )
            : undefined,
        ),
      ),
    );
  return dedupeById(
    related
      .filter((s) => s.id !== safari.id)
      .sort((a, b) => Math.abs(a.safariday - safari.safariday) - Math.abs(b.safariday - safari.safariday) || a.id - b.id)
      .map(({ gap: _g, ...s }) => s),
  ).slice(0, 3);
}

/** A safari's page (its title is its length and name, its description its meta description). */
export async function safariDetail(db: Db, slug: string) {
  const [row] = await db
    .select({ ...c.safariFull, metakeywords: t.safaris.metakeywords })
    .from(t.safaris)
    .where(eq(t.safaris.safarititleslug, slug));
  if (!row) return null;
  const { metakeywords, ...safari } = row;
  const [days, links, blogs, reviews, rating, guides, vehicle] = await Promise.all([
    itineraryDays(db, safari.id),
    Promise.all([
      db.select({ id: t.safariDestinations.destination_id }).from(t.safariDestinations).where(eq(t.safariDestinations.safari_id, safari.id)),
      db.select({ id: t.safariExperiences.experience_id }).from(t.safariExperiences).where(eq(t.safariExperiences.safari_id, safari.id)),
    ]),
    latestBlogs(db, 3),
    approvedReviews(db, safari.id),
    reviewSummary(db, safari.id),
    guidesOfSafari(db, safari.id),
    vehicleOfSafari(db, safari.id),
  ]);
  const safaridays = await itineraryOf(db, days);
  const otherSafaris = await relatedSafaris(db, safari, links);
  return {
    title: `${safari.safariday} Day ${safari.safarititle}`,
    keywords: metakeywords,
    description: safari.safarimetadescription,
    body: { safari, safaridays, otherSafaris, blogs, reviews, rating, guides, vehicle },
  };
}
