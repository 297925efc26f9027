// The map of East Africa: the run-time projection agrees with d3-geo's, the committed outlines are
// what scripts/build-map.ts makes of world-atlas, and the layouts of every safari's route put each
// stop on a numbered marker, joined in itinerary order, inside the picture and under the size limit.
import { geoMercator } from 'd3-geo';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DayStop } from '../../../common/api-types.ts';
import { safariRoute, type RouteStop } from '../../../common/route.ts';
import { buildMap } from '../../../scripts/build-map.ts';
import { loadContent, type Content } from '../../../server/db/content.ts';
import { COUNTRIES } from './east-africa.ts';
import { LAKES } from './lakes.ts';
import { parkLayout, routeLayout, stopLabel } from './maps.server.ts';
import { FRAME, MAP_UNITS_PER_DEGREE, project } from './projection.ts';
import { MAP_SIZES, mapSvg, type MapLayout } from './route-map.ts';
import { readFile } from 'node:fs/promises';

let content: Content;
beforeAll(async () => {
  content = await loadContent();
});

function stopOf(slug: string): DayStop {
  const park = content.parks.find((p) => p.slug === slug);
  if (park) return { title: park.title, parktitleslug: slug, latitude: park.location.lat, longitude: park.location.lng };
  const place = content.places.find((p) => p.slug === slug)!;
  return { title: place.title, parktitleslug: null, latitude: place.location.lat, longitude: place.location.lng };
}

function routeOf(slug: string): RouteStop[] {
  const s = content.safaris.find((x) => x.slug === slug)!;
  return safariRoute(s.itinerary.map((d, i) => ({ day_number: i + 1, stops: d.stops.map(stopOf) })));
}

/** The stop numbers of the marker at a point of the line. */
function markerAt(layout: MapLayout, [x, y]: [number, number]): number[] {
  const m = layout.markers.find((k) => Math.abs(k.x - x) < 0.01 && Math.abs(k.y - y) < 0.01);
  return m ? m.text.split(', ').map(Number) : [];
}

describe('projection', () => {
  it('places every park and place where d3-geo would', () => {
    const d3 = geoMercator()
      .scale((MAP_UNITS_PER_DEGREE * 180) / Math.PI)
      .translate([0, 0])
      .center([0, 0]);
    const [ox, oy] = d3([FRAME.west, FRAME.north])!;
    const points = [...content.parks, ...content.places].map((p) => p.location);
    expect(points.length).toBeGreaterThan(30);
    for (const { lat, lng } of points) {
      const [x, y] = d3([lng, lat])!;
      const [px, py] = project(lng, lat);
      expect(px).toBeCloseTo(x - ox, 6);
      expect(py).toBeCloseTo(y - oy, 6);
      // Every place of the content lies on the map.
      expect(px).toBeGreaterThan(0);
      expect(px).toBeLessThan(FRAME.width);
      expect(py).toBeGreaterThan(0);
      expect(py).toBeLessThan(FRAME.height);
    }
  });
});

