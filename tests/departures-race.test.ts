// The last seats of a departure under attack from two server processes on one PostgreSQL database
// (the built site, started twice like production): 200 booking attempts at once, half through
// each process, for the last 2 seats give exactly 2 bookings, because each attempt takes the
// departure's row lock (SELECT … FOR UPDATE) before counting. The same race inside one process on
// PGlite is in tests/departures.test.ts. Needs TEST_DATABASE_URL and `npm run build`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/index.ts';
import { rowsOf } from './helpers/forms.ts';
import { sql } from 'drizzle-orm';
import type { SiteProcess } from './helpers/start-site.ts';
import { signIn } from './helpers/staff.ts';
import { OWNER, startTwoProcesses, type TwoProcesses } from './helpers/two-processes.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the last seats of a departure booked through two processes (postgres)', () => {
  let sites: TwoProcesses;
  let a: SiteProcess;
  let b: SiteProcess;
  let db: Database;
  let id: number;

  beforeAll(async () => {
    sites = await startTwoProcesses();
    ({ a, b, db } = sites);
    const owner = await signIn(a.url, OWNER);
    const [safari] = rowsOf<{ slug: string }>(await db.db.execute(sql`select safarititleslug as slug from safaris order by id limit 1`));
    const made = await owner.send('/departures', { safariSlug: safari!.slug, startsOn: '2027-06-04', seats: 6, priceMinor: 199_000, status: 'guaranteed' });
    id = ((await made.json()) as { id: number }).id;
  }, 180_000);
  afterAll(() => sites?.stop());

  const book = (base: string, name: string, seats = 1) =>
    fetch(`${base}/api/departures/${id}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ travellers: Array.from({ length: seats }, (_, i) => `${name} Traveller${i}`), leadName: name, email: 'lead@example.com', acceptTerms: true }),
    }).then((r) => r.status);

  it('gives exactly 2 bookings for 200 attempts at the last 2 seats', async () => {
    expect(await book(a.url, 'First Group', 4)).toBe(201);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => book(i % 2 ? b.url : a.url, `Racer Number${i}`)));
    expect(answers.filter((s) => s === 201)).toHaveLength(2);
    expect(answers.filter((s) => s === 409)).toHaveLength(198);
    const [row] = rowsOf<{ n: number; seats: number }>(await db.db.execute(sql`select count(*)::int as n, sum(seats)::int as seats from departure_seats where departure_id = ${id}`));
    expect([Number(row!.n), Number(row!.seats)]).toEqual([3, 6]);
    for (const base of [a.url, b.url]) {
      const all = (await (await fetch(`${base}/api/departures/${id}`)).json()) as { seatsLeft: number; onSale: boolean };
      expect(all).toMatchObject({ seatsLeft: 0, onSale: false });
    }
  }, 240_000);
});
