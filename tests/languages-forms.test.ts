// The language of what a traveller sends (migration 0036_languages): an enquiry and a newsletter
// sign-up keep the language the API is given (English when none), and an unknown one is a 400
// that names the field; their checks' messages are in that language (the spec's English when none
// or an unknown one is given), in the same order.
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

  const errorOf = async (res: Response) => ({ status: res.status, error: ((await res.json()) as { error: string }).error });

  it('answers an enquiry’s checks in French, in the spec’s order', async () => {
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(1), email: 'x', message: 'drop table; --', language: 'fr' }))).toEqual({
      status: 400,
      error: 'Votre saisie contient des caractères ou des mots non autorisés. Veuillez revoir votre message.',
    });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(2), email: 'x', phone: '1', language: 'fr' }))).toEqual({ status: 400, error: 'Veuillez saisir une adresse e-mail valide.' });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(3), phone: '12', language: 'fr' }))).toEqual({ status: 400, error: 'Veuillez saisir un numéro de téléphone valide.' });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(4), message: '', language: 'fr' }))).toEqual({ status: 400, error: 'Le nom, l’e-mail et le message sont obligatoires.' });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(5), country: 'x'.repeat(81), language: 'fr' }))).toEqual({ status: 400, error: 'Pays : trop long (au plus 80 caractères).' });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(6), adults: '0', language: 'fr' }))).toEqual({ status: 400, error: 'Adultes : un nombre entier de 1 à 50.' });
  });

  it('answers in German and Spanish, and in the spec’s English when no language is given', async () => {
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(9), email: 'x', language: 'de' }))).toEqual({ status: 400, error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
    expect(await errorOf(await h.post('/admin/clients', { fullName: '', email: 'ana@example.com', language: 'es' }))).toEqual({
      status: 400,
      error: 'El nombre completo y el correo electrónico son obligatorios.',
    });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(10), email: 'x' }))).toEqual({ status: 400, error: 'Please enter a valid email address.' });
    expect(await errorOf(await h.post('/plan-a-safari', { ...goodEnquiry(11), email: 'x', language: 'it' }))).toEqual({ status: 400, error: 'Please enter a valid email address.' });
  });
});