describe('the base map', () => {
  it('is what the build script makes of world-atlas (regenerate with npm run map:build)', async () => {
    const committed = await readFile(new URL('./east-africa.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await buildMap());
  });

  it('draws Uganda, Kenya, Tanzania, Rwanda and Burundi, with their neighbours faded', () => {
    const byName = new Map(COUNTRIES.map((c) => [c.name, c]));
    for (const name of ['Uganda', 'Kenya', 'Tanzania', 'Rwanda', 'Burundi']) expect(byName.get(name)?.focus, name).toBe(true);
    for (const name of ['Dem. Rep. Congo', 'S. Sudan', 'Ethiopia', 'Somalia', 'Zambia', 'Malawi', 'Mozambique']) expect(byName.get(name)?.focus, name).toBe(false);
    for (const c of COUNTRIES) expect(c.d).toMatch(/^M-?\d+ -?\d+l[-\d ]+z(M-?\d+ -?\d+l[-\d ]+z)*$/);
  });
});

describe('the lakes', () => {
  it('hold the great lakes of the frame as path data, each inside the frame', () => {
    const names = LAKES.map((l) => l.name);
    for (const name of ['Lake Victoria', 'Lake Tanganyika', 'Lake Kivu', 'Lake Albert', 'Lake Edward', 'Lake Malawi']) expect(names).toContain(name);
    for (const l of LAKES) {
      expect(l.d, l.name).toMatch(/^M-?\d+ -?\d+l[-\d ]+z(M-?\d+ -?\d+l[-\d ]+z)*$/);
      expect(l.box[0]).toBeGreaterThanOrEqual(0);
      expect(l.box[2]).toBeLessThanOrEqual(Math.ceil(FRAME.width));
      expect(l.box[3]).toBeLessThanOrEqual(Math.ceil(FRAME.height));
    }
    // Lake Victoria's outline where the projection puts the lake: Kampala's shore to Mwanza's.
    const victoria = LAKES.find((l) => l.name === 'Lake Victoria')!;
    const [x0, y0] = project(31.6, 0.6);
    const [x1, y1] = project(34.9, -3.1);
    expect(victoria.box[0]).toBeGreaterThan(x0);
    expect(victoria.box[1]).toBeGreaterThan(y0);
    expect(victoria.box[2]).toBeLessThan(x1);
    expect(victoria.box[3]).toBeLessThan(y1);
  });

  it('are drawn on the maps whose view takes them in, over the countries and under the route', () => {
    const lakesOf = (svg: string) => [...svg.matchAll(/<path data-name="([^"]+)"/g)].map((m) => m[1]);
    const rwandaTanzania = mapSvg(routeLayout(routeOf('14-days-rwanda-gorillas-and-tanzania-serengeti'))!, 'Route');
    expect(lakesOf(rwandaTanzania)).toEqual(expect.arrayContaining(['Lake Victoria', 'Lake Kivu', 'Lake Tanganyika']));
    const lastCountry = rwandaTanzania.lastIndexOf('<path fill=');
    const firstLake = rwandaTanzania.indexOf('<g class="lakes"');
    expect(firstLake).toBeGreaterThan(lastCountry);
    expect(rwandaTanzania.indexOf('<polyline')).toBeGreaterThan(firstLake);
    expect(lakesOf(mapSvg(routeLayout(routeOf('6-days-rwanda-gorillas-nyungwe-and-lake-kivu'), 'phone')!, 'Route'))).toContain('Lake Kivu');
    // A map of the Mara and Nakuru reaches neither Lake Tanganyika nor Lake Kivu.
    const kenya = lakesOf(mapSvg(routeLayout(routeOf('5-days-maasai-mara-and-lake-nakuru'))!, 'Route'));
    expect(kenya).not.toContain('Lake Tanganyika');
    expect(kenya).not.toContain('Lake Kivu');
  });
});

describe('route layouts of every safari', () => {
  it('number every stop, join them in itinerary order and stay inside the picture and under 40 KB', async () => {
    let checked = 0;
    for (const s of content.safaris) {
      const route = routeOf(s.slug);
      expect(route.length, s.slug).toBeGreaterThan(0);
      for (const size of ['wide', 'phone'] as const) {
        const [w, h] = MAP_SIZES[size];
        const layout = routeLayout(route, size)!;
        // Each stop number on exactly one marker.
        const numbers = layout.markers.flatMap((m) => m.text.split(', ').map(Number)).sort((a, b) => a - b);
        expect(numbers, s.slug).toEqual(route.map((r) => r.number));
        // The line visits the markers in itinerary order.
        if (route.length > 1) {
          expect(layout.line.length, s.slug).toBe(route.length);
          layout.line.forEach((p, i) => expect(markerAt(layout, p), `${s.slug} vertex ${i}`).toContain(i + 1));
        }
        for (const m of layout.markers) {
          expect(m.x - m.w / 2).toBeGreaterThanOrEqual(0);
          expect(m.x + m.w / 2).toBeLessThanOrEqual(w);
          expect(m.y).toBeGreaterThan(0);
          expect(m.y).toBeLessThan(h);
        }
        const svg = mapSvg(layout, s.title);
        expect(Buffer.byteLength(svg), `${s.slug} ${size}`).toBeLessThan(40 * 1024);
        checked++;
      }
    }
    expect(checked).toBe(content.safaris.length * 2);
  });

  it('keep every marker where its place is: the east–west and north–south order of every pair, on every map', () => {
    let pairs = 0;
    for (const s of content.safaris) {
      const route = routeOf(s.slug);
      for (const size of ['wide', 'phone'] as const) {
        const layout = routeLayout(route, size)!;
        const placeOf = (m: MapLayout['markers'][number]) => route.find((r) => r.number === Number(m.text.split(', ')[0]))!;
        layout.markers.forEach((a, i) =>
          layout.markers.slice(i + 1).forEach((b) => {
            const [pa, pb] = [placeOf(a), placeOf(b)];
            const where = `${s.slug} (${size}): ${pa.title} and ${pb.title}`;
            // East is right, north is up; places at the same longitude or latitude share it.
            expect(Math.sign(a.x - b.x), `${where}, east–west`).toBe(Math.sign(pa.longitude! - pb.longitude!));
            expect(Math.sign(a.y - b.y), `${where}, north–south`).toBe(-Math.sign(pa.latitude! - pb.latitude!));
            pairs++;
          }),
        );
      }
    }
    expect(pairs).toBeGreaterThan(1000);
  });

  it('label every place of every map, with its numbers when its marker is a dot; a label set apart has a leader line', () => {
    let leaders = 0;
    for (const s of content.safaris) {
      const route = routeOf(s.slug);
      for (const size of ['wide', 'phone'] as const) {
        const layout = routeLayout(route, size)!;
        const [w, h] = MAP_SIZES[size];
        expect(layout.labels.length, `${s.slug} (${size})`).toBe(layout.markers.length);
        layout.markers.forEach((m, i) => {
          const title = stopLabel(route.find((r) => r.number === Number(m.text.split(', ')[0]))!);
          const label = layout.labels[i]!;
          expect(label.text, s.slug).toBe(m.dot ? `${title} (${m.text})` : title);
          if (label.leader) {
            leaders++;
            const [x1, y1, x2, y2] = label.leader;
            // From the marker's edge to the label.
            expect(Math.hypot(x1 - m.x, y1 - m.y)).toBeLessThan(m.w / 2 + 9);
            expect(Math.hypot(x2 - m.x, y2 - m.y)).toBeGreaterThan(Math.hypot(x1 - m.x, y1 - m.y));
            for (const v of [x2, y2]) expect(v).toBeGreaterThanOrEqual(-1);
            expect(x2).toBeLessThanOrEqual(w + 1);
            expect(y2).toBeLessThanOrEqual(h + 1);
          }
        });
        const svg = mapSvg(layout, s.title);
        expect(svg.match(/<line /g)?.length ?? 0).toBe(layout.labels.filter((l) => l.leader).length);
      }
    }
    expect(leaders).toBeGreaterThan(0);
  });

  it('label the stops (on the wide map, every stop of a short route)', () => {
    const route = routeOf('3-days-murchison-falls-and-budongo-chimpanzees');
    const layout = routeLayout(route)!;
    expect(layout.labels.map((l) => l.text).sort()).toEqual(['Budongo Forest', 'Kampala', 'Murchison Falls', 'Ziwa Rhino Sanctuary']);
  });

  it('make a valid SVG without scripts, styles or outside references', async () => {
    const layout = routeLayout(routeOf('15-days-ultimate-east-africa-safari'))!;
    const svg = mapSvg(layout, 'Route of <the> "safari" & co');
    expect(svg).not.toMatch(/<script|<style|\sstyle=|href=|url\(/i);
    expect(svg).toContain('<title id="map-title">Route of &lt;the&gt; &quot;safari&quot; &amp; co</title>');
    // librsvg reads it as an image of the declared size.
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
  });
});

describe('park location layouts', () => {
  it('put one marker on the park, at its projected place', () => {
    for (const p of content.parks) {
      const layout = parkLayout({ parktitle: p.title, latitude: p.location.lat, longitude: p.location.lng })!;
      expect(layout.markers).toHaveLength(1);
      expect(layout.line).toEqual([]);
      const [ux, uy] = project(p.location.lng, p.location.lat);
      const m = layout.markers[0]!;
      // Where the projection puts the park, unless kept off the picture's edge.
      expect(Math.abs(m.x - (ux * layout.scale + layout.tx)), p.slug).toBeLessThan(m.w);
      expect(Math.abs(m.y - (uy * layout.scale + layout.ty)), p.slug).toBeLessThan(m.w);
      expect(Buffer.byteLength(mapSvg(layout, p.title))).toBeLessThan(40 * 1024);
    }
    expect(parkLayout({ parktitle: 'Nowhere', latitude: null, longitude: null })).toBeNull();
  });
});
