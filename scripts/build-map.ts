// Draws the base map of East Africa once, at development time, into app/lib/map/east-africa.ts
// (committed): country outlines from world-atlas (Natural Earth 1:10m, public domain), simplified
// (Douglas-Peucker on the shared arcs, so neighbouring borders stay identical), projected with
// d3-geo's Mercator, clipped to the frame and written as compact SVG path data. The site itself
// never loads a geographic library: pages, SVG files and the PDF read the generated paths and
// place points with the small projection in app/lib/map/projection.ts.
//
// Usage: npm run map:build   (node scripts/build-map.ts [--check])
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type GeoProjection, geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { FRAME, MAP_UNITS_PER_DEGREE, project } from '../app/lib/map/projection.ts';

const root = path.resolve(import.meta.dirname, '..');
const OUT = path.join(root, 'app/lib/map/east-africa.ts');

/** Countries drawn at full strength (the operator's region); every other one in the frame is faded. */
const FOCUS = new Set(['800', '404', '834', '646', '108']); // Uganda, Kenya, Tanzania, Rwanda, Burundi

/** Simplification tolerance, in degrees (about 1 km): below a pixel at the closest zoom used. */
const TOLERANCE = 0.01;

/**
 * Country names, each with places (longitude, latitude) chosen by hand where it has room: a map
 * shows a name at the first of its places that is in view and clear of the markers.
 */
const LABELS: { text: string; focus: boolean; at: [number, number][] }[] = [
  {
    text: 'UGANDA',
    focus: true,
    at: [
      [32.75, 1.55],
      [30.55, -0.85],
      [33.6, 2.7],
      [31.3, 1.1],
    ],
  },
  {
    text: 'KENYA',
    focus: true,
    at: [
      [38.4, 2.2],
      [37.9, -1.7],
      [35.5, 1.25],
      [39.2, -0.5],
    ],
  },
  {
    text: 'TANZANIA',
    focus: true,
    at: [
      [34.6, -6.6],
      [36.7, -4.7],
      [33.6, -3.6],
      [31.6, -4.6],
      [38.0, -7.8],
    ],
  },
  {
    text: 'RWANDA',
    focus: true,
    at: [
      [30.05, -2.25],
      [29.85, -1.7],
      [30.3, -1.55],
    ],
  },
  { text: 'BURUNDI', focus: true, at: [[29.95, -3.5]] },
  {
    text: 'DR CONGO',
    focus: false,
    at: [
      [28.0, -4.2],
      [28.3, -1.3],
      [28.4, 0.4],
      [28.2, -2.9],
    ],
  },
  { text: 'SOUTH SUDAN', focus: false, at: [[31.0, 4.7]] },
  { text: 'ETHIOPIA', focus: false, at: [[39.3, 4.9]] },
  { text: 'SOMALIA', focus: false, at: [[41.9, 3.0]] },
  { text: 'ZAMBIA', focus: false, at: [[30.6, -10.3]] },
  { text: 'MALAWI', focus: false, at: [[33.7, -11.4]] },
  { text: 'MOZAMBIQUE', focus: false, at: [[38.3, -11.6]] },
  {
    text: 'Indian Ocean',
    focus: false,
    at: [
      [41.0, -6.3],
      [40.9, -3.4],
    ],
  },
];

export type Pt = [number, number];

/** Squared distance from p to the segment a-b. */
function segDist2(p: Pt, a: Pt, b: Pt): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Douglas-Peucker, endpoints kept. */
export function simplify(points: Pt[], tolerance: number): Pt[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const t2 = tolerance * tolerance;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let max = 0;
    let index = 0;
    for (let i = first + 1; i < last; i++) {
      const d = segDist2(points[i]!, points[first]!, points[last]!);
      if (d > max) {
        max = d;
        index = i;
      }
    }
    if (max > t2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  const out = points.filter((_, i) => keep[i]);
  // A closed arc (a ring of its own, such as an island) keeps at least a triangle.
  const closed = points[0]![0] === points[points.length - 1]![0] && points[0]![1] === points[points.length - 1]![1];
  if (closed && out.length < 4) {
    const step = Math.max(1, Math.floor((points.length - 1) / 3));
    return [points[0]!, points[step]!, points[Math.min(points.length - 2, 2 * step)]!, points[points.length - 1]!];
  }
  return out;
}

/** The topology with absolute, simplified arcs in longitude and latitude. */
function simplifiedTopology(topo: Topology): Topology {
  const tf = topo.transform;
  const arcs = topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const pts: Pt[] = arc.map(([dx, dy]) => {
      if (!tf) return [dx!, dy!];
      x += dx!;
      y += dy!;
      return [x * tf.scale[0] + tf.translate[0], y * tf.scale[1] + tf.translate[1]];
    });
    return simplify(pts, TOLERANCE);
  });
  const { transform: _t, ...rest } = topo;
  return { ...rest, arcs } as Topology;
}

