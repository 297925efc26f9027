// npm run bench:scale — the site with far more data than today: 450 safaris and about 3,000
// content items in all (copies of the seeded safaris with their own titles, and generated blog
// posts, reusing the existing pictures), 100,000 enquiries (each with a note, and a status history
// for those past "new") and 50,000 confirmed subscribers, put straight into a seeded database with SQL, then the site started on it in this process (the tests' helper,
// tests/helpers/start-site.ts). Printed: set-up time, the sitemap's time, a cold render per
// template, search latency, the console's inbox list, filters and full-text search (p95), one
// enquiry's detail (p95), the dashboard (p95), the CSV export of every enquiry (time and RSS rise)
// and queueing a campaign to 50,000 subscribers (time and RSS rise).
// PGlite by default; PostgreSQL with BENCH_BACKEND=postgres and TEST_DATABASE_URL (a throwaway
// server: the bench makes and drops a database of its own). Benchmarks print figures; they assert
// nothing.
//
// Settings (environment): BENCH_BACKEND (pglite | postgres), BENCH_ENQUIRIES (default 100000),
// BENCH_SUBSCRIBERS (default 50000), BENCH_SAFARIS (default 450), BENCH_ITEMS (content items in
// all, default 3000), BENCH_REQUESTS (samples per console figure, default 30).
import '../tests/helpers/production.ts';
import { performance } from 'node:perf_hooks';
import type { Backend } from '../tests/helpers/db.ts';
import { startSite, type InProcessSite } from '../tests/helpers/start-site.ts';
import { addStaff, signIn } from '../tests/helpers/staff.ts';
import { loadAverage, median, percentile, query } from './lib.ts';

const backend = (process.env.BENCH_BACKEND ?? 'pglite') as Backend;
const ENQUIRIES = Number(process.env.BENCH_ENQUIRIES ?? 100_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_REQUESTS ?? 30);
const SAFARIS = Number(process.env.BENCH_SAFARIS ?? 450);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 3000);
const OWNER = 'owner@kigezitrails.example';

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};
const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

/** The generated data: enquiries spread over two years, their notes and status history, subscribers. */
async function fill(site: InProcessSite) {
  const run = (q: string) => site.rows(q);
  await run(`insert into enquiries (name, email, phone, country, message, preferred_contact_method, created_at, status, source, safari_id)
    select 'Visitor ' || g || ' ' || (array['Nakato','Okello','Müller','Smith','Dubois','Kamau','Ishimwe','García'])[1 + g % 8],
      'visitor' || g || '@example.com', '+256 700 ' || lpad((g % 1000000)::text, 6, '0'),
      (array['Uganda','Kenya','Rwanda','Tanzania','Germany','France','United States','United Kingdom'])[1 + g % 8],
      'We would like ' || (array['a gorilla trek in Bwindi','a chimpanzee walk in Kibale','a week in the Serengeti','the Maasai Mara migration','a birding trip to Mabamba','a family safari in Queen Elizabeth'])[1 + g % 6]
        || ' for ' || (2 + g % 5) || ' people in ' || (array['June','July','August','December','January','March'])[1 + g % 6] || '. Reference ' || md5(g::text) || '.',
      (array['email','phone','whatsapp'])[1 + g % 3],
      now() - ((g * 631) % (730 * 1440)) * interval '1 minute',
      (array['new','contacted','quoted','booked','lost','spam','new','contacted'])[1 + g % 8],
      (array['contact','plan-a-safari','safari','home','other'])[1 + g % 5],
      case when g % 5 = 2 then (select id from safaris order by id offset (g % 40) limit 1) end
    from generate_series(1, ${ENQUIRIES}) g`);
  await run(`insert into enquiry_notes (enquiry_id, body, created_at)
    select id, 'Called back about the dates and the permits; sent the options for ' || country || '.', created_at + interval '1 hour' from enquiries`);
  await run(`insert into enquiry_status_changes (enquiry_id, from_status, to_status, at)
    select id, 'new', status, created_at + interval '2 hours' from enquiries where status <> 'new'`);
  await run(`insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, created_at, confirmed_at)
    select 'Reader ' || g, 'reader' || g || '@example.com', 'reader' || g || '@example.com', 'confirmed', md5('confirm ' || g), md5('unsubscribe ' || g),
      now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day' + interval '1 hour'
    from generate_series(1, ${SUBSCRIBERS}) g`);
  // As the daily upkeep leaves the embedded database (server/db/upkeep.ts; autovacuum on PostgreSQL).
  await run('vacuum (analyze)');
}

/**
 * The content at ten times its size, before anything is searched (the search index is made at the
 * first search): safaris copied from the seeded ones under titles of their own (days, prices and
 * pictures kept), then blog posts of generated text with the existing posts' pictures, up to about
 * ITEMS searchable items in all. Returns the safaris and items there are.
 */
