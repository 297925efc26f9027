// Reading departures: for the safari page (the upcoming ones with their seats left), for the
// booking page (one), for the safaris list's month filter, for the sitemap's dates, and for the
// console's lists. Seats left are counted at the instant given (server/departures/seats.ts).
import { and, asc, eq, gt, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { ConsoleDeparture, DepartureStatus, PublicDeparture } from '../../common/departures.ts';
import { nextMonth } from '../bookings/console.ts';
import type { Db, Tx } from '../db/index.ts';
import { forgetReferenceData, memo } from '../db/queries.ts';
import { departures, guides, safaris } from '../db/schema.ts';
import { seatsTaken } from './seats.ts';
import { endOf } from './trip-document.ts';

const columns = {
  departure: departures,
  safariTitle: safaris.safarititle,
  safariDays: safaris.safariday,
  guideName: guides.guidetitle,
};

async function selectDepartures(db: Db | Tx, where: SQL | undefined, limit = 500) {
  return db
    .select(columns)
    .from(departures)
    .leftJoin(safaris, eq(safaris.safarititleslug, departures.safari_slug))
    .leftJoin(guides, eq(guides.guidetitleslug, departures.guide_slug))
    .where(where)
    .orderBy(asc(departures.starts_on), asc(departures.id))
    .limit(limit);
}

type Selected = Awaited<ReturnType<typeof selectDepartures>>[number];

function publicOf(r: Selected, taken: number): PublicDeparture {
  const d = r.departure;
  return {
    id: d.id,
    safariSlug: d.safari_slug,
    startsOn: d.starts_on,
    endsOn: endOf(d.starts_on, r.safariDays ?? 1),
    seats: d.seats,
    seatsLeft: Math.max(0, d.seats - taken),
    priceMinor: d.price_minor,
    singleSupplementMinor: d.single_supplement_minor,
    currency: 'USD',
    status: d.status as DepartureStatus,
    guide: d.guide_slug && r.guideName ? { slug: d.guide_slug, name: r.guideName } : null,
    onSaleFrom: d.created_at.toISOString().slice(0, 10),
  };
}

/** Departures as the console lists them, with their seats at `now`. */
async function withSeats(db: Db | Tx, rows: Selected[], now: Date): Promise<ConsoleDeparture[]> {
  const seats = await seatsTaken(
    db,
    rows.map((r) => r.departure.id),
    now,
  );
  return rows.map((r) => {
    const s = seats.get(r.departure.id);
    return { ...publicOf(r, s?.taken ?? 0), safariTitle: r.safariTitle ?? r.departure.safari_slug, booked: (s?.taken ?? 0) - (s?.held ?? 0), held: s?.held ?? 0, bookings: s?.bookings ?? 0 };
  });
}

const strip = ({ safariTitle: _t, booked: _b, held: _h, bookings: _n, ...d }: ConsoleDeparture): PublicDeparture => d;

/**
 * The safaris (their slugs) that have a departure not cancelled, at any date: memoised with the
 * reference data until the content changes (every change of a departure moves the content version,
 * server/departures/seats.ts), so the page of a safari without one, most of them, costs no query.
 * A safari missing from the set has no upcoming departure whatever the day; one in it is read.
 */
export function safarisWithDepartures(db: Db): Promise<ReadonlySet<string>> {
  return memo(db, 'safaris with departures', async () => {
    const rows = await db.selectDistinct({ slug: departures.safari_slug }).from(departures).where(ne(departures.status, 'cancelled'));
    return new Set(rows.map((r) => r.slug));
  });
}

/**
 * After a departure was made in this process (the only change that adds a safari to the set: none is
 * made cancelled, and none comes back from it), the set is read again at once; other processes drop
 * it when the content version's notification reaches them.
 */
export const departuresWritten = (db: Db) => forgetReferenceData(db);

/** A safari's departures after `today` that are not cancelled, soonest first. */
export async function upcomingDepartures(db: Db | Tx, safariSlug: string, today: string, now: Date): Promise<PublicDeparture[]> {
  const rows = await selectDepartures(db, and(eq(departures.safari_slug, safariSlug), gt(departures.starts_on, today), ne(departures.status, 'cancelled')), 60);
  return (await withSeats(db, rows, now)).map(strip);
}

/** One departure with its safari's title and length, or null. */
export async function departureById(db: Db | Tx, id: number, now: Date): Promise<ConsoleDeparture | null> {
  const rows = await selectDepartures(db, eq(departures.id, id), 1);
  return (await withSeats(db, rows, now))[0] ?? null;
}

/** The console's departures from `from` on (or every one), optionally of one safari. */
export async function consoleDepartures(db: Db | Tx, filter: { safariSlug?: string; from?: string; to?: string }, now: Date): Promise<ConsoleDeparture[]> {
  const where = and(
    filter.safariSlug ? eq(departures.safari_slug, filter.safariSlug) : undefined,
    filter.from ? gte(departures.starts_on, filter.from) : undefined,
    filter.to ? lt(departures.starts_on, filter.to) : undefined,
  );
  return withSeats(db, await selectDepartures(db, where), now);
}

/** The safaris (their slugs) with a departure on sale in a month (YYYY-MM), after `today`. */
export async function safarisDepartingIn(db: Db | Tx, month: string, today: string): Promise<string[]> {
  const from = `${month}-01` > today ? `${month}-01` : today;
  const rows = await db
    .selectDistinct({ slug: departures.safari_slug })
    .from(departures)
    .where(and(gte(departures.starts_on, from), lt(departures.starts_on, nextMonth(month)), gt(departures.starts_on, today), inArray(departures.status, ['open', 'guaranteed', 'full'])));
  return rows.map((r) => r.slug);
}

/** The months (YYYY-MM) after `today` that have a departure on sale, in order. */
export async function departureMonths(db: Db | Tx, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: sql<string>`to_char(${departures.starts_on}, 'YYYY-MM')` })
    .from(departures)
    .where(and(gt(departures.starts_on, today), inArray(departures.status, ['open', 'guaranteed', 'full'])));
  return rows.map((r) => r.month).sort();
}

/** Each safari's newest change of its departures (the sitemap's lastmod counts them). */
export async function departuresChangedAt(db: Db | Tx): Promise<Map<string, Date>> {
  const rows = await db
    .select({ slug: departures.safari_slug, at: sql<string>`max(${departures.updated_at})` })
    .from(departures)
    .groupBy(departures.safari_slug);
  return new Map(rows.map((r) => [r.slug, new Date(r.at)]));
}
