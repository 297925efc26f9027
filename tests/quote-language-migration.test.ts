// Migration 0040 on a database that already has quotes (PGlite and PostgreSQL): each quote takes
// the language of the enquiry it answers, which is what it was sent in; a quote without an enquiry
// is English; and a language the site does not know is refused from then on.
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/db.ts';
import { useMigratedAcross } from './helpers/migrations.ts';

describe.each(backends())('migration 0040 on %s', (backend) => {
  const t = useMigratedAcross(
    backend,
    '0040_quote_language',
    async () => {
      await t.exec(`insert into enquiries (id, name, email, phone, message, preferred_contact_method, language) values
      (1, 'Lena Vogel', 'lena@example.com', '+4915112345678', 'Gorillas', 'Email', 'de'),
      (2, 'Claire Martin', 'claire@example.com', '+33600000000', 'Gorilles', 'Email', 'fr')`);
      await t.exec(`insert into quotes (id, reference, traveller_name, traveller_email, enquiry_id, status) values
      (1, 'Q-2026-0001', 'Lena Vogel', 'lena@example.com', 1, 'sent'),
      (2, 'Q-2026-0002', 'Claire Martin', 'claire@example.com', 2, 'draft'),
      (3, 'Q-2026-0003', 'Amina Okello', 'amina@example.com', null, 'sent')`);
    },
    180_000,
  );

  it('gives each quote its enquiry’s language, English without one', async () => {
    expect(await t.rows('select id, language from quotes order by id')).toEqual([
      { id: 1, language: 'de' },
      { id: 2, language: 'fr' },
      { id: 3, language: 'en' },
    ]);
  });

  it('refuses a language the site does not know', async () => {
    await expect(t.exec(`update quotes set language = 'it' where id = 3`)).rejects.toThrow(/quotes_language_check/);
  });
});