async function fillContent(site: InProcessSite): Promise<{ safaris: number; items: number }> {
  const run = (q: string) => site.rows(q);
  const count = async (q: string) => Number((await site.rows<{ n: number }>(q))[0]!.n);
  const have = await count('select count(*)::int as n from safaris');
  await run(`insert into safaris (safarititle, safarititleslug, safariday, safariprice, safariheaderimage, safariheaderimagealt, safarimetadescription, safaridescription, safariincludes, safariexcludes, sort_order, metatitle, metakeywords, metadescription)
    select s.safarititle || ' (' || (array['Dry season','Green season','Private','Family','Photographic','Luxury','Budget','Walking','Birding'])[1 + g % 9] || ' ' || g || ')',
      s.safarititleslug || '-edition-' || g, s.safariday, s.safariprice + g % 7 * 50, s.safariheaderimage, s.safariheaderimagealt, s.safarimetadescription, s.safaridescription,
      s.safariincludes, s.safariexcludes, 1000 + g, s.metatitle, s.metakeywords, s.metadescription
    from generate_series(1, ${Math.max(0, SAFARIS - have)}) g
    join lateral (select * from safaris order by id offset (g % ${have}) limit 1) s on true`);
  const items = await count('select count(*)::int as n from search_documents');
  await run(`insert into blogs (blogtitle, blogtitleslug, blogheaderimage, blogheaderimagealt, blogdescription, blogparagraph, metakeywords, metadescription)
    select t.title, 'field-notes-' || g, b.blogheaderimage, b.blogheaderimagealt, 'Notes from the guides: ' || lower(t.title) || '.',
      '<p>' || t.title || '. ' || repeat('Our guides tracked ' || (array['gorillas','chimpanzees','lions','elephants','shoebills','leopards'])[1 + g % 6]
        || ' near ' || (array['Bwindi','Kibale','the Mara','the Serengeti','Mabamba','Queen Elizabeth'])[1 + g % 6] || ' at first light; the rains had eased and the tracks were fresh. ', 1 + g % 8) || '</p>',
      '', 'Field notes ' || g
    from generate_series(1, ${Math.max(0, ITEMS - items)}) g
    cross join lateral (select 'Field notes ' || g || ': ' || (array['a morning with the gorillas','the chimpanzees of Kibale','the migration crossing','birding on the swamp','tree-climbing lions','a night drive'])[1 + g % 6] as title) t
    join lateral (select * from blogs where blogtitleslug not like 'field-notes-%' order by id offset (g % 30) limit 1) b on true`);
  // As the daily upkeep leaves the embedded database (server/db/upkeep.ts; autovacuum on PostgreSQL).
  await run('vacuum (analyze)');
  return { safaris: await count('select count(*)::int as n from safaris'), items: await count('select count(*)::int as n from search_documents') };
}

/**
 * Wall times of `n` sequential calls of `f` (ms), after one call not counted, and this process's
 * CPU time during each (ms, user + system: the site and the client; PGlite's work included, a
 * PostgreSQL server's not).
 */
async function timed(n: number, f: (i: number) => Promise<unknown>): Promise<{ wall: number[]; cpu: number[] }> {
  await f(-1);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await f(i);
    wall.push(performance.now() - t0);
    cpu.push(cpuMs(c0));
  }
  return { wall, cpu };
}

function line(label: string, t: { wall: number[]; cpu: number[] }, extra = '') {
  console.log(`  ${label}`.padEnd(52) + `median ${ms(median(t.wall))} ms`.padEnd(20) + `p95 ${ms(percentile(t.wall, 95))} ms`.padEnd(18) + `CPU median ${ms(median(t.cpu))} ms`.padEnd(22) + extra);
}

async function ok(res: Response, what: string): Promise<string> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

