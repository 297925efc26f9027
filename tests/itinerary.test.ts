// The printable itinerary and the maps against the real site (production build), on PGlite and
// PostgreSQL: the PDF parses, carries the title, the days, the contact details and the page's
// address, stays under 400 KB and is kept per content version; the route map has every stop, in
// itinerary order, under 40 KB; the safari page links both and lists the stops in order; the park
// page shows where the park is; unknown addresses are 404s.
import './helpers/production.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../common/route.ts';
import { site } from '../common/site.ts';
import type { HttpCache } from '../server/http/cache.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { decodeEntities, htmlText, type Json } from './helpers/site.ts';

const BR = { 'accept-encoding': 'br' };
const KB = 1024;

/** The text of each page of a PDF. */
async function pdfPages(bytes: ArrayBuffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: false });
  return (text as string[]).map((t) => t.replace(/\s+/g, ' '));
}

/** Text of an HTML fragment as it reads, without tags. */
const plain = (html: string) => htmlText(html);

/** The route as a safari's days give it: their stops in order, one that carries on to the next day once. */
function routeOf(s: Json): { title: string; days: number[] }[] {
  const route: { title: string; days: number[] }[] = [];
  for (const d of s.safaridays as Json[])
    for (const stop of d.stops as Json[]) {
      const last = route[route.length - 1];
      if (last && last.title === stop.title) {
        if (!last.days.includes(d.day_number)) last.days.push(d.day_number);
      } else route.push({ title: stop.title, days: [d.day_number] });
    }
  return route;
}

