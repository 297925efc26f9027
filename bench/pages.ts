// npm run bench:pages — the production server's server-rendered pages: pages per second under
// load (autocannon over loopback) for the home page, a safari detail and a paginated list, and the
// gzip size of the JavaScript and CSS each template loads first (the modulepreload, module script
// and stylesheet links of its HTML). Benchmarks print figures; they assert nothing.
import { gzipSync } from 'node:zlib';
import { onePerTemplate, siteRoutes } from '../tests/helpers/site.ts';
import { load, printTable, rssMb, startServer } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** The same-origin script and stylesheet URLs a page's HTML asks for before any interaction. */
function firstLoadAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    const rel = /\srel="([^"]+)"/.exec(tag)?.[1];
    if (!href || !href.startsWith('/')) continue;
    if (rel === 'modulepreload') js.add(href);
    else if (rel === 'stylesheet') css.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="(\/[^"]+)"/gi)) js.add(m[1]!);
  // Inline module scripts import the client entry and the route modules.
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi))
    for (const i of m[1]!.matchAll(/import\s*(?:\(\s*)?["'](\/[^"']+\.js)["']/g)) js.add(i[1]!);
  return { js: [...js], css: [...css] };
}

const server = await startServer({ SITE_URL: 'http://localhost:3000' });
try {
  const base = server.url;
  const routes = await siteRoutes(base);
  const detail = routes.find((r) => r.template === 'safari')!.path;
  const list = routes.find((r) => r.path === '/parks?page=2')?.path ?? '/parks';

  // Warm up the JIT and any caches.
  await load('warm-up', base, { duration: 2, connections, paths: ['/', detail, list] });
  const rows = [];
  rows.push(await load('GET / (home)', base, { duration, connections, paths: ['/'] }));
  rows.push(await load(`GET ${detail}`.slice(0, 42), base, { duration, connections, paths: [detail] }));
  rows.push(await load(`GET ${list}`, base, { duration, connections, paths: [list] }));
  const mixed = onePerTemplate(routes).map((r) => r.path);
  rows.push(await load(`every template in turn (${mixed.length})`, base, { duration, connections, paths: mixed }));
  printTable(`Server-rendered pages per second (${connections} connections, ${duration}s each)`, rows);
  const { now, peak } = await rssMb(server.proc.pid!);
  console.log(`  RSS of the server process: ${now} MB after the load; peak ${peak} MB`);

  // First-load JavaScript and CSS per template.
  const sizes = new Map<string, { raw: number; gz: number }>();
  async function assetSize(href: string) {
    let s = sizes.get(href);
    if (!s) {
      const body = Buffer.from(await (await fetch(base + href)).arrayBuffer());
      s = { raw: body.length, gz: gzipSync(body, { level: 9 }).length };
      sizes.set(href, s);
    }
    return s;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log('\nFirst-load JavaScript and CSS per template (KB; gzip level 9, raw in brackets)');
  console.log('  template'.padEnd(40) + 'JS files'.padStart(9) + 'JS gzip'.padStart(10) + 'JS raw'.padStart(10) + 'CSS gzip'.padStart(10) + 'CSS raw'.padStart(10) + 'HTML gzip'.padStart(11));
  for (const r of [...onePerTemplate(routes), { template: 'not-found', path: '/no-such-page' }]) {
    const html = await (await fetch(base + r.path)).text();
    const { js, css } = firstLoadAssets(html);
    const jsSizes = await Promise.all(js.map(assetSize));
    const cssSizes = await Promise.all(css.map(assetSize));
    const sum = (xs: { raw: number; gz: number }[], k: 'raw' | 'gz') => xs.reduce((a, x) => a + x[k], 0);
    console.log(
      `  ${r.template} ${r.path}`.slice(0, 39).padEnd(40) +
        String(js.length).padStart(9) +
        kb(sum(jsSizes, 'gz')).padStart(10) +
        `(${kb(sum(jsSizes, 'raw'))})`.padStart(10) +
        kb(sum(cssSizes, 'gz')).padStart(10) +
        `(${kb(sum(cssSizes, 'raw'))})`.padStart(10) +
        kb(gzipSync(html, { level: 9 }).length).padStart(11),
    );
  }
  console.log('  (sum of each file gzipped on its own, as a browser downloads them; the gallery viewer is loaded on demand and not counted)');
} finally {
  await server.stop();
}
