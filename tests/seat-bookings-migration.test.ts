// Migration 0033 (seat bookings) on PGlite and PostgreSQL, on a database with seat bookings made
// before it, each with the hidden quote it was accepted from: each booking keeps its trip's title,
// safari and price lines, with no quote behind it; its trip link opens the booking; the hidden
// quote and its version are gone. A booking accepted from a real quote keeps its quote and link.
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/db.ts';
import { useMigratedAcross } from './helpers/migrations.ts';

const LINES = [{ label: 'Gorilla trek, group departure (per person)', category: 'safari', basis: 'person', unitMinor: 245_000, quantity: null }];
const doc = (title: string) => JSON.stringify({ title, lines: LINES });

describe.each(backends())('migration 0033 on %s', (backend) => {
  const t = useMigratedAcross(
    backend,
    '0033_seat_bookings',
    async () => {
      await t.exec(`insert into quotes (id, reference, traveller_name, traveller_email, safari_slug, status) values
      (1, 'Q-2026-0001', 'Amina Okello', 'amina@example.com', 'gorilla-trek', 'accepted'),
      (2, 'Q-2026-0002', 'Joseph Mukasa', 'joseph@example.com', 'big-five', 'accepted')`);
      await t.exec(`insert into quote_versions (id, quote_id, version, document, total_minor, currency, sent_at) values
      (1, 1, 1, '${doc('4-day Gorilla trek')}', 490000, 'USD', now()),
      (2, 2, 1, '${doc('8-day Big five')}', 245000, 'USD', now())`);
      await t.exec(`insert into bookings (id, reference, quote_id, quote_version_id, travel_from, travel_to, currency, lead_name, lead_email, total_minor, deposit_minor, deposit_due_on, balance_due_on) values
      (1, 'B-2026-0001', 1, 1, '2027-03-12', '2027-03-15', 'USD', 'Amina Okello', 'amina@example.com', 490000, 147000, '2026-12-04', '2027-01-11'),
      (2, 'B-2026-0002', 2, 2, '2027-05-01', '2027-05-08', 'USD', 'Joseph Mukasa', 'joseph@example.com', 245000, 73500, '2026-12-04', '2027-03-02')`);
      await t.exec(`insert into trip_links (token_hash, quote_id) values ('seat-link', 1), ('quote-link', 2)`);
      await t.exec(`insert into departures (id, safari_slug, starts_on, seats, price_minor) values (1, 'gorilla-trek', '2027-03-12', 8, 245000)`);
      await t.exec(`insert into departure_seats (booking_id, departure_id, seats) values (1, 1, 2)`);
    },
    180_000,
  );

  it('detaches the hidden quote of a seat booking: the booking keeps its trip, its link opens it, the quote is gone', async () => {
    expect(await t.rows(`select id, quote_id, quote_version_id, title, safari_slug, price_lines, total_minor::int as total from bookings order by id`)).toEqual([
      { id: 1, quote_id: null, quote_version_id: null, title: '4-day Gorilla trek', safari_slug: 'gorilla-trek', price_lines: LINES, total: 490000 },
      { id: 2, quote_id: 2, quote_version_id: 2, title: null, safari_slug: null, price_lines: null, total: 245000 },
    ]);
    expect(await t.rows(`select token_hash, quote_id, booking_id from trip_links order by token_hash`)).toEqual([
      { token_hash: 'quote-link', quote_id: 2, booking_id: null },
      { token_hash: 'seat-link', quote_id: null, booking_id: 1 },
    ]);
    expect(await t.rows(`select id from quotes order by id`)).toEqual([{ id: 2 }]);
    expect(await t.rows(`select id from quote_versions order by id`)).toEqual([{ id: 2 }]);
    expect(await t.rows(`select booking_id, seats from departure_seats`)).toEqual([{ booking_id: 1, seats: 2 }]);
  });

  it('holds a link to a quote or to a booking, one or the other; a booking’s links go with it', async () => {
    await expect(t.exec(`insert into trip_links (token_hash) values ('nobody')`)).rejects.toThrow(/trip_links_owner_check/);
    await expect(t.exec(`insert into trip_links (token_hash, quote_id, booking_id) values ('both', 2, 1)`)).rejects.toThrow(/trip_links_owner_check/);
    await t.exec(`insert into bookings (id, reference, title, price_lines, travel_from, travel_to, currency, lead_name, lead_email, total_minor, deposit_minor, deposit_due_on, balance_due_on)
      values (3, 'B-2026-0003', 'Gone', '[]', '2027-06-01', '2027-06-02', 'USD', 'Ann', 'ann@example.com', 0, 0, '2026-12-04', '2027-04-02')`);
    await t.exec(`insert into trip_links (token_hash, booking_id) values ('gone-link', 3)`);
    await t.exec(`delete from bookings where id = 3`);
    expect(await t.rows(`select token_hash from trip_links where token_hash = 'gone-link'`)).toEqual([]);
  });
});
