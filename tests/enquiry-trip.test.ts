// Enquiries that carry the trip, on the whole site, on PGlite and PostgreSQL: the API's contract
// for the trip's fields (each rule and its message, an unknown safari, the phone kept without its
// separators), the e-mails that list the trip, the page and source of an enquiry sent without
// JavaScript, the inbox showing, filtering and exporting the trip, who may export (and the audit
// log of every export), the operator's time zone, and the agent's notice of an assignment.
import './helpers/production.ts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryDetail, InboxResponse } from '../common/enquiry-inbox.ts';
import { TRIP_MESSAGES } from '../common/enquiry-trip.ts';
import { MESSAGES } from '../common/validation.ts';
import type { Db } from '../server/db/index.ts';
import { backends } from './helpers/db.ts';
import { OPERATOR, rowsOf, waitFor } from './helpers/forms.ts';
import type { InProcessSite } from './helpers/start-site.ts';
import { siteWithSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

describe.each(backends())('enquiries with a trip on %s', (backend) => {
  let site: InProcessSite;
  let smtp: TestSmtp;
  let db: Db;
  let base: string;
  let owner: SignedIn;
  let agent: SignedIn;
  let safari: { id: number; slug: string; title: string };

  beforeAll(async () => {
    ({ site, smtp, base, db } = await siteWithSmtp(backend));
    await addStaff(db, 'owner@trip.example', 'owner', undefined, 'Grace Owner');
    await addStaff(db, 'agent@trip.example', 'agent', undefined, 'Peter Agent');
    owner = await signIn(base, 'owner@trip.example');
    agent = await signIn(base, 'agent@trip.example');
    safari = rowsOf<{ id: number; slug: string; title: string }>(await db.execute(sql`select id, safarititleslug as slug, safarititle as title from safaris order by id limit 1`))[0]!;
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await db.execute(sql`truncate enquiries, mail_outbox restart identity cascade`);
    await db.execute(sql`delete from console_settings where key in ('agents_export', 'time_zone')`);
    smtp.received.length = 0;
  });

  /** The first mail received that matches, once it has come. */
  async function mailWhere(match: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
    await waitFor(() => smtp.received.some(match), 10_000, 'mail');
    return smtp.received.find(match)!;
  }

  const visitor = {
    name: 'Amina Otieno',
    email: 'amina@example.com',
    phone: '+256772418260',
    country: 'Kenya',
    message: 'Gorillas and chimpanzees, please.',
    preferredContactMethod: 'Email',
  };

  /** Posts an enquiry to the API as a JSON client does (a form token first). */
  async function post(fields: Record<string, unknown>): Promise<Response> {
    const headers = { 'content-type': 'application/json', origin: base };
    const { token } = (await (await fetch(`${base}/api/form-token`, { method: 'POST', headers })).json()) as { token: string };
    return fetch(`${base}/api/plan-a-safari`, { method: 'POST', headers, body: JSON.stringify({ ...visitor, formToken: token, ...fields }) });
  }
  const stored = async () =>
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`select id, phone, source, safari_id, safari, page_url, travel_from::text, travel_to::text, travel_month, adults, children, child_ages, budget from enquiries order by id`),
    );

  it('stores the trip as sent: the safari, the dates or a month, the travellers and the budget', async () => {
    const trip = { safari: safari.slug, travelFrom: `${NEXT_YEAR}-07-04`, travelTo: `${NEXT_YEAR}-07-12`, adults: 2, children: 2, childAges: [6, 11], budget: '3500-5000' };
    expect((await post({ ...trip, currentUrl: 'http://localhost:3000/plan-a-safari' })).status).toBe(201);
    // Text as a form sends it, and a flexible month.
    expect((await post({ travelMonth: `${NEXT_YEAR}-08`, adults: '3', children: '1', childAges: '9', budget: 'over-8000', currentUrl: 'http://localhost:3000/plan-a-safari' })).status).toBe(201);
    // Nothing of the trip: every column empty, as before.
    expect((await post({ currentUrl: 'http://localhost:3000/contact-us' })).status).toBe(201);
    const [a, b, c] = await stored();
    expect(a).toMatchObject({
      safari: safari.slug,
      safari_id: safari.id,
      travel_from: `${NEXT_YEAR}-07-04`,
      travel_to: `${NEXT_YEAR}-07-12`,
      travel_month: null,
      adults: 2,
      children: 2,
      child_ages: [6, 11],
      budget: '3500-5000',
    });
    // A safari chosen on the plan-a-safari page: the safari is known, the source stays the page's.
    expect(a!.source).toBe('plan-a-safari');
    expect(b).toMatchObject({ safari: null, travel_from: null, travel_month: `${NEXT_YEAR}-08`, adults: 3, children: 1, child_ages: [9], budget: 'over-8000' });
    expect(c).toMatchObject({ safari: null, safari_id: null, travel_from: null, travel_to: null, travel_month: null, adults: null, children: null, child_ages: null, budget: null, source: 'contact' });
  });

  it('refuses each broken rule of the trip with its message and field, and an unknown safari with a 400', async () => {
    const past = `${new Date().getUTCFullYear() - 1}-01-10`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ safari: 'no-such-safari' }, TRIP_MESSAGES.unknownSafari, 'safari'],
      [{ safari: 'Not A Slug!' }, TRIP_MESSAGES.unknownSafari, 'safari'],
      [{ travelFrom: past }, TRIP_MESSAGES.travelFrom, 'travelFrom'],
      [{ travelFrom: `${NEXT_YEAR}-02-30` }, TRIP_MESSAGES.travelFrom, 'travelFrom'],
      [{ travelFrom: 'next July' }, TRIP_MESSAGES.travelFrom, 'travelFrom'],
      [{ travelFrom: `${NEXT_YEAR}-07-10`, travelTo: `${NEXT_YEAR}-07-09` }, TRIP_MESSAGES.travelTo, 'travelTo'],
      [{ travelTo: `${NEXT_YEAR}-07-09` }, TRIP_MESSAGES.travelToAlone, 'travelTo'],
      [{ travelMonth: `${NEXT_YEAR}-13` }, TRIP_MESSAGES.travelMonth, 'travelMonth'],
      [{ travelMonth: '2001-05' }, TRIP_MESSAGES.travelMonth, 'travelMonth'],
      [{ adults: 0 }, TRIP_MESSAGES.adults, 'adults'],
      [{ adults: 51 }, TRIP_MESSAGES.adults, 'adults'],
      [{ adults: 2.5 }, TRIP_MESSAGES.adults, 'adults'],
      [{ adults: 'two' }, TRIP_MESSAGES.adults, 'adults'],
      [{ children: 21 }, TRIP_MESSAGES.children, 'children'],
      [{ children: -1 }, TRIP_MESSAGES.children, 'children'],
      [{ children: 2, childAges: [4] }, TRIP_MESSAGES.childAges, 'childAges'],
      [{ children: 1, childAges: [18] }, TRIP_MESSAGES.childAges, 'childAges'],
      [{ children: 1, childAges: 'nine' }, TRIP_MESSAGES.childAges, 'childAges'],
      [{ children: 2 }, TRIP_MESSAGES.childAges, 'childAges'],
      [{ budget: 'cheap' }, TRIP_MESSAGES.budget, 'budget'],
    ];
    for (const [fields, message, field] of cases) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.json(), JSON.stringify(fields)).toMatchObject({ error: message, code: `invalid-${field}` });
    }
    // The spec's rules come first, with their own words.
    const res = await post({ phone: '12', adults: 0 });
    expect(await res.json()).toMatchObject({ error: MESSAGES.phone });
    expect(await stored()).toEqual([]);
  });

  it('keeps the phone without its spaces, hyphens, dots and brackets', async () => {
    expect((await post({ phone: '+33 (6) 12-34-56-78' })).status).toBe(201);
    expect((await post({ phone: '077.241.8260' })).status).toBe(201);
    expect((await stored()).map((r) => r.phone)).toEqual(['+33612345678', '0772418260']);
    expect(await (await post({ phone: '+33 (6) 12-34-56-78-90-12-34' })).json()).toMatchObject({ error: MESSAGES.phone });
  });

  it('lists the trip in the operator notice and the traveller’s acknowledgement', async () => {
    const currentUrl = `http://localhost:3000/safaris/${safari.slug}`;
    expect((await post({ safari: safari.slug, travelMonth: `${NEXT_YEAR}-07`, adults: 2, children: 1, childAges: [9], budget: '5000-8000', currentUrl })).status).toBe(201);
    const [{ id }] = (await stored()) as [{ id: number }];
    await site.app.forms!.worker.runOnce();
    const notice = await mailWhere((m) => m.to.includes(OPERATOR) && m.text.includes(`New safari enquiry #${id}\n`));
    const ack = await mailWhere((m) => m.to.includes('amina@example.com') && m.text.includes(`(reference #${id})`));
    for (const line of [`Safari: ${safari.title}`, `Travel dates: flexible, July ${NEXT_YEAR}`, 'Travellers: 2 adults, 1 child (age 9)', 'Budget per person: US$5,000 to 8,000']) {
      expect(notice.text).toContain(line);
      expect(ack.text).toContain(line);
    }
  });

  it('records the page and source of an enquiry sent without JavaScript from a safari’s quote link', async () => {
    const page = `${base}/plan-a-safari?safari=${safari.slug}`;
    const form = {
      variant: 'plan',
      ...visitor,
      currentUrl: page,
      safari: safari.slug,
      adults: '2',
      children: '',
      childAges: '',
      budget: '2000-3500',
      travelFrom: '',
      travelTo: '',
      travelMonth: '',
      formToken: '',
    };
    const send = (fields: Record<string, string>) =>
      fetch(`${base}/enquiry`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base }, body: new URLSearchParams(fields) });
    // Refused (a bad phone), the form comes back on /enquiry with the visitor's values, the page it was on and the trip.
    const first = await send({ ...form, phone: '12' });
    const html = await first.text();
    expect(first.status).toBe(400);
    expect(html).toContain('Please check your enquiry');
    expect(html).toContain(MESSAGES.phone);
    const kept = /name="currentUrl" value="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(kept).toBe(page);
    expect(html).toMatch(new RegExp(`<option value="${safari.slug}" selected=""`));
    expect(html).toMatch(/<option value="2000-3500" selected=""/);
    // Sent again from /enquiry (its own Referer), it records the page the form was first on.
    const token = /name="formToken" value="([^"]*)"/.exec(html)?.[1] ?? '';
    const second = await fetch(`${base}/enquiry`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, referer: `${base}/enquiry` },
      body: new URLSearchParams({ ...form, currentUrl: kept!, formToken: token }),
    });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe('/enquiry?sent=plan');
    const [row] = await stored();
    expect(row).toMatchObject({ page_url: page, source: 'safari', safari_id: safari.id, safari: safari.slug, adults: 2, budget: '2000-3500' });
    const d = (await (await owner.get(`/enquiries/${row!.id}`)).json()) as EnquiryDetail;
    expect(d.source).toBe('safari');
    expect(d.trip).toMatchObject({ safari: safari.slug, adults: 2, budget: '2000-3500' });
  });

  it('filters the inbox by safari, travel month and budget, and exports the trip', async () => {
    await post({ safari: safari.slug, travelFrom: `${NEXT_YEAR}-06-28`, travelTo: `${NEXT_YEAR}-07-03`, adults: 2, budget: '3500-5000', name: 'Dates Across' });
    await post({ travelMonth: `${NEXT_YEAR}-07`, adults: 1, budget: 'under-2000', name: 'Flexible July' });
    await post({ travelMonth: `${NEXT_YEAR}-09`, budget: '3500-5000', name: 'September' });
    const names = async (q: string) => ((await (await owner.get(`/enquiries${q}`)).json()) as InboxResponse).enquiries.map((e) => e.name).sort();
    expect(await names(`?safari=${safari.id}`)).toEqual(['Dates Across']);
    expect(await names(`?travelMonth=${NEXT_YEAR}-07`)).toEqual(['Dates Across', 'Flexible July']);
    expect(await names(`?travelMonth=${NEXT_YEAR}-06`)).toEqual(['Dates Across']);
    expect(await names('?budget=3500-5000')).toEqual(['Dates Across', 'September']);
    expect(await names(`?budget=3500-5000&travelMonth=${NEXT_YEAR}-09`)).toEqual(['September']);
    expect((await owner.get('/enquiries?travelMonth=July')).status).toBe(400);
    expect((await owner.get('/enquiries?budget=cheap')).status).toBe(400);
    const list = (await (await owner.get('/enquiries')).json()) as InboxResponse;
    expect(list.options.safaris).toEqual([{ id: safari.id, title: safari.title }]);

    const res = await owner.get(`/enquiries/export.csv?travelMonth=${NEXT_YEAR}-07`);
    expect(res.status).toBe(200);
    const records = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const across = records.find((r) => r.Name === 'Dates Across')!;
    expect(across).toMatchObject({
      Safari: safari.title,
      'Travel from': `${NEXT_YEAR}-06-28`,
      'Travel to': `${NEXT_YEAR}-07-03`,
      'Travel month': '',
      'Travel dates': `28 June ${NEXT_YEAR} to 3 July ${NEXT_YEAR}`,
      Adults: '2',
      'Budget per person': 'US$3,500 to 5,000',
    });
    expect(records.find((r) => r.Name === 'Flexible July')).toMatchObject({ 'Travel month': `${NEXT_YEAR}-07`, 'Travel dates': `flexible, July ${NEXT_YEAR}` });
  });

  it('lets agents export only while an owner allows it, and writes every export to the audit log', async () => {
    await post({ name: 'Exported Person' });
    const refused = await agent.get('/enquiries/export.csv');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Only owners may export enquiries, unless an owner allows agents to in Settings.' });
    expect(await (await agent.get('/settings/access')).json()).toMatchObject({ export: false });
    expect((await agent.send('/settings', { agentsExport: true }, 'PUT')).status).toBe(403);

    expect((await owner.get('/enquiries/export.csv?status=new')).status).toBe(200);
    expect((await owner.send('/settings', { agentsExport: 'yes' }, 'PUT')).status).toBe(400);
    const allow = await owner.send('/settings', { agentsExport: true }, 'PUT');
    expect(await allow.json()).toMatchObject({ agentsExport: true, changed: ['agentsExport'] });
    expect(await (await agent.get('/settings/access')).json()).toMatchObject({ export: true });
    const allowed = await agent.get('/enquiries/export.csv');
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('Exported Person');

    const audit = rowsOf<{ action: string; actor: string; detail: { rows: number; filter: Record<string, string> } }>(
      await db.execute(sql`select action, actor, detail from audit_log where action = 'enquiries.export' order by id`),
    );
    expect(audit.slice(-2)).toEqual([
      { action: 'enquiries.export', actor: 'owner@trip.example', detail: { rows: 1, filter: { status: 'new' } } },
      { action: 'enquiries.export', actor: 'agent@trip.example', detail: { rows: 1, filter: {} } },
    ]);
  });

  it('gives the inbox the operator’s time zone, Africa/Kampala until an owner chooses another', async () => {
    await post({});
    const [{ id }] = (await stored()) as [{ id: number }];
    expect(((await (await agent.get(`/enquiries/${id}`)).json()) as EnquiryDetail).timeZone).toBe('Africa/Kampala');
    expect(((await (await agent.get('/enquiries')).json()) as InboxResponse).timeZone).toBe('Africa/Kampala');
    expect((await owner.send('/settings', { timeZone: 'Europe/Paris' }, 'PUT')).status).toBe(200);
    expect(((await (await agent.get(`/enquiries/${id}`)).json()) as EnquiryDetail).timeZone).toBe('Europe/Paris');
  });

  it('tells an agent by e-mail, once, when an enquiry is assigned to them', async () => {
    await post({ travelMonth: `${NEXT_YEAR}-07`, adults: 2 });
    const [{ id }] = (await stored()) as [{ id: number }];
    await site.app.forms!.worker.runOnce();
    await waitFor(() => smtp.received.length >= 2, 10_000, 'the enquiry mails');
    smtp.received.length = 0;
    const agentId = agent.session.staff.id;
    expect((await owner.send(`/enquiries/${id}/assign`, { staffId: agentId })).status).toBe(200);
    // Back and forth: still one notice.
    expect((await owner.send(`/enquiries/${id}/assign`, { staffId: null })).status).toBe(200);
    expect((await owner.send(`/enquiries/${id}/assign`, { staffId: agentId })).status).toBe(200);
    await site.app.forms!.worker.runOnce();
    const mail = await mailWhere((m) => m.to.includes('agent@trip.example'));
    expect(mail.header('subject')).toBe(`Enquiry #${id} from Amina Otieno (Kenya) is assigned to you`);
    expect(mail.text).toContain(`Grace Owner assigned enquiry #${id} from Amina Otieno (Kenya) to you.`);
    expect(mail.text).toContain(`Travel dates: flexible, July ${NEXT_YEAR}`);
    expect(mail.text).toMatch(new RegExp(`/admin/enquiries/${id}\\b`));
    const notices = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from mail_outbox where kind = 'enquiry-assigned'`));
    expect(notices[0]!.n).toBe(1);
    // An agent who takes an enquiry themself is not told.
    await post({ name: 'Taken By Agent' });
    const taken = (await stored()).at(-1)!.id as number;
    expect((await agent.send(`/enquiries/${taken}/assign`, { staffId: agentId })).status).toBe(200);
    expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from mail_outbox where kind = 'enquiry-assigned'`))[0]!.n).toBe(1);
  });
});