for (const backend of backends()) {
  describe(`itinerary and maps on ${backend}`, () => {
    let site_: InProcessSite;
    let base: string;
    let pages: HttpCache;
    let safaris: Json[];
    let longest: Json;

    beforeAll(async () => {
      site_ = await startSite({ backend });
      base = site_.base;
      pages = site_.app.caches!.pages;
      safaris = ((await (await fetch(`${base}/api/safaris`)).json()) as Json).allsafaris;
      const top = [...safaris].sort((a, b) => b.safariday - a.safariday)[0]!;
      longest = (await (await fetch(`${base}/api/safaris/${top.safarititleslug}`)).json()) as Json;
    });
    afterAll(() => site_?.stop());

    it('serves the itinerary PDF of the longest safari: title, price, days, contact details and address', async () => {
      const slug = longest.safari.safarititleslug as string;
      const res = await fetch(`${base}/safaris/${slug}/itinerary.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="${slug}-itinerary.pdf"`);
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      const bytes = await res.arrayBuffer();
      expect(bytes.byteLength).toBeLessThan(400 * KB);
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

      const text = await pdfPages(bytes);
      expect(text.length).toBeGreaterThanOrEqual(2);
      const all = text.join(' ');
      const cover = text[0]!;
      expect(cover).toContain(`${longest.safari.safariday} Day ${longest.safari.safarititle}`);
      expect(cover).toContain(`$${Number(longest.safari.safariprice).toLocaleString('en-US')} per person`);
      // The route list of the cover names every stop, in order.
      const route = routeOf(longest);
      expect(route.length).toBeGreaterThan(3);
      let at = -1;
      route.forEach((stop, i) => {
        const found = cover.indexOf(`${i + 1}. ${stop.title} ${dayRange(stop.days)}`);
        expect(found, stop.title).toBeGreaterThan(at);
        at = found;
      });
      // Every day: its title and the first words of its text; day 1 in full view.
      const day1 = longest.safaridays[0] as Json;
      expect(all).toContain(day1.title);
      expect(all).toContain(plain(day1.description).slice(0, 60));
      for (const d of longest.safaridays as Json[]) expect(all, `day ${d.day_number}`).toContain(plain(d.description).split(' ').slice(0, 6).join(' '));
      // The night's lodge of every day that names one.
      const nights = (longest.safaridays as Json[]).filter((d) => d.lodge);
      expect(nights.length).toBeGreaterThan(0);
      for (const d of nights) expect(all, `day ${d.day_number}`).toContain(`${d.lodge.lodgetitle} (${d.lodge.lodgetier})`);
      // Includes and excludes.
      for (const item of String(longest.safari.safariincludes).split(', ')) expect(all).toContain(item);
      for (const item of String(longest.safari.safariexcludes).split(', ')) expect(all).toContain(item);
      // Contact details and the page's address.
      for (const detail of [site.legalName, site.phone, site.email, longest.pageUrl as string]) expect(all).toContain(detail);
    });

    it('keeps every safari PDF under 400 KB', async () => {
      for (const s of safaris) {
        const res = await fetch(`${base}/safaris/${s.safarititleslug}/itinerary.pdf`);
        expect(res.status, s.safarititleslug).toBe(200);
        expect((await res.arrayBuffer()).byteLength, s.safarititleslug).toBeLessThan(400 * KB);
      }
    });

    it('serves the PDF again from the page cache with the same ETag, and 304 for it', async () => {
      const p = `${base}/safaris/${safaris[0]!.safarititleslug}/itinerary.pdf`;
      const first = await fetch(p, { headers: BR });
      const firstBytes = await first.arrayBuffer();
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const hits = pages.stats.hits;
      const produced = pages.stats.produced;
      const again = await fetch(p, { headers: BR });
      expect(again.headers.get('etag')).toBe(etag);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array(firstBytes));
      expect(pages.stats.hits).toBe(hits + 1);
      expect(pages.stats.produced).toBe(produced);
      const notModified = await fetch(p, { headers: { ...BR, 'if-none-match': etag! } });
      expect(notModified.status).toBe(304);
    });

    it('answers 404, never 500, for unknown safaris, parks and map sizes', async () => {
      for (const p of [
        '/safaris/no-such-safari/itinerary.pdf',
        '/safaris/no-such-safari/route.svg',
        '/parks/no-such-park/location.svg',
        '/lodges/no-such-lodge/location.svg',
        `/safaris/${safaris[0]!.safarititleslug}/route.svg?size=huge`,
        '/safaris/%ff/itinerary.pdf',
      ]) {
        const res = await fetch(base + p);
        expect(res.status, p).toBe(404);
        await res.arrayBuffer();
      }
    });

    it('draws each route map with every stop, numbered and joined in itinerary order, under 40 KB', async () => {
      for (const s of [longest, ...(await Promise.all(safaris.slice(0, 6).map(async (x) => (await fetch(`${base}/api/safaris/${x.safarititleslug}`)).json() as Promise<Json>)))]) {
        const slug = s.safari.safarititleslug as string;
        const route = routeOf(s);
        for (const q of ['', '?size=phone']) {
          const res = await fetch(`${base}/safaris/${slug}/route.svg${q}`);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
          const svg = await res.text();
          expect(Buffer.byteLength(svg), slug + q).toBeLessThan(40 * KB);
          // Its text alternative lists the stops in order.
          const title = decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/.exec(svg)![1]!);
          expect(title).toBe(`Route of the ${s.title}: ${route.map((r, i) => `${i + 1}. ${r.title} (${dayRange(r.days)})`).join('; ')}.`);
          // Markers: each stop number once, on a numbered marker or, for a place too close to
          // another, in the label of its dot; the line passes through them in order.
          const markers: { x: number; y: number; numbers: number[] }[] = [...svg.matchAll(/<rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="18"[^>]*\/>\n<text[^>]*>([^<]+)<\/text>/g)].map(
            (m) => ({
              x: Number(m[1]) + Number(m[3]) / 2,
              y: Number(m[2]) + 9,
              numbers: m[4]!.split(', ').map(Number),
            }),
          );
          const dots = [...svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)" r="4.5" fill="#1d3a2a"/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), numbers: [] as number[] }));
          const dotNumbers = [...svg.matchAll(/ \((\d+(?:, \d+)*)\)<\/text>/g)].flatMap((m) => m[1]!.split(', ').map(Number));
          expect(dots.length, slug + q).toBe([...svg.matchAll(/ \((\d+(?:, \d+)*)\)<\/text>/g)].length);
          expect([...markers.flatMap((m) => m.numbers), ...dotNumbers].sort((a, b) => a - b)).toEqual(route.map((_, i) => i + 1));
          if (route.length > 1) {
            const points = /<polyline points="([^"]+)" fill="none" stroke="#a34a26"/
              .exec(svg)![1]!
              .split(' ')
              .map((p) => p.split(',').map(Number));
            expect(points.length).toBe(route.length);
            points.forEach(([x, y], i) => {
              const m = [...markers, ...dots].find((k) => Math.abs(k.x - x!) < 0.2 && Math.abs(k.y - y!) < 0.2);
              expect(m, `${slug} point ${i}`).toBeDefined();
              if (m!.numbers.length) expect(m!.numbers, `${slug} point ${i}`).toContain(i + 1);
            });
          }
        }
      }
    });

    it('shows the route map, its list of stops in order and the PDF link on the safari page', async () => {
      const slug = longest.safari.safarititleslug as string;
      const html = await (await fetch(`${base}/safaris/${slug}`)).text();
      expect(html).toMatch(new RegExp(`<img[^>]*src="/safaris/${slug}/route.svg"[^>]*alt="Map of East Africa showing the route`));
      expect(html).toContain(`srcSet="/safaris/${slug}/route.svg?size=phone"`);
      const pdfLink = new RegExp(`<a[^>]*href="/safaris/${slug}/itinerary.pdf"[^>]*>[\\s\\S]*?</a>`).exec(html)?.[0];
      expect(pdfLink && plain(pdfLink)).toBe('Download itinerary (PDF)');
      const list = /<ol class="route-map__stops"[^>]*>([\s\S]*?)<\/ol>/.exec(html)![1]!;
      const items = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => plain(m[1]!));
      const route = routeOf(longest);
      expect(items).toEqual(route.map((r, i) => `${i + 1} ${r.title} ${dayRange(r.days)}`));
    });

    it('links each night to its lodge on the safari page, and shows and draws where a lodge is', async () => {
      const slug = longest.safari.safarititleslug as string;
      const html = await (await fetch(`${base}/safaris/${slug}`)).text();
      for (const d of (longest.safaridays as Json[]).filter((x) => x.lodge)) expect(html).toContain(`Overnight:</span> <a href="/lodges/${d.lodge.lodgetitleslug}"`);
      const lodge = ((await (await fetch(`${base}/api/lodges/kanyaga-canopy-lodge`)).json()) as Json).lodge;
      const page = await (await fetch(`${base}/lodges/${lodge.lodgetitleslug}`)).text();
      expect(page).toContain(`src="/lodges/${lodge.lodgetitleslug}/location.svg"`);
      expect(page).toContain(`srcSet="/lodges/${lodge.lodgetitleslug}/location.svg?size=phone"`);
      const caption = /<figcaption class="park-map__caption">([\s\S]*?)<\/figcaption>/.exec(page)![1]!;
      expect(plain(caption)).toBe(`${lodge.lodgetitle} lies in ${lodge.destinationtitle}, at 0.99° S, 29.62° E.`);
      for (const q of ['', '?size=phone']) {
        const res = await fetch(`${base}/lodges/${lodge.lodgetitleslug}/location.svg${q}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        const svg = await res.text();
        expect(Buffer.byteLength(svg)).toBeLessThan(40 * KB);
        expect(svg).toContain(`<title id="map-title">${lodge.lodgetitle}, ${lodge.parktitle}, ${lodge.destinationtitle}: 0.99° S, 29.62° E</title>`);
      }
    });

    it('shows where a park is on its page, and draws that map', async () => {
      const park = ((await (await fetch(`${base}/api/parks/bwindi-impenetrable-forest-national-park`)).json()) as Json).park;
      const html = await (await fetch(`${base}/parks/${park.parktitleslug}`)).text();
      expect(html).toContain(`src="/parks/${park.parktitleslug}/location.svg"`);
      const caption = /<figcaption class="park-map__caption">([\s\S]*?)<\/figcaption>/.exec(html)![1]!;
      expect(plain(caption)).toBe(`${park.parktitle} lies in ${park.destinationtitle}, at 1.03° S, 29.70° E.`);
      const res = await fetch(`${base}/parks/${park.parktitleslug}/location.svg`);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      const svg = await res.text();
      expect(Buffer.byteLength(svg)).toBeLessThan(40 * KB);
      expect(svg).toContain(`<title id="map-title">${park.parktitle}, ${park.destinationtitle}: 1.03° S, 29.70° E</title>`);
      expect(svg).toContain('>Bwindi</text>');
      expect((svg.match(/<circle /g) ?? []).length).toBe(2);
    });
  });
}
