// The dashboard's series of the last 12 weeks and months (enquiries per week, and per month with
// the booked ones) are counted in one scan by date_trunc: on random enquiries, including times on
// and next to the periods' edges, in the future and long ago, they give what the former query (a
// join of every row against every period) gave, on PGlite and (when TEST_DATABASE_URL is set)
// PostgreSQL.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionPerMonth, enquiriesPerWeek } from '../server/api/admin/dashboard.ts';
import type { Tx } from '../server/db/index.ts';
import { backends, useTestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';

/** The former queries, as they were, for the comparison. */
const formerWeeks = sql`
  with weeks as (
    select generate_series(date_trunc('week', now() at time zone 'UTC') - interval '11 weeks', date_trunc('week', now() at time zone 'UTC'), interval '1 week') as wk)
  select to_char(w.wk, 'YYYY-MM-DD') as week, count(e.id)::int as n
    from weeks w
    left join enquiries e
      on e.status <> 'spam' and (e.created_at at time zone 'UTC') >= w.wk and (e.created_at at time zone 'UTC') < w.wk + interval '1 week'
   group by w.wk order by w.wk`;
const formerMonths = sql`
  with months as (
    select generate_series(date_trunc('month', now() at time zone 'UTC') - interval '11 months', date_trunc('month', now() at time zone 'UTC'), interval '1 month') as m)
  select to_char(m.m, 'YYYY-MM') as month,
         count(e.id) filter (where e.status = 'booked')::int as booked,
         count(e.id)::int as total
    from months m
    left join enquiries e
      on e.status <> 'spam' and (e.created_at at time zone 'UTC') >= m.m and (e.created_at at time zone 'UTC') < m.m + interval '1 month'
   group by m.m order by m.m`;

const STATUSES = ['new', 'contacted', 'quoted', 'booked', 'lost', 'spam'] as const;

/** An enquiry's time: minutes from now (back to 15 months ago, up to a fortnight ahead), or a period's edge ± 1 µs. */
const when = fc.oneof(
  fc.integer({ min: -15 * 31 * 1440, max: 14 * 1440 }).map((minutes) => sql`now() + ${minutes} * interval '1 minute'`),
  fc
    .record({ unit: fc.constantFrom('week', 'month'), back: fc.integer({ min: -1, max: 13 }), micro: fc.constantFrom(-1, 0, 1) })
    .map(({ unit, back, micro }) => sql`(date_trunc(${unit}, now() at time zone 'UTC') - ${back} * ${sql.raw(`interval '1 ${unit}'`)}) at time zone 'UTC' + ${micro} * interval '1 microsecond'`),
);
const enquiry = fc.record({ at: when, status: fc.constantFrom(...STATUSES) });

/** Puts the enquiries in, reads both series the former way and the new way, and rolls back. */
async function bothWays(tx: Tx, rows: { at: ReturnType<typeof sql>; status: string }[]) {
  await tx.execute(sql`delete from enquiries`);
  for (const r of rows)
    await tx.execute(sql`insert into enquiries (name, email, phone, message, preferred_contact_method, status, created_at)
      values ('Test Traveller', 'traveller@example.com', '+256 700 000000', 'A week in the forest.', 'email', ${r.status}, ${r.at})`);
  return {
    former: { weeks: rowsOf(await tx.execute(formerWeeks)), months: rowsOf(await tx.execute(formerMonths)) },
    now: { weeks: rowsOf(await enquiriesPerWeek(tx, 'UTC')), months: rowsOf(await conversionPerMonth(tx, 'UTC')) },
  };
}

for (const backend of backends()) {
  describe(`the dashboard's series on ${backend}`, () => {
    const database = useTestDatabase(backend);

    it('counts random enquiries per week and month as the former query did', async () => {
      let nonEmpty = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(enquiry, { maxLength: 60 }), async (rows) => {
          let seen: Awaited<ReturnType<typeof bothWays>> | undefined;
          // One transaction: both ways see the same now(); it is rolled back, nothing is kept.
          await database()
            .db.transaction(async (tx) => {
              seen = await bothWays(tx, rows);
              tx.rollback();
            })
            .catch((e: unknown) => {
              if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
            });
          expect(seen!.now).toEqual(seen!.former);
          expect(seen!.now.weeks).toHaveLength(12);
          expect(seen!.now.months).toHaveLength(12);
          if ((seen!.former.weeks as { n: number }[]).some((w) => Number(w.n) > 0)) nonEmpty++;
        }),
        { numRuns: 25 },
      );
      // The random data did reach the series (not only times outside them).
      expect(nonEmpty).toBeGreaterThan(5);
    });

    it('puts an enquiry in the month and week of the operator’s time zone, not of UTC', async () => {
      // The last minute of last month in New York is already this month in UTC (4 or 5 hours on).
      const edge = sql`date_trunc('month', now() at time zone 'America/New_York') at time zone 'America/New_York' - interval '1 minute'`;
      let seen: { ny: unknown[]; utc: unknown[] } | undefined;
      await database()
        .db.transaction(async (tx) => {
          await tx.execute(sql`delete from enquiries`);
          await tx.execute(sql`insert into enquiries (name, email, phone, message, preferred_contact_method, status, created_at)
            values ('Test Traveller', 'traveller@example.com', '+256 700 000000', 'A week in the forest.', 'email', 'new', ${edge})`);
          seen = { ny: rowsOf(await conversionPerMonth(tx, 'America/New_York')), utc: rowsOf(await conversionPerMonth(tx, 'UTC')) };
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
        });
      const totals = (rows: unknown[]) => (rows as { total: number }[]).map((m) => Number(m.total));
      expect(totals(seen!.ny).slice(10)).toEqual([1, 0]);
      expect(totals(seen!.utc).slice(10)).toEqual([0, 1]);
    });
  });
}
