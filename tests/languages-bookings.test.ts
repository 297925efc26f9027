// The language of a booking (migration 0036_languages): seats booked on a group departure are in
// the language of the booking page (the API's optional language field, English when absent, a
// clear 400 for an unknown one), and a booking from a quote takes the language of the enquiry the
// quote answers (English when it answers none).
import './helpers/production.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_FIELD_MESSAGE } from '../common/languages.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import { enquiries, quotes } from '../server/db/schema.ts';
import { sentQuote } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn } from './helpers/staff.ts';

const AGENT = 'agent@kigezitrails.example';
const TODAY = '2026-11-27';

describe.each(backends())('the language of bookings on %s', (backend) => {
  let site: InProcessSite;
  let slug: string;
  let departureId: number;

  const book = (over: Record<string, unknown>) =>
    fetch(`${site.base}/api/departures/${departureId}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base },
      body: JSON.stringify({ travellers: ['Lena Vogel'], singleRooms: 0, leadName: 'Lena Vogel', email: 'lena@example.com', phone: '', acceptTerms: true, ...over }),
    });
  const languageOf = async (email: string) => (await site.rows<{ language: string }>(`select language from bookings where lead_email = '${email}' order by id`)).map((r) => r.language);

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off', SITE_LANGUAGES: 'en,de,fr,es' }, drivenMail: true });
    await addStaff(site.app.database!.db, AGENT, 'agent', undefined, 'Amos Agent');
    const agent = await signIn(site.base, AGENT);
    slug = (await site.rows<{ s: string }>('select safarititleslug as s from safaris order by id limit 1'))[0]!.s;
    const res = await agent.send('/departures', { safariSlug: slug, startsOn: '2027-03-12', seats: 12, priceMinor: 245_000, singleSupplementMinor: 0, status: 'open', guideSlug: null });
    expect(res.status, await res.clone().text()).toBe(201);
    departureId = ((await res.json()) as { id: number }).id;
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('stores the language the API is given with seats, English when none, and refuses an unknown one', async () => {
    expect((await book({ email: 'de@example.com', language: 'de' })).status).toBe(201);
    expect((await book({ email: 'none@example.com' })).status).toBe(201);
    const bad = await book({ email: 'it@example.com', language: 'it' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(LANGUAGE_FIELD_MESSAGE);
    expect(await languageOf('de@example.com')).toEqual(['de']);
    expect(await languageOf('none@example.com')).toEqual(['en']);
    expect(await languageOf('it@example.com')).toEqual([]);
  });

  it('books seats from the Spanish booking page in Spanish, and from the English page in English', async () => {
    const form = (email: string) => new URLSearchParams({ traveller1: 'Lucía Pérez', singleRooms: '0', email, phone: '', acceptTerms: 'yes' });
    for (const [path, email] of [
      [`/es/safaris/${slug}/salidas/${departureId}`, 'es@example.com'],
      [`/safaris/${slug}/departures/${departureId}`, 'en@example.com'],
    ] as const) {
      const res = await fetch(`${site.base}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.base }, body: form(email) });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toMatch(/^\/trip\//);
    }
    expect(await languageOf('es@example.com')).toEqual(['es']);
    expect(await languageOf('en@example.com')).toEqual(['en']);
  });

  it('books a quote in the language of the enquiry it answers, and in English when it answers none', async () => {
    const db = site.app.database!.db;
    const [enquiry] = await db
      .insert(enquiries)
      .values({ name: 'Claire Martin', email: 'claire@example.com', phone: '+33600000001', message: 'Gorilles en juillet', preferred_contact_method: 'Email', language: 'fr' })
      .returning();
    const names = ['Amina Okello', 'David Okello', 'Grace Okello'];
    const lead = { name: 'Amina Okello', email: 'amina@example.com' };
    const answered = await db.transaction((tx) => sentQuote(tx));
    await db.update(quotes).set({ enquiry_id: enquiry!.id }).where(eq(quotes.id, answered.quote.id));
    const alone = await db.transaction((tx) => sentQuote(tx));
    const french = await db.transaction((tx) => createBooking(tx, { quoteVersionId: answered.version.id, lead, travellers: names, today: TODAY }));
    const english = await db.transaction((tx) => createBooking(tx, { quoteVersionId: alone.version.id, lead, travellers: names, today: TODAY }));
    expect([french.language, english.language]).toEqual(['fr', 'en']);
  });
});