console.log(`Ten times the data, on ${backend}: ${ENQUIRIES.toLocaleString('en')} enquiries, ${SUBSCRIBERS.toLocaleString('en')} confirmed subscribers (${loadAverage()})`);
const t0 = performance.now();
const site = await startSite({ backend, env: { SPAM_CHECKS: 'off', PAGE_CACHE_MB: '0' }, app: { forms: { startWorker: false } } });
try {
  const started = performance.now();
  const content = await fillContent(site);
  const contentFilled = performance.now();
  await fill(site);
  const filled = performance.now();
  await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
  console.log(
    `\nSet-up: site started in ${ms(started - t0)} ms; content generated in ${ms(contentFilled - started)} ms (${content.safaris} safaris, ${content.items} searchable items); enquiries and subscribers in ${ms(filled - contentFilled)} ms`,
  );

  // The public site on this database.
  console.log(`\nPublic pages (page cache off; wall time in this process, the site shares it) — ${loadAverage()}`);
  const page = (p: string) => async () => ok(await fetch(site.base + p), p);
  line('/sitemap.xml (first, then again)', await timed(5, page('/sitemap.xml')));
  const firstSafari = (await site.rows<{ slug: string }>('select safarititleslug as slug from safaris order by id limit 1'))[0]!.slug;
  const copied = (await site.rows<{ slug: string }>(`select safarititleslug as slug from safaris where safarititleslug like '%-edition-%' order by id limit 1`))[0]?.slug ?? firstSafari;
  const firstPark = (await site.rows<{ slug: string }>('select parktitleslug as slug from parks order by id limit 1'))[0]!.slug;
  for (const [label, p] of [
    ['home', '/'],
    ['safari detail', `/safaris/${firstSafari}`],
    ['safaris list', '/safaris'],
    ['park detail', `/parks/${firstPark}`],
    ['blogs list', '/blogs'],
    ['blog post (generated)', '/blogs/field-notes-7'],
    ['safari detail (a copy)', `/safaris/${copied}`],
    ['safaris list, page 10', '/safaris?page=10'],
  ] as const)
    line(`cold render: ${label}`, await timed(SAMPLES, page(p)));
  line('/api/search?query=… (every query different)', await timed(SAMPLES * 3, (i) => page(`/api/search?query=${encodeURIComponent(query(i + 1000))}`)()));
  line('/search?query=… (every query different)', await timed(SAMPLES, (i) => page(`/search?query=${encodeURIComponent(query(i + 5000))}`)()));

  // The console.
  const owner = await signIn(site.base, OWNER);
  const admin = (p: string) => async () => ok(await owner.get(p), p);
  console.log(`\nConsole API (signed in as an owner; target p95 ≤ 100 ms for the inbox, ≤ 200 ms for the dashboard) — ${loadAverage()}`);
  line('inbox: first page', await timed(SAMPLES, admin('/enquiries')));
  // A deep page, by its cursor (the last row of page 500, or of the list's last page when shorter).
  const deep = Math.min(500, Math.ceil(ENQUIRIES / 25)) - 1;
  const [mark] = await site.rows<{ us: string; id: number }>(
    `select (extract(epoch from created_at) * 1000000)::bigint::text as us, id from enquiries where status <> 'spam' order by created_at desc, id desc offset ${deep * 25 - 1} limit 1`,
  );
  line(`inbox: page ${deep + 1}, Older from its cursor`, await timed(SAMPLES, admin(`/enquiries?before=${mark!.us}-${mark!.id}`)));
  line(`inbox: page ${deep - 1}, Newer from its cursor`, await timed(SAMPLES, admin(`/enquiries?after=${mark!.us}-${mark!.id}`)));
  line('inbox: status filter (quoted)', await timed(SAMPLES, admin('/enquiries?status=quoted')));
  line('inbox: country and date filter', await timed(SAMPLES, admin(`/enquiries?country=Kenya&from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`)));
  line('inbox: full-text search (a word)', await timed(SAMPLES, admin('/enquiries?q=chimpanzee')));
  line('inbox: full-text search (a name, folded)', await timed(SAMPLES, admin('/enquiries?q=muller')));
  line('inbox: search for an address part', await timed(SAMPLES, (i) => admin(`/enquiries?q=visitor${4242 + i}@`)()));
  line('enquiry detail', await timed(SAMPLES, (i) => admin(`/enquiries/${1 + (((i + 1) * 7919) % ENQUIRIES)}`)()));
  line('dashboard', await timed(SAMPLES, admin('/dashboard')));

  // The export of the inbox as it opens: every enquiry but spam (the generated data marks one in eight as spam).
  const exportRss0 = rssMb();
  let peak = exportRss0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  let c0 = process.cpuUsage();
  let e0 = performance.now();
  const csv = await ok(await owner.get('/enquiries/export.csv'), 'export');
  const exportMs = performance.now() - e0;
  const exportCpu = cpuMs(c0);
  clearInterval(sampler);
  const exported = csv.split('\n').length - 2;
  console.log(
    `  CSV export of the inbox (all but spam)`.padEnd(52) +
      `${ms(exportMs)} ms (CPU ${ms(exportCpu)} ms), ${exported.toLocaleString('en')} rows, ${(csv.length / 1048576).toFixed(1)} MB; RSS of this process ${exportRss0} → peak ${peak} MB (target: streamed, ≤ 10 s for 100,000, RSS rise ≤ 50 MB)`,
  );

  // Queueing a campaign to every confirmed subscriber (the mail worker is stopped: queued, not sent).
  const created = (await (await owner.send('/campaigns', { subject: 'News from the forest', body: 'Gorilla permits for next season are open.' })).json()) as { id: number };
  const campaignRss0 = rssMb();
  peak = campaignRss0;
  const sampler2 = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  c0 = process.cpuUsage();
  e0 = performance.now();
  const sent = await ok(await owner.send(`/campaigns/${created.id}/send`, { expected: SUBSCRIBERS }), 'campaign send');
  const queueMs = performance.now() - e0;
  const queueCpu = cpuMs(c0);
  clearInterval(sampler2);
  const [queued] = await site.rows<{ n: number }>(`select count(*)::int as n from newsletter_campaign_recipients where campaign_id = ${created.id}`);
  console.log(
    `  campaign queued to every confirmed subscriber`.padEnd(52) +
      `${ms(queueMs)} ms (CPU ${ms(queueCpu)} ms), ${Number(queued?.n ?? 0).toLocaleString('en')} recipients; RSS ${campaignRss0} → peak ${peak} MB (target ≤ 30 s, flat memory); answer ${sent.slice(0, 120)}`,
  );
  console.log(`\n(${loadAverage()} at the end; wall times on a loaded machine: re-measure on a quiet one)`);
} finally {
  await site.stop();
}
