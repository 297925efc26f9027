// Scheduled campaigns over HTTP, on both databases: an owner schedules a draft for a date and time
// in the operator's time zone (refused with a message when it is no time, in the past or too far);
// it is sent once when due, whichever processes look at the same moment, also after a restart;
// one with nobody to go to is unscheduled and says so in the audit log.
import './helpers/production.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toLocalInput } from '../common/operator-time.ts';
import { sendDueCampaigns } from '../server/newsletter/scheduled-send.ts';
import { ProxyTrust } from '../server/http/client-address.ts';
import { createLogger } from '../server/logger.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { waitFor } from './helpers/forms.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

type Json = Record<string, any>;
const OWNER = 'owner@kigezitrails.example';
const silent = createLogger('silent');

describe.each(backends())('scheduled campaigns on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;

  const newsletterOpts = () => ({
    siteUrl: 'http://localhost:3000',
    trust: new ProxyTrust(false as never),
    mailFrom: 'Kigezi Trails <no-reply@kigezitrails.example>',
    messageIdDomain: 'kigezitrails.example',
    operatorEmail: 'bookings@kigezitrails.example',
    ratePerMinute: 6000,
    kick: () => {},
  });
  const seedConfirmed = async (n: number) => {
    for (let i = 0; i < n; i++)
      await site.rows(`insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
        values ('Reader ${i}', 'reader${i}@example.com', 'reader${i}@example.com', 'confirmed', 'c${i}', 'u${i}', now())`);
  };
  const newCampaign = async () => ((await (await owner.send('/campaigns', { subject: 'Migration season', body: 'The herds are crossing.\nCome and see.' })).json()) as Json).id as number;
  const campaign = async (id: number) => (await (await owner.get(`/campaigns/${id}`)).json()) as Json;

  beforeAll(async () => {
    site = await startSite({ backend, drivenMail: true });
    await addStaff(site.app.database!.db, OWNER, 'owner');
    await addStaff(site.app.database!.db, 'agent@kigezitrails.example', 'agent');
    owner = await signIn(site.base, OWNER);
    agent = await signIn(site.base, 'agent@kigezitrails.example');
  });
  afterAll(async () => {
    await site?.stop();
  });
  beforeEach(async () => {
    await site.rows('truncate newsletter_campaigns, newsletter_campaign_recipients, newsletter_subscribers, mail_outbox, console_settings, audit_log restart identity cascade');
  });

  it('schedules a draft for a time in the operator’s zone, shows it, and can cancel it', async () => {
    await owner.send('/settings', { timeZone: 'Asia/Kolkata' }, 'PUT');
    const id = await newCampaign();
    const target = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 60_000) * 60_000);
    const local = toLocalInput(target, 'Asia/Kolkata');
    // The wall-clock time in Kolkata is 5 h 30 ahead of UTC.
    expect(new Date(`${local}:00Z`).getTime() - target.getTime()).toBe(330 * 60_000);
    const res = await owner.send(`/campaigns/${id}/schedule`, { at: local }, 'PUT');
    expect(res.status).toBe(200);
    expect((await res.json()) as Json).toEqual({ ok: true, scheduledFor: target.toISOString(), timeZone: 'Asia/Kolkata' });
    expect(await campaign(id)).toMatchObject({ status: 'draft', scheduledFor: target.toISOString(), timeZone: 'Asia/Kolkata' });
    const list = (await (await owner.get('/campaigns')).json()) as Json;
    expect(list.items[0].scheduledFor).toBe(target.toISOString());
    // Still a draft: it can be edited.
    expect((await owner.send(`/campaigns/${id}`, { subject: 'Migration season!', body: 'Herds.' }, 'PUT')).status).toBe(200);
    expect((await owner.send(`/campaigns/${id}/schedule`, {}, 'DELETE')).status).toBe(200);
    expect((await campaign(id)).scheduledFor).toBeNull();
    const actions = (await site.rows<{ action: string; detail: Json | null }>(`select action, detail from audit_log where target = 'campaign:${id}' order by id`)).map((r) => r.action);
    expect(actions).toEqual(['campaign.create', 'campaign.schedule', 'campaign.edit', 'campaign.unschedule']);
  });

  it('refuses no time, a time in the past, a time over a year away, and agents', async () => {
    const id = await newCampaign();
    const cases: [unknown, string][] = [
      [{ at: 'next tuesday' }, 'Choose a date and a time.'],
      [{ at: '2026-02-30T09:00' }, 'Choose a date and a time.'],
      [{}, 'Choose a date and a time.'],
      [{ at: toLocalInput(new Date(Date.now() - 3600_000), 'Africa/Kampala') }, 'Choose a time at least a few minutes from now.'],
      [{ at: toLocalInput(new Date(Date.now() + 400 * 86_400_000), 'Africa/Kampala') }, 'Choose a time within the next year.'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.send(`/campaigns/${id}/schedule`, body, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Json).error).toBe(message);
    }
    expect((await agent.send(`/campaigns/${id}/schedule`, { at: toLocalInput(new Date(Date.now() + 86_400_000), 'Africa/Kampala') }, 'PUT')).status).toBe(403);
    expect((await owner.send(`/campaigns/999999/schedule`, { at: toLocalInput(new Date(Date.now() + 86_400_000), 'Africa/Kampala') }, 'PUT')).status).toBe(404);
    expect((await campaign(id)).scheduledFor).toBeNull();
  });

  it('sends a due campaign once when several look at the same moment, and not before it is due', async () => {
    await seedConfirmed(5);
    const id = await newCampaign();
    expect((await owner.send(`/campaigns/${id}/schedule`, { at: toLocalInput(new Date(Date.now() + 86_400_000), 'Africa/Kampala') }, 'PUT')).status).toBe(200);
    const db = site.app.database!.db;
    expect(await sendDueCampaigns(db, newsletterOpts(), silent)).toEqual([]);
    // Its time comes.
    await site.rows(`update newsletter_campaigns set scheduled_for = now() - interval '1 second' where id = ${id}`);
    const runs = await Promise.all([0, 1, 2, 3].map(() => sendDueCampaigns(db, newsletterOpts(), silent)));
    expect(runs.flat()).toEqual([id]);
    expect(await campaign(id)).toMatchObject({ status: 'sending', scheduledFor: null, counts: { recipients: 5, queued: 5 } });
    expect((await site.rows(`select 1 from mail_outbox where kind = 'newsletter-campaign'`)).length).toBe(5);
    const [sent] = await site.rows<{ actor: string; staff_id: number | null; detail: Json }>(`select actor, staff_id, detail from audit_log where action = 'campaign.send'`);
    expect(sent).toMatchObject({ actor: 'system (scheduled)', staff_id: null, detail: { recipients: 5, scheduled: true } });
    // The one who scheduled it is its sender.
    const [row] = await site.rows<{ sent_by: number | null; scheduled_by: number | null }>(`select sent_by, scheduled_by from newsletter_campaigns where id = ${id}`);
    expect(row!.sent_by).toBe(row!.scheduled_by);
    expect(row!.sent_by).not.toBeNull();
    // Pressing Send afterwards is refused: sent once.
    expect((await owner.send(`/campaigns/${id}/send`, {})).status).toBe(409);
  });

  it('a campaign sent by hand before its time is not sent again when the time comes', async () => {
    await seedConfirmed(2);
    const id = await newCampaign();
    await owner.send(`/campaigns/${id}/schedule`, { at: toLocalInput(new Date(Date.now() + 86_400_000), 'Africa/Kampala') }, 'PUT');
    expect((await owner.send(`/campaigns/${id}/send`, {})).status).toBe(200);
    await site.rows(`update newsletter_campaigns set scheduled_for = now() - interval '1 second' where id = ${id}`);
    expect(await sendDueCampaigns(site.app.database!.db, newsletterOpts(), silent)).toEqual([]);
    expect((await site.rows(`select 1 from mail_outbox where kind = 'newsletter-campaign'`)).length).toBe(2);
  });

  it('a due campaign with nobody to go to is unscheduled, stays a draft, and the audit log says why', async () => {
    const id = await newCampaign();
    await owner.send(`/campaigns/${id}/schedule`, { at: toLocalInput(new Date(Date.now() + 86_400_000), 'Africa/Kampala') }, 'PUT');
    await site.rows(`update newsletter_campaigns set scheduled_for = now() - interval '1 second' where id = ${id}`);
    expect(await sendDueCampaigns(site.app.database!.db, newsletterOpts(), silent)).toEqual([]);
    expect(await campaign(id)).toMatchObject({ status: 'draft', scheduledFor: null });
    const [failed] = await site.rows<{ actor: string; detail: Json }>(`select actor, detail from audit_log where action = 'campaign.schedule-failed'`);
    expect(failed).toMatchObject({ actor: 'system (scheduled)', detail: { reason: 'There are no confirmed subscribers to send to.' } });
  });

  it.runIf(backend === 'postgres')('processes started after it was scheduled (as after a restart) send it when due, once between them', async () => {
    await seedConfirmed(4);
    const id = await newCampaign();
    await owner.send(`/campaigns/${id}/schedule`, { at: toLocalInput(new Date(Date.now() + 86_400_000), 'Africa/Kampala') }, 'PUT');
    // Two new processes on the same database, looking every 60 ms; the time comes.
    const url = site.databaseUrl!;
    const b = await startSite({ backend, shareDatabase: url, drivenMail: true, app: { schedulePollMs: 60 } });
    const c = await startSite({ backend, shareDatabase: url, drivenMail: true, app: { schedulePollMs: 60 } });
    try {
      await site.rows(`update newsletter_campaigns set scheduled_for = now() - interval '1 second' where id = ${id}`);
      await waitFor(async () => (await site.rows<{ status: string }>(`select status from newsletter_campaigns where id = ${id}`))[0]!.status === 'sending', 15_000, 'the scheduled send');
      await new Promise((r) => setTimeout(r, 500));
      expect((await site.rows(`select 1 from mail_outbox where kind = 'newsletter-campaign'`)).length).toBe(4);
      expect((await site.rows(`select 1 from newsletter_campaign_recipients where campaign_id = ${id}`)).length).toBe(4);
      expect((await site.rows(`select 1 from audit_log where action = 'campaign.send'`)).length).toBe(1);
    } finally {
      await b.stop();
      await c.stop();
    }
  });
});