/** SVG path data: absolute move, then relative lines, integers; rings under a unit dropped. */
export function pathData(rings: Pt[][]): string {
  let d = '';
  const num = (n: number, first: boolean) => (n < 0 || first ? String(n) : ` ${n}`);
  for (const ring of rings) {
    const pts: Pt[] = [];
    for (const [x, y] of ring) {
      const p: Pt = [Math.round(x), Math.round(y)];
      const prev = pts[pts.length - 1];
      if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) pts.push(p);
    }
    if (pts.length > 1 && pts[0]![0] === pts[pts.length - 1]![0] && pts[0]![1] === pts[pts.length - 1]![1]) pts.pop();
    if (pts.length < 3) continue;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    if (Math.max(...xs) - Math.min(...xs) < 2 && Math.max(...ys) - Math.min(...ys) < 2) continue;
    d += `M${pts[0]![0]} ${pts[0]![1]}l`;
    for (let i = 1; i < pts.length; i++) {
      const dx = pts[i]![0] - pts[i - 1]![0];
      const dy = pts[i]![1] - pts[i - 1]![1];
      d += num(dx, i === 1) + num(dy, false);
    }
    d += 'z';
  }
  return d;
}

export interface GeneratedCountry {
  id: string;
  name: string;
  focus: boolean;
  /** Bounding box in map units: x0, y0, x1, y1. */
  box: [number, number, number, number];
  d: string;
}

/** d3-geo's Mercator with the frame's north-west corner at (0, 0) (the formula of projection.ts), clipped to the frame. */
export function frameProjection() {
  const projection = geoMercator()
    .scale((MAP_UNITS_PER_DEGREE * 180) / Math.PI)
    .translate([0, 0])
    .center([0, 0]);
  const [ox, oy] = projection([FRAME.west, FRAME.north])!;
  return projection.translate([-ox, -oy]).clipExtent([
    [0, 0],
    [FRAME.width, FRAME.height],
  ]);
}

/** The rings of a feature in map units, clipped to the frame. */
export function projectedRings(projection: GeoProjection, f: Parameters<ReturnType<typeof geoPath>>[0]): Pt[][] {
  const rings: Pt[][] = [];
  let ring: Pt[] = [];
  geoPath(projection, {
    moveTo: (x: number, y: number) => {
      ring = [[x, y]];
      rings.push(ring);
    },
    lineTo: (x: number, y: number) => void ring.push([x, y]),
    closePath: () => {},
    arc: () => {},
  } as unknown as CanvasRenderingContext2D)(f);
  return rings.filter((r) => r.length > 2);
}

/** The bounding box of rings, in whole map units: x0, y0, x1, y1. */
export function boxOf(rings: Pt[][]): [number, number, number, number] {
  const all = rings.flat();
  return [Math.floor(Math.min(...all.map((p) => p[0]))), Math.floor(Math.min(...all.map((p) => p[1]))), Math.ceil(Math.max(...all.map((p) => p[0]))), Math.ceil(Math.max(...all.map((p) => p[1])))];
}

export async function buildMap(): Promise<string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('world-atlas/countries-10m.json');
  const topo = JSON.parse(await readFile(file, 'utf8')) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const simple = simplifiedTopology(topo) as typeof topo;
  const projection = frameProjection();
  const countries: GeneratedCountry[] = [];
  for (const geometry of simple.objects.countries.geometries) {
    const rings = projectedRings(projection, feature(simple, geometry));
    const d = pathData(rings);
    if (!d) continue;
    countries.push({ id: String(geometry.id), name: (geometry.properties as { name: string }).name, focus: FOCUS.has(String(geometry.id)), box: boxOf(rings), d });
  }
  // Faded neighbours first, the focus countries drawn over them.
  countries.sort((a, b) => Number(a.focus) - Number(b.focus) || a.id.localeCompare(b.id));
  const labels = LABELS.flatMap((l) =>
    l.at.map(([lon, lat]) => {
      const [x, y] = project(lon, lat);
      return { text: l.text, x: Math.round(x), y: Math.round(y), focus: l.focus };
    }),
  );
  return [
    '// Generated by scripts/build-map.ts (npm run map:build) from world-atlas: Natural Earth 1:10m',
    '// country outlines, public domain. Simplified, projected (Mercator) and clipped to FRAME in',
    '// app/lib/map/projection.ts. Do not edit by hand.',
    "import type { MapCountry, MapLabel } from './projection.ts';",
    '',
    `export const COUNTRIES: readonly MapCountry[] = ${JSON.stringify(countries, null, 1).replace(/\n\s*/g, ' ')};`,
    '',
    `export const LABELS: readonly MapLabel[] = ${JSON.stringify(labels)};`,
    '',
  ].join('\n');
}

if (import.meta.filename === process.argv[1]) {
  const text = await buildMap();
  if (process.argv.includes('--check')) {
    const current = await readFile(OUT, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${path.relative(root, OUT)} is out of date: run npm run map:build`);
      process.exit(1);
    }
    console.log(`${path.relative(root, OUT)} is up to date`);
  } else {
    await writeFile(OUT, text);
    console.log(`${path.relative(root, OUT)}: ${text.length} bytes`);
  }
}
