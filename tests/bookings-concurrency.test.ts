// Ledger reconciliation under concurrent payment entries from two server processes on one
// PostgreSQL database (the built site, started twice like production): payments recorded at once
// through both processes' console APIs all land, once each, and the account adds up to the minor
// unit; an idempotency key sent to both processes at once records one entry. Needs
// TEST_DATABASE_URL and `npm run build`.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../common/booking-console.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import type { Database } from '../server/db/index.ts';
import { sentQuote } from './helpers/bookings.ts';
import { rowsOf } from './helpers/forms.ts';
import { signIn, type SignedIn } from './helpers/staff.ts';
import { OWNER, startTwoProcesses, type TwoProcesses } from './helpers/two-processes.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the ledger under concurrent payments from two processes (postgres)', () => {
  let sites: TwoProcesses;
  let db: Database;
  let viaA: SignedIn;
  let viaB: SignedIn;
  let id: number;

  beforeAll(async () => {
    sites = await startTwoProcesses();
    db = sites.db;
    const { version } = await db.db.transaction((tx) => sentQuote(tx));
    id = (
      await db.db.transaction((tx) =>
        createBooking(tx, {
          quoteVersionId: version.id,
          lead: { name: 'Amina Okello', email: 'amina@example.com' },
          travellers: ['Amina Okello', 'David Okello', 'Grace Okello'],
          today: '2026-11-27',
        }),
      )
    ).id;
    viaA = await signIn(sites.a.url, OWNER);
    viaB = await signIn(sites.b.url, OWNER);
  }, 180_000);
  afterAll(() => sites?.stop());

  it('records every payment once and the account adds up', async () => {
    const amounts = Array.from({ length: 40 }, (_, i) => 10_000 + i * 137);
    const sent = await Promise.all(
      amounts.map((amountMinor, i) => (i % 2 ? viaB : viaA).send(`/bookings/${id}/ledger`, { kind: 'payment', amountMinor, method: 'cash', reference: `cash-${i}`, receivedOn: '2026-11-20' })),
    );
    expect(sent.map((r) => r.status)).toEqual(amounts.map(() => 201));
    // The same provider retry sent to both processes at once: one entry.
    const retry = { kind: 'payment', amountMinor: 5_000, method: 'card', receivedOn: '2026-11-20', idempotencyKey: 'card-retry-0001' };
    const twice = await Promise.all([viaA.send(`/bookings/${id}/ledger`, retry), viaB.send(`/bookings/${id}/ledger`, retry), viaA.send(`/bookings/${id}/ledger`, retry)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const expected = amounts.reduce((s, n) => s + n, 0) + 5_000;
    const [row] = rowsOf<{ n: number; sum: string }>(await db.db.execute(sql`select count(*)::int as n, sum(amount_minor)::bigint as sum from ledger_entries where booking_id = ${id}`));
    expect([row!.n, Number(row!.sum)]).toEqual([41, expected]);
    for (const via of [viaA, viaB]) {
      const d = (await (await via.get(`/bookings/${id}`)).json()) as BookingDetail;
      expect(d.account).toMatchObject({ paidMinor: expected, payments: expected, outstandingMinor: 911_999 - expected });
      expect(d.ledger).toHaveLength(41);
    }
    // The state changes were taken in turn: one each, in order.
    const states = rowsOf<{ to: string }>(await db.db.execute(sql`select detail->>'to' as "to" from booking_events where booking_id = ${id} and kind = 'state' order by id`));
    expect(states.map((s) => s.to)).toEqual(['confirmed-pending-deposit', 'confirmed']);
  });
});
