// Migrations 0016 (campaign schedule) and 0017 (subscriber consent) on a database with campaigns
// and subscribers written before them: every row stays as it was, nothing is scheduled, nobody
// gains a consent they did not give, and the new columns take values afterwards.
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/db.ts';
import { useMigratedAcross } from './helpers/migrations.ts';

describe.each(backends())('migrations 0016 and 0017 on %s', (backend) => {
  const t = useMigratedAcross(
    backend,
    '0016_campaign_schedule',
    async () => {
      await t.exec(`insert into newsletter_campaigns (id, subject, body_md, status) values (1, 'Draft', 'Body', 'draft'), (2, 'Sent', 'Body', 'sending')`);
      await t.exec(`insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
      values ('Ann', 'ann@example.com', 'ann@example.com', 'confirmed', 'c1', 'u1', now()), ('Ben', 'ben@example.com', 'ben@example.com', 'pending', 'c2', 'u2', null)`);
    },
    120_000,
  );

  it('keeps every campaign and subscriber as it was, with no schedule and no consent', async () => {
    expect(await t.rows(`select id, subject, status, scheduled_for, scheduled_by from newsletter_campaigns order by id`)).toEqual([
      { id: 1, subject: 'Draft', status: 'draft', scheduled_for: null, scheduled_by: null },
      { id: 2, subject: 'Sent', status: 'sending', scheduled_for: null, scheduled_by: null },
    ]);
    expect(await t.rows(`select email, status, consent_source, consent_date from newsletter_subscribers order by email`)).toEqual([
      { email: 'ann@example.com', status: 'confirmed', consent_source: null, consent_date: null },
      { email: 'ben@example.com', status: 'pending', consent_source: null, consent_date: null },
    ]);
  });

  it('takes a schedule and a consent afterwards, and finds due drafts by the new index', async () => {
    await t.exec(`update newsletter_campaigns set scheduled_for = '2026-12-01T06:00:00Z' where id = 1`);
    await t.exec(`update newsletter_subscribers set consent_source = 'Old form', consent_date = '2024-03-15' where email = 'ben@example.com'`);
    const [due] = await t.rows<{ n: number }>(`select count(*)::int as n from newsletter_campaigns where status = 'draft' and scheduled_for is not null and scheduled_for <= '2026-12-02'`);
    expect(Number(due!.n)).toBe(1);
    const [ben] = await t.rows<{ d: string }>(`select consent_date::text as d from newsletter_subscribers where email = 'ben@example.com'`);
    expect(ben!.d).toBe('2024-03-15');
    const idx = await t.rows<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'newsletter_campaigns' and indexname = 'newsletter_campaigns_scheduled_idx'`);
    expect(idx).toHaveLength(1);
    // A staff member who scheduled and is deleted leaves the schedule's author empty.
    await t.exec(`insert into staff (id, email, email_key, role, password_hash) values (77, 's@example.com', 's@example.com', 'owner', 'x')`);
    await t.exec(`update newsletter_campaigns set scheduled_by = 77 where id = 1`);
    await t.exec(`delete from staff where id = 77`);
    expect(await t.rows(`select scheduled_by from newsletter_campaigns where id = 1`)).toEqual([{ scheduled_by: null }]);
  });
});
