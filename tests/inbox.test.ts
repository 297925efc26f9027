// The enquiry inbox's API (/api/admin/enquiries, /api/admin/dashboard) on the whole site, on
// PGlite and PostgreSQL: where an enquiry comes from, the list with its filters, search and pages,
// status changes and their history, who may assign whom, notes, a reply delivered to a real SMTP
// server threaded with the traveller's acknowledgement (and its copy to the operator), the CSV export, guessed ids, and the dashboard's
// figures against the same figures worked out here from the rows put in.
import './helpers/production.ts';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardData, EnquiryDetail, InboxResponse } from '../common/enquiry-inbox.ts';
import type { Db } from '../server/db/index.ts';
import { enquiries, mailOutbox } from '../server/db/schema.ts';
import { backends } from './helpers/db.ts';
import { FROM, OPERATOR, postPublicEnquiry, rowsOf } from './helpers/forms.ts';
import type { InProcessSite } from './helpers/start-site.ts';
import { siteWithSmtp, type TestSmtp } from './helpers/smtp.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const DAY = 86_400_000;

type Row = typeof enquiries.$inferInsert;

async function waitFor<T>(what: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(backends())('enquiry inbox on %s', (backend) => {
  let site: InProcessSite;
  let smtp: TestSmtp;
  let db: Db;
  let base: string;
  let owner: SignedIn;
  let agent: SignedIn;
  let agent2: SignedIn;
  let safariA: { id: number; slug: string; title: string };
  let safariB: { id: number; slug: string; title: string };

  beforeAll(async () => {
    ({ site, smtp, base, db } = await siteWithSmtp(backend));
    await addStaff(db, 'owner@inbox.example', 'owner', undefined, 'Grace Owner');
    await addStaff(db, 'agent@inbox.example', 'agent', undefined, 'Peter Agent');
    await addStaff(db, 'agent2@inbox.example', 'agent', undefined, 'Ruth Second');
    owner = await signIn(base, 'owner@inbox.example');
    agent = await signIn(base, 'agent@inbox.example');
    agent2 = await signIn(base, 'agent2@inbox.example');
    const s = rowsOf<{ id: number; slug: string; title: string }>(await db.execute(sql`select id, safarititleslug as slug, safarititle as title from safaris order by id limit 2`));
    [safariA, safariB] = [s[0]!, s[1]!];
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await db.execute(sql`truncate enquiries, mail_outbox, whatsapp_leads restart identity cascade`);
    smtp.received.length = 0;
  });

  const insert = async (rows: Partial<Row>[]) =>
    db
      .insert(enquiries)
      .values(
        rows.map((r, i) => ({
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          phone: '+256700000000',
          country: 'Kenya',
          message: 'We would like a gorilla trek.',
          preferred_contact_method: 'Email',
          ...r,
        })),
      )
      .returning({ id: enquiries.id });

  /** Posts an enquiry as the public form does (form token, then the enquiry). */
  async function postEnquiry(fields: Record<string, string>): Promise<number> {
    const res = await postPublicEnquiry(base, {
      name: 'Amina Otieno',
      email: 'amina@example.com',
      phone: '+256772418260',
      country: 'Kenya',
      message: 'A five day gorilla and chimpanzee trip in July for two adults.',
      preferredContactMethod: 'Email',
      ...fields,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }

  const list = async (who: SignedIn, query = '') => {
    const res = await who.get(`/enquiries${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as InboxResponse;
  };
  const detail = async (id: number) => {
    const res = await owner.get(`/enquiries/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as EnquiryDetail;
  };

  it('records the safari and the source of each enquiry from the page it was sent from', async () => {
    const site = 'http://localhost:3000';
    const fromSafari = await postEnquiry({ currentUrl: `${site}/safaris/${safariA.slug}?ref=x#quote` });
    const fromContact = await postEnquiry({ currentUrl: `${site}/contact-us` });
    const fromPlan = await postEnquiry({ currentUrl: `${site}/plan-a-safari/` });
    const fromHome = await postEnquiry({ currentUrl: `${site}/` });
    const fromBlog = await postEnquiry({ currentUrl: `${site}/blogs/some-story` });
    const fromUnknownSafari = await postEnquiry({ currentUrl: `${site}/safaris/no-such-safari` });
    const rows = rowsOf<{ id: number; source: string; safari_id: number | null; status: string }>(await db.execute(sql`select id, source, safari_id, status from enquiries order by id`));
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(fromSafari)).toMatchObject({ source: 'safari', safari_id: safariA.id, status: 'new' });
    expect(by.get(fromContact)).toMatchObject({ source: 'contact', safari_id: null });
    expect(by.get(fromPlan)).toMatchObject({ source: 'plan-a-safari', safari_id: null });
    expect(by.get(fromHome)).toMatchObject({ source: 'home', safari_id: null });
    expect(by.get(fromBlog)).toMatchObject({ source: 'other', safari_id: null });
    expect(by.get(fromUnknownSafari)).toMatchObject({ source: 'other', safari_id: null });
    const d = await detail(fromSafari);
    expect(d.safari).toEqual({ id: safariA.id, slug: safariA.slug, title: safariA.title });
    expect(d.mail.map((m) => m.kind).sort()).toEqual(['enquiry-acknowledgement', 'enquiry-operator']);
  });

  it('lists newest first, 25 a page, and refuses a bad cursor or limit with 400', async () => {
    const now = Date.now();
    await insert(Array.from({ length: 30 }, (_, i) => ({ name: `Person ${i}`, created_at: new Date(now - i * 3600_000) })));
    const first = await list(agent);
    expect(first.total).toBe(30);
    expect(first.newer).toBeNull();
    expect(first.enquiries).toHaveLength(25);
    expect(first.enquiries.map((e) => e.name).slice(0, 3)).toEqual(['Person 0', 'Person 1', 'Person 2']);
    const times = first.enquiries.map((e) => Date.parse(e.receivedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await list(agent, `?before=${first.older}`);
    expect(second.enquiries.map((e) => e.name)).toEqual(['Person 25', 'Person 26', 'Person 27', 'Person 28', 'Person 29']);
    expect([second.total, second.older]).toEqual([30, null]);
    // Newer from the second page is the first page, whole.
    expect((await list(agent, `?after=${second.newer}`)).enquiries.map((e) => e.name)).toEqual(first.enquiries.map((e) => e.name));
    for (const q of ['?before=abc', '?before=', '?after=12-0', '?before=12345678901234567-1', '?before=1-2147483648', '?before=1-1&after=1-1', '?before=-1-1', '?limit=0', '?limit=101']) {
      const res = await agent.get(`/enquiries${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Invalid (cursor|limit)/);
    }
    // Cursors at either end of time are pages (empty or whole), not errors.
    expect((await list(agent, '?before=0-1')).enquiries).toEqual([]);
    expect((await list(agent, '?before=9999999999999999-2147483647')).enquiries).toHaveLength(25);
    expect((await list(agent, '?after=0-1')).enquiries).toHaveLength(25);
  });

  it('walks every enquiry exactly once, in order, both ways, with filters and a search, through equal times', async () => {
    const base = Date.UTC(2026, 5, 1);
    const statuses = ['new', 'quoted', 'contacted', 'spam', 'quoted', 'booked'] as const;
    // 61 enquiries, most of them received in the same millisecond as others (groups of 4), some
    // only a microsecond apart (below); a third mention a word the search looks for.
    await insert(
      Array.from({ length: 61 }, (_, i) => ({
        name: `Walker ${i}`,
        status: statuses[i % statuses.length]!,
        created_at: new Date(base - Math.floor(i / 4) * 60_000),
        message: i % 3 === 0 ? 'A balloon safari over the Mara.' : 'Gorilla trekking.',
      })),
    );
    await db.execute(sql`update enquiries set created_at = created_at + (id % 2) * interval '1 microsecond' where id % 8 < 2`);
    const expected = async (where: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await db.execute(sql`select id from enquiries where ${where} order by created_at desc, id desc`)).map((r) => r.id);
    const walk = async (filters: string) => {
      const pages: number[][] = [];
      let page = await list(owner, `?limit=7${filters}`);
      for (;;) {
        pages.push(page.enquiries.map((e) => e.id));
        if (!page.older) break;
        page = await list(owner, `?limit=7${filters}&before=${page.older}`);
        expect(page.newer).not.toBeNull();
      }
      // And back, Newer after Newer, to the first page.
      const back: number[][] = [page.enquiries.map((e) => e.id)];
      while (page.newer) {
        page = await list(owner, `?limit=7${filters}&after=${page.newer}`);
        back.unshift(page.enquiries.map((e) => e.id));
      }
      expect(back).toEqual(pages);
      return { ids: pages.flat(), total: page.total };
    };
    const all = await expected(sql`status <> 'spam'`);
    expect(all.length).toBeGreaterThan(40);
    expect(await walk('')).toEqual({ ids: all, total: all.length });
    const quoted = await expected(sql`status = 'quoted'`);
    expect(await walk('&status=quoted')).toEqual({ ids: quoted, total: quoted.length });
    const balloon = await expected(sql`status <> 'spam' and message like '%balloon%'`);
    expect(balloon.length).toBeGreaterThan(7);
    expect(await walk('&q=balloon')).toEqual({ ids: balloon, total: balloon.length });
    const both = await expected(sql`status = 'quoted' and message like '%balloon%'`);
    expect(await walk('&q=balloon&status=quoted')).toEqual({ ids: both, total: both.length });
  });

  it('finds a search’s rare matches far down the list, and counts a common word up to a thousand', async () => {
    // 2,100 recent enquiries without the word, then three old ones with it: beyond the rows a
    // search first tests one by one, so the search indexes find them.
    await db.execute(sql`insert into enquiries (name, email, phone, country, message, preferred_contact_method, created_at, status, source)
      select 'Recent ' || g, 'recent' || g || '@example.com', '', 'Kenya', 'Gorilla trekking in Bwindi.', 'email', now() - g * interval '1 minute', 'new', 'contact'
      from generate_series(1, 2100) g`);
    const old = await insert(['2025-01-03', '2025-01-02', '2025-01-01'].map((d) => ({ created_at: new Date(`${d}T08:00:00Z`), message: 'A dhow trip off Zanzibar.' })));
    const rare = await list(owner, '?q=dhow&limit=2');
    expect(rare.enquiries.map((e) => e.id)).toEqual(old.slice(0, 2).map((r) => r.id));
    expect([rare.total, rare.totalCapped, rare.older !== null, rare.newer]).toEqual([3, false, true, null]);
    const rest = await list(owner, `?q=dhow&limit=2&before=${rare.older}`);
    expect([rest.enquiries.map((e) => e.id), rest.older, rest.newer !== null]).toEqual([[old[2]!.id], null, true]);
    // A word in 2,100 enquiries: the newest page, in order, and "more than 1,000".
    const common = await list(owner, '?q=bwindi');
    const newest = rowsOf<{ id: number }>(await db.execute(sql`select id from enquiries where message like '%Bwindi%' order by created_at desc, id desc limit 25`)).map((r) => r.id);
    expect(common.enquiries.map((e) => e.id)).toEqual(newest);
    expect([common.total, common.totalCapped]).toEqual([1000, true]);
    // Without a search the count stays exact.
    expect([(await list(owner)).total, (await list(owner)).totalCapped]).toEqual([2103, false]);
  });

  it('filters by status, dates, safari and country, and searches name, e-mail and message', async () => {
    const t = (iso: string) => new Date(iso);
    const ids = await insert([
      { name: 'Jane Mukasa', email: 'jane.mukasa@example.org', country: 'Uganda', status: 'new', created_at: t('2026-03-01T10:00:00Z'), message: 'Chimpanzee tracking in Kibale please.' },
      { name: 'Tom Berg', email: 'tberg@mail.example', country: 'germany', status: 'quoted', created_at: t('2026-03-05T23:30:00Z'), safari_id: safariA.id, source: 'safari' },
      { name: 'Ana Lopez', email: 'ana@lopez.example', country: 'Germany', status: 'booked', created_at: t('2026-03-10T08:00:00Z'), safari_id: safariB.id, source: 'safari' },
      { name: 'Spam Bot', email: 'bot@spam.example', country: 'Kenya', status: 'spam', created_at: t('2026-04-01T00:00:00Z'), message: 'Buy cheap chimpanzee pictures' },
    ]);
    const names = async (q: string) => (await list(owner, q)).enquiries.map((e) => e.name).sort();
    expect(await names('?status=quoted')).toEqual(['Tom Berg']);
    expect(await names('?status=spam')).toEqual(['Spam Bot']);
    expect(await names('?from=2026-03-05&to=2026-03-05')).toEqual(['Tom Berg']);
    // Spam is its own filter: every other list leaves it out.
    expect(await names('')).toEqual(['Ana Lopez', 'Jane Mukasa', 'Tom Berg']);
    expect(await names('?from=2026-03-02')).toEqual(['Ana Lopez', 'Tom Berg']);
    expect(await names('?to=2026-03-09')).toEqual(['Jane Mukasa', 'Tom Berg']);
    expect(await names(`?safari=${safariB.id}`)).toEqual(['Ana Lopez']);
    expect(await names('?country=GERMANY')).toEqual(['Ana Lopez', 'Tom Berg']);
    // Whole words and word beginnings of the message, the name or the address...
    expect(await names('?q=chimpanzee')).toEqual(['Jane Mukasa']);
    expect(await names('?q=chimp&status=spam')).toEqual(['Spam Bot']);
    expect(await names('?q=chimp')).toEqual(['Jane Mukasa']);
    expect(await names('?q=Kibale%20tracking')).toEqual(['Jane Mukasa']);
    expect(await names('?q=mukasa')).toEqual(['Jane Mukasa']);
    // ...and any part of an address.
    expect(await names('?q=berg%40mail')).toEqual(['Tom Berg']);
    expect(await names('?q=lopez.exa')).toEqual(['Ana Lopez']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?q=chimpanzee&status=new')).toEqual(['Jane Mukasa']);
    expect(await names('?q=nothing-like-this')).toEqual([]);
    // Accents and case do not matter, either way round, in words, word beginnings and parts of names.
    await insert([
      { name: 'Jürgen Müller', email: 'jm@example.de', message: 'Gorilla trekking, then a few days at Lac Kivu near Gisenyi.' },
      { name: 'ÉLODIE GARÇON', email: 'eg@example.fr', message: 'Un séjour à Nyungwe, forêt et chimpanzés.' },
      { name: 'Søren Łukasz', email: 'sl@example.dk', message: 'Nothing special.' },
    ]);
    for (const [q, found] of [
      ['Muller', ['Jürgen Müller']],
      ['müller', ['Jürgen Müller']],
      ['MULLER', ['Jürgen Müller']],
      ['jurgen mull', ['Jürgen Müller']],
      ['ller', ['Jürgen Müller']],
      ['elodie', ['ÉLODIE GARÇON']],
      ['Garcon', ['ÉLODIE GARÇON']],
      ['foret', ['ÉLODIE GARÇON']],
      ['séjour', ['ÉLODIE GARÇON']],
      ['chimpanzes', ['ÉLODIE GARÇON']],
      ['soren lukasz', ['Søren Łukasz']],
      // A decomposed accent (e + U+0301) as some keyboards send it.
      ['se\u0301jour', ['ÉLODIE GARÇON']],
    ] as const) {
      expect(await names(`?q=${encodeURIComponent(q)}`), q).toEqual(found);
    }
    // The filter form's choices.
    const all = await list(owner);
    expect(all.options.countries).toEqual(expect.arrayContaining(['Germany', 'Kenya', 'Uganda', 'germany']));
    expect(all.options.safaris.map((s) => s.id).sort()).toEqual([safariA.id, safariB.id].sort());
    expect(ids).toHaveLength(4);
    for (const bad of ['?status=won', '?from=2026-02-30', '?from=yesterday', '?safari=abc', '?from=2026-03-05&to=2026-03-01', `?q=${'x'.repeat(201)}`]) {
      const res = await owner.get(`/enquiries${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('changes the status, keeps who changed it and when, and audits it', async () => {
    const [{ id }] = (await insert([{}])) as [{ id: number }];
    let res = await agent.send(`/enquiries/${id}/status`, { status: 'quoted' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'quoted', changed: true });
    res = await owner.send(`/enquiries/${id}/status`, { status: 'booked' });
    expect(res.status).toBe(200);
    // The same status again changes nothing.
    res = await owner.send(`/enquiries/${id}/status`, { status: 'booked' });
    expect(await res.json()).toMatchObject({ changed: false });
    const d = await detail(id);
    expect(d.status).toBe('booked');
    expect(d.history.map((h) => [h.from, h.to, h.staff?.email])).toEqual([
      ['new', 'quoted', 'agent@inbox.example'],
      ['quoted', 'booked', 'owner@inbox.example'],
    ]);
    expect(Date.now() - Date.parse(d.history[0]!.at)).toBeLessThan(60_000);
    const audit = rowsOf<{ action: string; actor: string; detail: { from: string; to: string } }>(
      await db.execute(sql`select action, actor, detail from audit_log where target = ${`enquiry:${id}`} and action = 'enquiry.status' order by id`),
    );
    expect(audit.map((a) => [a.actor, a.detail.from, a.detail.to])).toEqual([
      ['agent@inbox.example', 'new', 'quoted'],
      ['owner@inbox.example', 'quoted', 'booked'],
    ]);
    res = await owner.send(`/enquiries/${id}/status`, { status: 'won' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid-status' });
    // A write without the session's anti-forgery token is refused.
    res = await fetch(`${base}/api/admin/enquiries/${id}/status`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'lost' }),
    });
    expect(res.status).toBe(403);
    expect((await detail(id)).status).toBe('booked');
  });

  it('lets an owner assign anyone, and an agent only take an enquiry or give back their own', async () => {
    const [{ id }] = (await insert([{}])) as [{ id: number }];
    const agentId = agent.session.staff.id;
    const agent2Id = agent2.session.staff.id;
    const assigned = async () => (await detail(id)).assignee?.id ?? null;

    expect((await owner.send(`/enquiries/${id}/assign`, { staffId: agent2Id })).status).toBe(200);
    expect(await assigned()).toBe(agent2Id);
    // An agent cannot give someone else an enquiry, nor take one off someone else.
    expect((await agent.send(`/enquiries/${id}/assign`, { staffId: owner.session.staff.id })).status).toBe(403);
    expect((await agent.send(`/enquiries/${id}/assign`, { staffId: null })).status).toBe(403);
    expect(await assigned()).toBe(agent2Id);
    // An agent gives back their own...
    expect((await agent2.send(`/enquiries/${id}/assign`, { staffId: null })).status).toBe(200);
    expect(await assigned()).toBe(null);
    // ...and takes one.
    expect((await agent.send(`/enquiries/${id}/assign`, { staffId: agentId })).status).toBe(200);
    expect(await assigned()).toBe(agentId);
    expect((await agent2.send(`/enquiries/${id}/assign`, { staffId: agentId })).status).toBe(403);
    // Nobody, or an account that does not exist, is refused clearly.
    for (const staffId of [999999, 0, 'x', 1.5]) {
      const res = await owner.send(`/enquiries/${id}/assign`, { staffId });
      expect(res.status, String(staffId)).toBe(400);
    }
    expect(await assigned()).toBe(agentId);
    const audit = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_log where target = ${`enquiry:${id}`} and action = 'enquiry.assign'`));
    expect(Number(audit[0]!.n)).toBe(3);
  });

  it('changes ticked enquiries at once: a status, spam, an assignment; all of them or, on a refusal, none', async () => {
    const ids = (await insert([{}, {}, {}, { status: 'quoted' }])).map((r) => r.id);
    const statusOf = async () =>
      new Map(rowsOf<{ id: number; status: string; assigned_to: number | null }>(await db.execute(sql`select id, status, assigned_to from enquiries order by id`)).map((r) => [r.id, r]));

    const toQuoted = await agent.send('/enquiries/bulk', { ids: [ids[0], ids[1], ids[3], ids[0]], change: { status: 'quoted' } });
    expect(toQuoted.status).toBe(200);
    expect(await toQuoted.json()).toEqual({ ok: true, count: 3, changed: 2 });
    let rows = await statusOf();
    expect([ids[0], ids[1], ids[2], ids[3]].map((id) => rows.get(id!)!.status)).toEqual(['quoted', 'quoted', 'new', 'quoted']);
    // Each change is in the enquiry's history and the audit log, as one at a time would be.
    const history = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from enquiry_status_changes where to_status = 'quoted'`));
    expect(Number(history[0]!.n)).toBe(2);

    // Spam leaves the default list.
    expect((await owner.send('/enquiries/bulk', { ids: [ids[2]], change: { status: 'spam' } })).status).toBe(200);
    expect((await list(owner)).enquiries.map((e) => e.id).sort()).toEqual([ids[0], ids[1], ids[3]].sort());

    expect((await owner.send('/enquiries/bulk', { ids: [ids[0], ids[1]], change: { staffId: agent2.session.staff.id } })).status).toBe(200);
    rows = await statusOf();
    expect([rows.get(ids[0]!)!.assigned_to, rows.get(ids[1]!)!.assigned_to]).toEqual([agent2.session.staff.id, agent2.session.staff.id]);
    // An agent may only take enquiries or give back their own: giving back a colleague's one refuses the whole change.
    const refused = await agent.send('/enquiries/bulk', { ids: [ids[3], ids[0]], change: { staffId: null } });
    expect(refused.status).toBe(403);
    const taken = await agent.send('/enquiries/bulk', { ids: [ids[3]], change: { staffId: agent.session.staff.id } });
    expect(await taken.json()).toEqual({ ok: true, count: 1, changed: 1 });
    const refusedAll = await agent.send('/enquiries/bulk', { ids: [ids[3], ids[1]], change: { staffId: null } });
    expect(refusedAll.status).toBe(403);
    rows = await statusOf();
    expect([rows.get(ids[3]!)!.assigned_to, rows.get(ids[1]!)!.assigned_to]).toEqual([agent.session.staff.id, agent2.session.staff.id]);
    // An enquiry that does not exist: nothing is changed.
    expect((await owner.send('/enquiries/bulk', { ids: [ids[3], 999999], change: { status: 'lost' } })).status).toBe(404);
    expect((await statusOf()).get(ids[3]!)!.status).toBe('quoted');
    // Bad input is a 400 in words.
    for (const body of [
      {},
      { ids: [], change: { status: 'new' } },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), change: { status: 'new' } },
      { ids: ['x'], change: { status: 'new' } },
      { ids: [ids[0]], change: { status: 'won' } },
      { ids: [ids[0]], change: {} },
    ]) {
      const res = await owner.send('/enquiries/bulk', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^(Tick|Choose)/);
    }
  });

  it('keeps a thread of notes with their authors', async () => {
    const [{ id }] = (await insert([{}])) as [{ id: number }];
    expect((await agent.send(`/enquiries/${id}/notes`, { body: 'Called, no answer.' })).status).toBe(201);
    expect((await owner.send(`/enquiries/${id}/notes`, { body: '  Try again on Monday.\nThey prefer mornings.  ' })).status).toBe(201);
    for (const body of ['', '   ', 'x'.repeat(5001), 'a\u0000b', 42, null]) expect((await agent.send(`/enquiries/${id}/notes`, { body })).status).toBe(400);
    expect((await agent.send(`/enquiries/${id}/notes`, { text: 'wrong field' })).status).toBe(400);
    const d = await detail(id);
    expect(d.notes.map((n) => [n.body, n.staff?.name])).toEqual([
      ['Called, no answer.', 'Peter Agent'],
      ['Try again on Monday.\nThey prefer mornings.', 'Grace Owner'],
    ]);
  });

  it('sends a reply to the visitor through the outbox, threaded with their acknowledgement, with a copy to the operator, and moves a new enquiry to contacted', async () => {
    const id = await postEnquiry({ name: 'Amina Otieno', email: 'amina.reply@example.com', currentUrl: 'http://localhost:3000/contact-us' });
    // The operator notice and the acknowledgement go first.
    await site.app.forms!.worker.runOnce();
    await waitFor(() => smtp.received.length >= 2);
    const [notice] = await db.select().from(mailOutbox).where(sql`${mailOutbox.enquiry_id} = ${id} and ${mailOutbox.kind} = 'enquiry-operator'`);
    // The acknowledgement as the traveller received it: the reply follows its Message-ID.
    const ack = smtp.received.find((m) => m.to.includes('amina.reply@example.com'))!;
    const ackId = ack.header('message-id');
    expect(ackId).toMatch(/^<enquiry-acknowledgement\./);
    const subject = 'Re: Your enquiry with Kigezi Trails';
    const body = 'Dear Amina,\n\nThank you for your enquiry. July is a fine month for gorillas.\n\nKind regards';
    const res = await agent.send(`/enquiries/${id}/replies`, { subject, body });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'contacted' });
    await site.app.forms!.worker.runOnce();
    const mail = await waitFor(() => smtp.received.find((m) => m.header('subject') === subject));
    expect(mail.to).toEqual(['amina.reply@example.com']);
    expect(mail.header('to')).toContain('amina.reply@example.com');
    expect(mail.header('reply-to')).toContain(OPERATOR);
    expect(mail.header('from')).toBe(FROM);
    expect(mail.header('in-reply-to')).toBe(ackId);
    expect(mail.header('references')).toBe(ackId);
    expect(mail.header('in-reply-to')).not.toBe(notice!.message_id);
    // The operator's copy: the same words, to the operator's address.
    const copy = await waitFor(() => smtp.received.find((m) => m.header('subject') === `Copy: ${subject}`));
    expect(copy.to).toEqual([OPERATOR]);
    expect(copy.text).toContain('July is a fine month for gorillas.');
    expect(copy.text).toContain(`Copy of the reply sent to Amina Otieno <amina.reply@example.com> about enquiry #${id}.`);
    expect(mail.text).toContain('July is a fine month for gorillas.');
    expect(mail.text).toContain('Peter Agent');
    expect(mail.text).toContain(`#${id}`);
    expect(mail.raw).toMatch(/text\/html/);

    const d = await waitFor(async () => {
      const x = await detail(id);
      return x.replies[0]?.delivery === 'sent' ? x : undefined;
    });
    expect(d.status).toBe('contacted');
    expect(d.history.map((h) => [h.from, h.to, h.staff?.email])).toEqual([['new', 'contacted', 'agent@inbox.example']]);
    expect(d.replies.map((r) => [r.subject, r.body, r.staff?.email])).toEqual([[subject, body, 'agent@inbox.example']]);
    const reply = d.mail.find((m) => m.kind === 'enquiry-reply')!;
    expect(reply).toMatchObject({ status: 'sent', attempts: 1, to: 'amina.reply@example.com', subject });
    expect(reply.sentAt).toEqual(expect.any(String));

    // A second reply leaves the status as it is.
    await owner.send(`/enquiries/${id}/status`, { status: 'quoted' });
    expect((await owner.send(`/enquiries/${id}/replies`, { subject: 'Your itinerary', body: 'Attached below.' })).status).toBe(201);
    expect((await detail(id)).status).toBe('quoted');
    for (const bad of [
      { subject: '', body: 'x' },
      { subject: 'x', body: '' },
      { subject: 'a\r\nBcc: x@example.com', body: 'x' },
      { subject: 'x'.repeat(201), body: 'x' },
      { subject: 'x', body: 'a\u0000b' },
    ]) {
      expect((await owner.send(`/enquiries/${id}/replies`, bad)).status).toBe(400);
    }
    // Once the visitor's address is gone (erased), there is nobody to reply to.
    await db.execute(sql`update enquiries set email = '' where id = ${id}`);
    const refused = await owner.send(`/enquiries/${id}/replies`, { subject: 'Hello', body: 'Anyone?' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'no-address' });
  });

  it('exports the filtered list as CSV, with formula cells defused', async () => {
    await insert([
      { name: '=HYPERLINK("http://evil.example","click")', email: 'a@example.com', status: 'new', message: '+1 and more\nsecond line', created_at: new Date(Date.now() - 3000) },
      { name: '@SUM(A1:A9)', email: 'b@example.com', status: 'new', phone: '-5', created_at: new Date(Date.now() - 2000) },
      { name: 'Plain Name', email: 'c@example.com', status: 'lost', created_at: new Date(Date.now() - 1000) },
      { name: '\tTabbed', email: 'd@example.com', status: 'new', created_at: new Date() },
    ]);
    const res = await owner.get('/enquiries/export.csv?status=new');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const records = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const listed = await list(agent, '?status=new');
    expect(records.map((r) => Number(r.Id))).toEqual(listed.enquiries.map((e) => e.id));
    expect(records.map((r) => r.Name)).toEqual(["'\tTabbed", "'@SUM(A1:A9)", '\'=HYPERLINK("http://evil.example","click")']);
    expect(records.find((r) => r.Email === 'b@example.com')!.Phone).toBe("'-5");
    expect(records.find((r) => r.Email === 'a@example.com')!.Message).toBe("'+1 and more\nsecond line");
    expect(records.every((r) => r.Status === 'New')).toBe(true);
    // The time received is the operator's (Africa/Kampala by default, UTC+3), named in the heading.
    const [received] = await site.rows<{ at: string }>(`select to_char(created_at at time zone 'Africa/Kampala', 'YYYY-MM-DD HH24:MI') as at from enquiries where email = 'c@example.com'`);
    expect(Object.keys(records[0]!)[1]).toBe('Received (Africa/Kampala)');
    const lost = parse((await (await owner.get('/enquiries/export.csv?status=lost')).text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(lost[0]!['Received (Africa/Kampala)']).toBe(received!.at);
    expect((await owner.get('/enquiries/export.csv?from=nope')).status).toBe(400);
    expect((await fetch(`${base}/api/admin/enquiries/export.csv`)).status).toBe(401);
  });

  it('answers 404 to unknown and malformed ids, never a 500, and 401 to anyone signed out', async () => {
    const [{ id }] = (await insert([{}])) as [{ id: number }];
    for (const p of [`${id + 1000}`, 'abc', '0', '-1', '1e3', '99999999999', '2147483648', `${id}.0`, '%00']) {
      const res = await agent.get(`/enquiries/${p}`);
      expect(res.status, p).toBe(404);
      for (const [path, json] of [
        ['status', { status: 'lost' }],
        ['assign', { staffId: agent.session.staff.id }],
        ['notes', { body: 'x' }],
        ['replies', { subject: 'x', body: 'y' }],
      ] as const) {
        expect((await agent.send(`/enquiries/${p}/${path}`, json)).status, `${p}/${path}`).toBe(404);
      }
    }
    for (const p of ['/enquiries', `/enquiries/${id}`, '/dashboard']) expect((await fetch(`${base}/api/admin${p}`)).status).toBe(401);
    expect((await fetch(`${base}/api/admin/enquiries/${id}/notes`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{"body":"x"}' })).status).toBe(401);
  });

  it('answers any filter, search or page with a list or a 400, never a 500', async () => {
    await insert([{ name: "Zoë O'Brien", email: 'zoe@example.com', message: 'Gorilla trek; 100% sure? \\ _x_' }]);
    const keys = ['status', 'from', 'to', 'safari', 'country', 'q', 'before', 'after', 'limit'] as const;
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', '%', '_', '\\', "'", ':*', '!', '&|', '2026-01-01', '0', '-1', '1', '1e9', 'new', 'NaN', '\u0000', '1795000000123456-7', '0-1', '9999999999999999-1'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 }), async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString();
        const res = await owner.get(`/enquiries?${qs}`);
        expect([200, 400], qs).toContain(res.status);
        const csv = await owner.get(`/enquiries/export.csv?${qs}`);
        expect([200, 400], qs).toContain(csv.status);
      }),
      { numRuns: 60 },
    );
    // Quotes, backslashes and tsquery operators are searched as text.
    expect((await list(owner, `?q=${encodeURIComponent("O'Brien")}`)).total).toBe(1);
    expect((await list(owner, `?q=${encodeURIComponent('100%')}`)).total).toBe(1);
    expect((await list(owner, `?q=${encodeURIComponent('trek;')}`)).total).toBe(1);
    expect((await list(owner, `?q=${encodeURIComponent('!&|')}`)).total).toBe(0);
    for (const k of ['q', 'country', 'status', 'from']) expect((await owner.get(`/enquiries?${k}=a%00b`)).status, k).toBe(400);
  });

  it('computes the dashboard from the enquiries: per week, by status and source, and conversion per month', async () => {
    const now = Date.now();
    const statuses = ['new', 'booked', 'spam', 'contacted', 'booked', 'lost', 'quoted'] as const;
    const sources = ['contact', 'safari', 'home', 'plan-a-safari', 'other'] as const;
    const ages = [0, 0.2, 1, 2, 3, 5, 8, 9, 13, 20, 27, 33, 40, 55, 61, 75, 83, 90, 120, 150, 200, 260, 300, 330, 400, 500];
    const rows = ages.map((a, i) => ({ created_at: new Date(now - a * DAY), status: statuses[i % statuses.length]!, source: sources[i % sources.length]! }));
    await insert(rows);
    // Two enquiries assigned to the agent, one of them closed.
    await db.execute(sql`update enquiries set assigned_to = ${agent.session.staff.id} where id in (1, 2)`);

    const res = await agent.get('/dashboard');
    expect(res.status).toBe(200);
    const d = (await res.json()) as DashboardData;

    const mondayOf = (t: number) => {
      const day = new Date(t);
      const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - ((day.getUTCDay() + 6) % 7) * DAY;
      return new Date(start).toISOString().slice(0, 10);
    };
    const weeks = Array.from({ length: 12 }, (_, i) => mondayOf(now - (11 - i) * 7 * DAY));
    expect(d.perWeek.map((w) => w.week)).toEqual(weeks);
    const real = rows.filter((r) => r.status !== 'spam');
    expect(d.perWeek.map((w) => w.count)).toEqual(weeks.map((w) => real.filter((r) => mondayOf(r.created_at.getTime()) === w).length));
    expect(d.perWeek.reduce((a, w) => a + w.count, 0)).toBeGreaterThan(5);

    expect(Object.fromEntries(d.byStatus.map((s) => [s.status, s.count]))).toEqual(
      Object.fromEntries(['new', 'contacted', 'quoted', 'booked', 'lost', 'spam'].map((s) => [s, rows.filter((r) => r.status === s).length])),
    );
    expect(Object.fromEntries(d.bySource.map((s) => [s.source, s.count]))).toEqual(
      Object.fromEntries(['contact', 'plan-a-safari', 'safari', 'home', 'other'].map((s) => [s, real.filter((r) => r.source === s).length])),
    );

    const monthOf = (t: number) => new Date(t).toISOString().slice(0, 7);
    const nowDate = new Date(now);
    const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(nowDate.getUTCFullYear(), nowDate.getUTCMonth() - (11 - i), 1)).toISOString().slice(0, 7));
    expect(d.conversion.map((m) => m.month)).toEqual(months);
    for (const m of d.conversion) {
      const inMonth = real.filter((r) => monthOf(r.created_at.getTime()) === m.month);
      const booked = inMonth.filter((r) => r.status === 'booked').length;
      expect([m.month, m.booked, m.total]).toEqual([m.month, booked, inMonth.length]);
      expect(m.rate).toBe(inMonth.length === 0 ? null : booked / inMonth.length);
    }
    expect(d.conversion.some((m) => m.booked > 0)).toBe(true);

    const open = rows.filter((r) => ['new', 'contacted', 'quoted'].includes(r.status));
    expect(d.totals.open).toBe(open.length);
    // Rows 1 and 2 are 'new' and 'booked': one open enquiry is the agent's.
    expect(d.totals.mine).toBe(1);
    expect(d.totals.unassigned).toBe(open.length - 1);
  });

  it('shows WhatsApp clicks beside the enquiries: per week, and per safari with its enquiries', async () => {
    const now = Date.now();
    const day = (ago: number) => new Date(now - ago * DAY).toISOString().slice(0, 10);
    const mondayOf = (d: string) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    };
    const leads = [
      { day: day(0), path: `/safaris/${safariA.slug}`, clicks: 3 },
      { day: day(8), path: `/safaris/${safariA.slug}`, clicks: 2 },
      { day: day(8), path: `/safaris/${safariB.slug}`, clicks: 1 },
      { day: day(8), path: '/contact-us', clicks: 4 },
      // Older than the 12 weeks shown: counted nowhere.
      { day: day(200), path: `/safaris/${safariB.slug}`, clicks: 50 },
    ];
    await db.execute(
      sql`insert into whatsapp_leads (day, path, clicks) values ${sql.join(
        leads.map((l) => sql`(${l.day}, ${l.path}, ${l.clicks})`),
        sql`, `,
      )}`,
    );
    await insert([
      { safari_id: safariB.id, source: 'safari', created_at: new Date(now - DAY) },
      { safari_id: safariB.id, source: 'safari', created_at: new Date(now - 2 * DAY) },
      { safari_id: safariB.id, source: 'safari', status: 'spam', created_at: new Date(now - 2 * DAY) },
      { source: 'contact', created_at: new Date(now - DAY) },
    ]);

    const d = (await (await owner.get('/dashboard')).json()) as DashboardData;
    expect(d.whatsappPerWeek.map((w) => w.week)).toEqual(d.perWeek.map((w) => w.week));
    const perWeek = new Map(d.whatsappPerWeek.map((w) => [w.week, w.count]));
    const expected = new Map<string, number>();
    for (const l of leads.slice(0, 4)) expected.set(mondayOf(l.day), (expected.get(mondayOf(l.day)) ?? 0) + l.clicks);
    for (const [week, count] of perWeek) expect([week, count]).toEqual([week, expected.get(week) ?? 0]);
    expect(d.whatsappPerWeek.reduce((a, w) => a + w.count, 0)).toBe(10);

    expect(d.bySafari).toEqual([
      { slug: safariA.slug, title: safariA.title, days: expect.any(Number), clicks: 5, enquiries: 0 },
      { slug: safariB.slug, title: safariB.title, days: expect.any(Number), clicks: 1, enquiries: 2 },
    ]);
  });
});
