// Queueing a campaign to more subscribers than one batch (each batch is one INSERT … SELECT): every
// confirmed subscriber once, with their own address and unsubscribe token (only its hash kept),
// staggered at the rate; a failure halfway leaves the campaign a draft with nothing queued, and the
// send then done again queues each person exactly once, a further send being refused; on PGlite
// and (when TEST_DATABASE_URL is set) PostgreSQL.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendCampaign, type NewsletterAdminOptions } from '../server/newsletter/send.ts';
import { backends, useTestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';

const CONFIRMED = 2300;
const opts: NewsletterAdminOptions = {
  siteUrl: 'https://kigezitrails.example',
  trust: { mode: 'none' } as unknown as NewsletterAdminOptions['trust'],
  mailFrom: 'Kigezi Trails <news@kigezitrails.example>',
  messageIdDomain: 'kigezitrails.example',
  operatorEmail: 'bookings@kigezitrails.example',
  ratePerMinute: 120,
  kick: () => {},
};
const who = { staffId: null, actor: 'test', ip: null };

for (const backend of backends()) {
  describe(`queueing a campaign on ${backend}`, () => {
    const database = useTestDatabase(backend);
    let campaign: number;
    beforeEach(async () => {
      await database().db.execute(sql`truncate newsletter_campaigns, newsletter_subscribers, mail_outbox restart identity cascade`);
      // Confirmed subscribers, and every fifth of another status between them.
      await database().db.execute(sql`insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash)
        select 'Reader ' || g, 'Reader' || g || '@Example.com', 'reader' || g || '@example.com',
               case when g % 5 = 0 then (array['pending', 'unsubscribed'])[1 + g / 5 % 2] else 'confirmed' end, md5('c' || g), md5('u' || g)
          from generate_series(1, ${(CONFIRMED * 5) / 4}) g`);
      campaign = rowsOf<{ id: number }>(
        await database().db.execute(sql`insert into newsletter_campaigns (subject, body_md, status) values ('Gorilla permits', 'Next season is **open**.', 'draft') returning id`),
      )[0]!.id;
    });

    const counts = async () =>
      rowsOf<{ recipients: number; outbox: number; status: string }>(
        await database().db.execute(sql`select (select count(*)::int from newsletter_campaign_recipients) as recipients, (select count(*)::int from mail_outbox) as outbox,
          (select status from newsletter_campaigns where id = ${campaign}) as status`),
      )[0]!;

    it('queues each confirmed subscriber once, with their address and their own token', async () => {
      expect(await sendCampaign(database().db, opts, campaign, who)).toEqual({ queued: CONFIRMED, minutes: Math.ceil(CONFIRMED / 120) });
      const rows = rowsOf<{ email: string; hash: string; to: string; name: string; text: string; html: string; message_id: string; at: string }>(
        await database().db.execute(sql`select s.email, r.unsubscribe_token_hash as hash, o.message->'to'->>'address' as to, o.message->'to'->>'name' as name,
            o.message->>'text' as text, o.message->>'html' as html, o.message_id, extract(epoch from o.next_attempt_at)::float8 as at
          from newsletter_campaign_recipients r join newsletter_subscribers s on s.id = r.subscriber_id join mail_outbox o on o.id = r.outbox_id
         where s.status = 'confirmed' order by s.id`),
      );
      expect(rows).toHaveLength(CONFIRMED);
      expect((await counts()).outbox).toBe(CONFIRMED);
      const tokens = new Set<string>();
      for (const r of rows) {
        expect(r.to).toBe(r.email);
        expect(r.name).toBe('');
        const token = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(r.text)?.[1];
        expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(createHash('sha256').update(token!).digest('hex')).toBe(r.hash);
        expect(r.html).toContain(`token=${token}`);
        expect(r.html).toContain('<strong>open</strong>');
        expect(r.message_id).toMatch(/^<newsletter-campaign\.[0-9a-f-]{36}@kigezitrails\.example>$/);
        tokens.add(token!);
      }
      expect(tokens.size).toBe(CONFIRMED);
      // Half a second apart at 120 a minute, in the order of the subscribers.
      const gaps = rows.slice(1).map((r, i) => Math.round((Number(r.at) - Number(rows[i]!.at)) * 1000));
      expect(new Set(gaps)).toEqual(new Set([500]));
    });

    it('leaves nothing queued after a failure halfway, then queues each person once', async () => {
      // The outbox refuses a subscriber of the second batch.
      await database().db.execute(sql`create or replace function refuse_one() returns trigger language plpgsql as $$
        begin if new.subscriber_id = 2601 then raise exception 'disk full'; end if; return new; end $$`);
      await database().db.execute(sql`create trigger refuse_one before insert on mail_outbox for each row execute function refuse_one()`);
      await expect(sendCampaign(database().db, opts, campaign, who)).rejects.toThrow();
      expect(await counts()).toEqual({ recipients: 0, outbox: 0, status: 'draft' });
      await database().db.execute(sql`drop trigger refuse_one on mail_outbox`);
      await database().db.execute(sql`drop function refuse_one()`);

      expect((await sendCampaign(database().db, opts, campaign, who)).queued).toBe(CONFIRMED);
      await expect(sendCampaign(database().db, opts, campaign, who)).rejects.toMatchObject({ status: 409 });
      expect(await counts()).toEqual({ recipients: CONFIRMED, outbox: CONFIRMED, status: 'sending' });
      const [dup] = rowsOf<{ n: number }>(await database().db.execute(sql`select count(*)::int as n from (select subscriber_id from mail_outbox group by subscriber_id having count(*) > 1) d`));
      expect(dup!.n).toBe(0);
    });
  });
}
