// npm run bench:departures — what showing a departure's seats left costs, two ways, on PGlite:
//   A. the safari page stays kept and the browser asks a small uncached JSON answer for the seats
//      (GET /api/departures/safari/:slug) on every view: one answer per view;
//   B. the page is rendered with the seats in it and kept; a seat taken drops the kept pages made
//      from the departures (server/departures/seats.ts seatsChanged): one render per page dropped,
//      per seat taken (what the site does).
// It prints the times measured (sequential requests over loopback, the median and 90th
// percentile) and the break-even: how many views of the page per seat taken make B cheaper. The
// machine's load shows in the figures (printed beside them). Benchmarks print; they assert nothing.
import '../tests/helpers/production.ts';
import { startSite } from '../tests/helpers/start-site.ts';
import { addStaff, signIn } from '../tests/helpers/staff.ts';
import { loadAverage, median, percentile } from './lib.ts';

const VIEWS = Number(process.env.BENCH_VIEWS ?? 200);
const SEATS = Number(process.env.BENCH_BOOKINGS ?? 30);

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

const get = (url: string) => fetch(url).then(async (r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${url} answered ${r.status}`))));
const fmt = (xs: number[]) => `median ${median(xs).toFixed(2)} ms, p90 ${percentile(xs, 90).toFixed(2)} ms (n=${xs.length})`;

const site = await startSite({ env: { SPAM_CHECKS: 'off' }, drivenMail: true });
try {
  await addStaff(site.app.database!.db, 'bench@departures.example', 'owner');
  const owner = await signIn(site.base, 'bench@departures.example');
  const [s] = await site.rows<{ slug: string }>('select safarititleslug as slug from safaris order by id limit 1');
  const slug = s!.slug;
  const made = await owner.send('/departures', { safariSlug: slug, startsOn: '2027-08-06', seats: 99, priceMinor: 245_000, status: 'open' });
  const { id } = (await made.json()) as { id: number };
  const page = `${site.base}/safaris/${slug}`;
  const seats = `${site.base}/api/departures/safari/${slug}`;
  for (let i = 0; i < 20; i++) await Promise.all([get(page), get(seats)]);

  // A: every view is a kept page plus the uncached seats answer.
  const keptPage: number[] = [];
  const seatsAnswer: number[] = [];
  for (let i = 0; i < VIEWS; i++) {
    keptPage.push(await timed(() => get(page)));
    seatsAnswer.push(await timed(() => get(seats)));
  }

  // B: each seat taken drops the kept pages made from the departures; the next view renders again.
  const pages = site.app.caches!.pages;
  const booking: number[] = [];
  const render: number[] = [];
  const dropped: number[] = [];
  for (let i = 0; i < SEATS; i++) {
    await get(page);
    await get(`${site.base}/safaris`);
    const before = pages.stats.dropped;
    const body = JSON.stringify({ travellers: [`Bench Traveller${i}`], leadName: `Bench Traveller${i}`, email: 'bench@example.com', acceptTerms: true });
    booking.push(
      await timed(() => fetch(`${site.base}/api/departures/${id}/book`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.base }, body }).then((r) => r.arrayBuffer())),
    );
    await site.app.contentVersion!.refresh();
    dropped.push(pages.stats.dropped - before);
    render.push(await timed(() => get(page)));
  }

  const perViewA = median(seatsAnswer);
  const perSeatB = median(render) * median(dropped);
  console.log(`Departures' seats on the safari page (PGlite, ${loadAverage()})`);
  console.log(`  kept safari page served:                ${fmt(keptPage)}`);
  console.log(`  A. uncached seats answer, per view:     ${fmt(seatsAnswer)}`);
  console.log(`  B. safari page rendered after a seat:   ${fmt(render)}`);
  console.log(`     kept pages dropped per seat taken:   median ${median(dropped)} (safari page, list, sitemap…)`);
  console.log(`     booking a seat (the answer, with the drop): ${fmt(booking)}`);
  console.log(`  A costs ${perViewA.toFixed(2)} ms on every view; B costs about ${perSeatB.toFixed(1)} ms of rendering per seat taken.`);
  console.log(`  B is cheaper once the page is viewed more than ${Math.ceil(perSeatB / perViewA)} times per seat taken.`);
} finally {
  await site.stop();
}
