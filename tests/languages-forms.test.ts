// The language of what a traveller sends (migration 0036_languages): an enquiry and a newsletter
// sign-up keep the language the API is given (English when none), and an unknown one is a 400
// that names the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_FIELD_MESSAGE } from '../common/languages.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { formsHarness, goodEnquiry, type FormsHarness } from './helpers/forms.ts';

describe.each(backends())('the language of enquiries and subscribers on %s', (backend) => {
  let tdb: TestDatabase;
  let h: FormsHarness;
  beforeAll(async () => {
    tdb = await openTestDatabase(backend);
    h = await formsHarness(backend, { tdb, forms: { startWorker: false } });
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.drop();
  });

  it('stores the language given with an enquiry, English when none is given', async () => {
    const french = await h.post('/plan-a-safari', { ...goodEnquiry(31), language: 'fr' });
    expect(french.status).toBe(201);
    const plain = await h.post('/plan-a-safari', goodEnquiry(32));
    expect(plain.status).toBe(201);
    const rows = await h.rows<{ id: number; language: string }>(
      `select id, language from enquiries where id in (${((await french.json()) as { id: number }).id}, ${((await plain.json()) as { id: number }).id}) order by id`,
    );
    expect(rows.map((r) => r.language)).toEqual(['fr', 'en']);
  });

  it('refuses an unknown language with a clear 400 and stores nothing', async () => {
    const before = await h.rows<{ n: number }>('select count(*)::int as n from enquiries');
    const res = await h.post('/plan-a-safari', { ...goodEnquiry(33), language: 'it' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(LANGUAGE_FIELD_MESSAGE);
    expect(await h.rows<{ n: number }>('select count(*)::int as n from enquiries')).toEqual(before);
  });

  it('stores the language of a newsletter sign-up, and refuses an unknown one', async () => {
    const res = await h.post('/admin/clients', { fullName: 'Lena Vogel', email: 'lena@example.com', language: 'de' });
    expect(res.status).toBeLessThan(300);
    expect(await h.rows<{ language: string }>("select language from newsletter_subscribers where email = 'lena@example.com'")).toEqual([{ language: 'de' }]);
    const bad = await h.post('/admin/clients', { fullName: 'Lena Vogel', email: 'lena2@example.com', language: 'DE-de' });
    expect(bad.status).toBe(400);
  });
});
