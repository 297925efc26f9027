// Maps of East Africa with no third party and no script: the base map (app/lib/map/east-africa.ts,
// drawn at development time) framed around the points that matter, with numbered markers, their
// labels and, for a safari, the route through them in order. layoutMap() decides what goes where
// (in pixels of a picture of one of MAP_SIZES); mapSvg() writes it as an SVG document (the
// safari and park pages show it as a same-origin image) and the itinerary PDF draws the same
// layout with its own drawing calls.
import { COUNTRIES, LABELS } from './east-africa.ts';
import { LAKES } from './lakes.ts';
import { FRAME, MAP_UNITS_PER_DEGREE, project, type MapCountry, type MapLake } from './projection.ts';

/** The picture's size in pixels: landscape for wide screens, square for phones. */
export const MAP_SIZES = { wide: [400, 300], phone: [300, 300] } as const;
export type MapSize = keyof typeof MAP_SIZES;

/** Colours of the map (the site's palette). */
export const MAP_COLOURS = {
  sea: '#cfe1e6',
  shore: '#a9c8d1',
  land: '#f6eedb',
  neighbour: '#e6e2d8',
  border: '#ffffff',
  countryLabel: '#6b6357',
  neighbourLabel: '#8f877a',
  route: '#a34a26',
  halo: '#ffffff',
  marker: '#1d3a2a',
  markerText: '#ffffff',
  label: '#1d1b18',
} as const;

const MAP_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Sizes in pixels of the picture. */
const MARKER_R = 9;
/** Radius of the dot of a place too close to another for a numbered marker. */
const DOT_R = 4.5;
const LABEL_SIZE = 12;
const NUMBER_SIZE = 10.5;
const COUNTRY_SIZE = 10;
/** Rough advance of a character of the label font (bold sans), per pixel of font size. */
const CHAR_W = 0.6;

export interface MapPoint {
  latitude: number;
  longitude: number;
  /** Label beside the marker. */
  label: string;
  /** Position on the route (shown on the marker); absent for a single location. */
  number?: number;
}

interface MapMarker {
  x: number;
  y: number;
  /** Numbers shown on the marker ("3", or "1, 8" for a place the route comes back to); '' for a location. */
  text: string;
  /** Width of the marker (a circle, or a pill for several numbers). */
  w: number;
  /** A small dot instead (the place is too close to another for numbered markers): its numbers
   *  are in its label. */
  dot?: boolean;
}

interface MapText {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** A label set away from its marker is joined to it by this line (x1, y1, x2, y2). */
  leader?: [number, number, number, number];
}

export interface MapLayout {
  width: number;
  height: number;
  /** Pixels per map unit, and the offset: px = unit * scale + (tx, ty). */
  scale: number;
  tx: number;
  ty: number;
  countries: readonly MapCountry[];
  /** The lakes in view, drawn over the countries and under the route. */
  lakes: readonly MapLake[];
  countryLabels: (MapText & { focus: boolean })[];
  /** The route in pixels, in order (empty for a single location). */
  line: [number, number][];
  markers: MapMarker[];
  labels: MapText[];
}

export interface LayoutOptions {
  /** The narrowest view, in degrees of longitude (how far the map may zoom in). */
  minSpanDegrees: number;
  /** Draw the line between the points in order. */
  route: boolean;
  /** The picture's shape (default: wide). */
  size?: MapSize;
}

type Box = [number, number, number, number];

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/** Whether the segment p-q crosses the box (Liang-Barsky clipping). */
function segmentHits(p: [number, number], q: [number, number], b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  for (const [pp, qq] of [
    [-dx, p[0] - b[0]],
    [dx, b[2] - p[0]],
    [-dy, p[1] - b[1]],
    [dy, b[3] - p[1]],
  ] as const) {
    if (pp === 0) {
      if (qq < 0) return false;
      continue;
    }
    const r = qq / pp;
    if (pp < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}

function textWidth(text: string, size = LABEL_SIZE): number {
  return text.length * size * CHAR_W;
}

/** Width of a country name (capitals, spaced out: wider than mixed case). */
function countryTextWidth(text: string): number {
  return text.length * (COUNTRY_SIZE * 0.72 + 1.5);
}

/** Keeps a marker inside the picture (a place at the very edge of the view). */
function keepInside(markers: MapMarker[], width: number, height: number) {
  for (const m of markers) {
    m.x = Math.min(Math.max(m.x, m.w / 2 + 1), width - m.w / 2 - 1);
    m.y = Math.min(Math.max(m.y, MARKER_R + 1), height - MARKER_R - 1);
  }
}

type Px = [number, number];
type Segment = readonly [Px, Px];

/** The view: the scale and offset that frame the points with room around them (no closer than `minSpanDegrees`), and the part of the base map it shows. */
function frameView(units: Px[], W: number, H: number, minSpanDegrees: number) {
  const xs = units.map((u) => u[0]);
  const ys = units.map((u) => u[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Room around the points for the markers and their labels.
  const padX = W * 0.2;
  const padY = H * 0.11;
  const maxScale = W / (minSpanDegrees * MAP_UNITS_PER_DEGREE);
  const scale = Math.min(maxScale, x1 > x0 ? (W - 2 * padX) / (x1 - x0) : maxScale, y1 > y0 ? (H - 2 * padY) / (y1 - y0) : maxScale);
  const viewW = W / scale;
  const viewH = H / scale;
  // Centred on the points, kept inside the drawn area where it is large enough.
  const clampView = (centre: number, size: number, max: number) => (size >= max ? (max - size) / 2 : Math.min(Math.max(centre - size / 2, 0), max - size));
  const vx = clampView((x0 + x1) / 2, viewW, FRAME.width);
  const vy = clampView((y0 + y1) / 2, viewH, FRAME.height);
  const tx = -vx * scale;
  const ty = -vy * scale;
  const toPx = ([ux, uy]: Px): Px => [ux * scale + tx, uy * scale + ty];
  const view: Box = [vx, vy, vx + viewW, vy + viewH];
  return { scale, tx, ty, toPx, view };
}

/** A place on the map: where, the route's numbers that stop there, and its name. */
interface PlaceGroup {
  x: number;
  y: number;
  numbers: number[];
  label: string;
}

/**
 * One marker per place (a stop the route comes back to carries all its numbers), kept inside the
 * picture; numbered markers that would cover each other become dots. `groupOf` gives each point's
 * place, in the points' order.
 */
function placeMarkers(located: readonly MapPoint[], pixels: Px[], W: number, H: number) {
  const groups: PlaceGroup[] = [];
  const groupOf = located.map((p, i) => {
    const [x, y] = pixels[i]!;
    const at = groups.findIndex((g) => Math.abs(g.x - x) < 0.5 && Math.abs(g.y - y) < 0.5 && g.label === p.label);
    if (at >= 0) {
      if (p.number !== undefined) groups[at]!.numbers.push(p.number);
      return at;
    }
    groups.push({ x, y, numbers: p.number !== undefined ? [p.number] : [], label: p.label });
    return groups.length - 1;
  });
  const markers: MapMarker[] = groups.map((g) => {
    const text = g.numbers.join(', ');
    return { x: g.x, y: g.y, text, w: Math.max(2 * MARKER_R, textWidth(text, NUMBER_SIZE) + 8) };
  });
  // Markers stay where the places are (places a few kilometres apart may overlap): only their
  // labels move, so the map never shows one place east or north of another that is not.
  keepInside(markers, W, H);
  // Numbered markers that would cover each other become dots, their numbers written in the label.
  const crowded = markers.map((a, i) => markers.some((b, j) => j !== i && Math.hypot(a.x - b.x, a.y - b.y) < (a.w + b.w) / 2 + 1));
  markers.forEach((m, i) => {
    if (crowded[i] && m.text) {
      m.dot = true;
      m.w = 2 * DOT_R;
    }
  });
  return { groups, groupOf, markers };
}

/** The route through the markers in the points' order, a place visited twice in a row drawn once. */
function routeLine(groupOf: number[], markers: MapMarker[]): Px[] {
  const line: Px[] = [];
  for (const g of groupOf) {
    const m = markers[g]!;
    const last = line[line.length - 1];
    if (!last || last[0] !== m.x || last[1] !== m.y) line.push([m.x, m.y]);
  }
  return line;
}

const LABEL_ASC = LABEL_SIZE * 0.75;
const LABEL_DESC = LABEL_SIZE * 0.25;
/** How far out from the marker each ring of places for a label lies (the first ring touches it). */
const LABEL_RINGS = [0, 16, 32, 52, 76, 100];

/** What a marker's label is placed among: the picture's size, the markers' boxes, the labels placed so far and the route's segments. */
interface LabelScene {
  W: number;
  H: number;
  markerBoxes: Box[];
  placed: Box[];
  segments: Segment[];
}

/** The eight places around a marker for its label, `d` further out than touching it. */
function labelSpots(text: string, m: MapMarker, d: number): MapText[] {
  const half = m.w / 2;
  const R = m.dot ? DOT_R : MARKER_R;
  const asc = LABEL_ASC;
  return [
    { text, x: m.x + half + 4 + d, y: m.y + asc / 2, anchor: 'start' },
    { text, x: m.x - half - 4 - d, y: m.y + asc / 2, anchor: 'end' },
    { text, x: m.x, y: m.y - R - 4 - d, anchor: 'middle' },
    { text, x: m.x, y: m.y + R + 3 + asc + d, anchor: 'middle' },
    { text, x: m.x + half * 0.7 + 2 + d * 0.7, y: m.y - R - 1 - d * 0.7, anchor: 'start' },
    { text, x: m.x + half * 0.7 + 2 + d * 0.7, y: m.y + R + asc + d * 0.7, anchor: 'start' },
    { text, x: m.x - half * 0.7 - 2 - d * 0.7, y: m.y - R - 1 - d * 0.7, anchor: 'end' },
    { text, x: m.x - half * 0.7 - 2 - d * 0.7, y: m.y + R + asc + d * 0.7, anchor: 'end' },
  ];
}

/** The box a label of width `tw` covers, with a little room. */
function labelBox(c: MapText, tw: number): Box {
  const left = c.anchor === 'start' ? c.x : c.anchor === 'end' ? c.x - tw : c.x - tw / 2;
  return [left - 2, c.y - LABEL_ASC - 2, left + tw + 2, c.y + LABEL_DESC + 2];
}

/** The leader line from the marker's edge to the nearest point of the label's box. */
function leaderTo(m: MapMarker, b: Box): [Px, Px] {
  const half = m.w / 2;
  const R = m.dot ? DOT_R : MARKER_R;
  const to: Px = [Math.min(Math.max(m.x, b[0]), b[2]), Math.min(Math.max(m.y, b[1]), b[3])];
  const d = Math.hypot(to[0] - m.x, to[1] - m.y) || 1;
  const r = Math.min(half, R) + 1;
  return [[m.x + ((to[0] - m.x) / d) * r, m.y + ((to[1] - m.y) / d) * r], to];
}

/**
 * What a label's place costs marker `i`: the area hidden behind other labels and markers or cut
 * off by the edge, the spot's order and ring, the route crossing it and, further out, a leader line
 * crossing another label or marker.
 */
function spotCost(scene: LabelScene, m: MapMarker, i: number, b: Box, order: number, ring: number): number {
  const { W, H, markerBoxes, placed, segments } = scene;
  const area = (b[2] - b[0]) * (b[3] - b[1]);
  const inside = Math.max(0, Math.min(b[2], W) - Math.max(b[0], 0)) * Math.max(0, Math.min(b[3], H) - Math.max(b[1], 0));
  // Area hidden behind other labels and markers, or cut off by the edge.
  let clash = area - inside;
  for (const p of placed) clash += overlap(b, p);
  markerBoxes.forEach((mb, j) => {
    if (j !== i) clash += overlap(b, mb);
  });
  let cost = clash * 20 + (area - inside) * 30 + order * 2 + ring * 40;
  for (const [p, q] of segments) if (segmentHits(p, q, b)) cost += 60;
  if (ring > 0) {
    // A leader line that crosses another label or marker is hard to follow.
    const [p, q] = leaderTo(m, b);
    for (const o of placed) if (segmentHits(p, q, o)) cost += 200;
    markerBoxes.forEach((mb, j) => {
      if (j !== i && segmentHits(p, q, mb)) cost += 200;
    });
  }
  return cost;
}

/** Marker `i`'s label at the cheapest of its spots (spotCost); its box is added to the scene's placed ones. */
function placeLabel(scene: LabelScene, group: PlaceGroup, m: MapMarker, i: number): MapText {
  const text = m.dot ? `${group.label} (${m.text})` : group.label;
  const tw = textWidth(text);
  let best: { c: MapText; b: Box; leader: boolean } | null = null;
  let bestCost = Infinity;
  LABEL_RINGS.forEach((d, ring) =>
    labelSpots(text, m, d).forEach((c, order) => {
      const b = labelBox(c, tw);
      const cost = spotCost(scene, m, i, b, order, ring);
      if (cost < bestCost) {
        bestCost = cost;
        best = { c, b, leader: ring > 0 };
      }
    }),
  );
  const chosen = best!;
  scene.placed.push(chosen.b);
  if (!chosen.leader) return chosen.c;
  const [p, q] = leaderTo(m, chosen.b);
  return { ...chosen.c, leader: [p[0], p[1], q[0], q[1]] };
}

/** Country names where they fit and leave the markers, the labels, the route and the leader lines clear; each name once. */
function fitCountryLabels(countryLabels: (MapText & { focus: boolean })[], taken: Box[], lines: Segment[], W: number, H: number) {
  const shown = new Set<string>();
  return countryLabels.filter((l) => {
    if (shown.has(l.text)) return false;
    const half = countryTextWidth(l.text) / 2 + 2;
    const b: Box = [l.x - half, l.y - COUNTRY_SIZE, l.x + half, l.y + 3];
    const fits = b[0] >= 0 && b[2] <= W && b[1] >= 0 && b[3] <= H && taken.every((t) => overlap(b, t) === 0) && !lines.some(([p, q]) => segmentHits(p, q, b));
    if (fits) {
      shown.add(l.text);
      taken.push(b);
    }
    return fits;
  });
}

/** Lays out a map of the points (those with coordinates), or returns null when none has any. */
export function layoutMap(points: readonly MapPoint[], opts: LayoutOptions): MapLayout | null {
  const located = points.filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude));
  if (!located.length) return null;
  const [W, H] = MAP_SIZES[opts.size ?? 'wide'];
  const units = located.map((p) => project(p.longitude, p.latitude));
  const { scale, tx, ty, toPx, view } = frameView(units, W, H, opts.minSpanDegrees);
  const countries = COUNTRIES.filter((c) => overlap([c.box[0], c.box[1], c.box[2], c.box[3]], view) > 0);
  const lakes = LAKES.filter((l) => overlap([l.box[0], l.box[1], l.box[2], l.box[3]], view) > 0);
  const countryLabels = LABELS.map((l) => {
    const [x, y] = toPx([l.x, l.y]);
    return { text: l.text, x, y, anchor: 'middle' as const, focus: l.focus };
  });

  const { groups, groupOf, markers } = placeMarkers(located, units.map(toPx), W, H);
  const line = opts.route && groups.length > 1 ? routeLine(groupOf, markers) : [];
  const markerBoxes: Box[] = markers.map((m) => {
    const r = m.dot ? DOT_R : MARKER_R;
    return [m.x - m.w / 2, m.y - r, m.x + m.w / 2, m.y + r];
  });

  // Labels: for each marker, the free-est of eight places around it; when all of them are taken,
  // the same eight directions further out, joined to the marker by a leader line. Every place gets
  // its label (the most crowded one takes the least crowded spot).
  const segments = line.slice(1).map((q, i) => [line[i]!, q] as const);
  const scene: LabelScene = { W, H, markerBoxes, placed: [], segments };
  const labels = groups.map((g, i) => placeLabel(scene, g, markers[i]!, i));
  const leaders = labels.flatMap((l): Segment[] =>
    l.leader
      ? [
          [
            [l.leader[0], l.leader[1]],
            [l.leader[2], l.leader[3]],
          ],
        ]
      : [],
  );

  // Country names where they fit and leave the markers and their labels clear.
  const shownCountries = fitCountryLabels(countryLabels, [...markerBoxes, ...scene.placed], [...segments, ...leaders], W, H);
  return { width: W, height: H, scale, tx, ty, countries, lakes, countryLabels: shownCountries, line, markers, labels };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A number with at most `d` decimals, no trailing zeros. */
const n = (v: number, d = 1) => String(Number(v.toFixed(d)));

/** The layout as a standalone SVG document (presentation attributes only: no style, no script). */
export function mapSvg(layout: MapLayout, title: string): string {
  const c = MAP_COLOURS;
  const s = layout.scale;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="img" aria-labelledby="map-title" font-family="${MAP_FONT}">`,
    `<title id="map-title">${esc(title)}</title>`,
    `<desc>Country outlines and lakes: Natural Earth (public domain).</desc>`,
    `<rect width="${layout.width}" height="${layout.height}" fill="${c.sea}"/>`,
    `<g transform="matrix(${n(s, 5)} 0 0 ${n(s, 5)} ${n(layout.tx, 2)} ${n(layout.ty, 2)})" stroke="${c.border}" stroke-width="${n(1.1 / s, 3)}" stroke-linejoin="round">`,
  );
  for (const country of layout.countries) out.push(`<path fill="${country.focus ? c.land : c.neighbour}" d="${country.d}"/>`);
  if (layout.lakes.length) {
    out.push(`<g class="lakes" fill="${c.sea}" stroke="${c.shore}" stroke-width="${n(0.8 / s, 3)}">`);
    for (const lake of layout.lakes) out.push(`<path data-name="${esc(lake.name)}" d="${lake.d}"/>`);
    out.push('</g>');
  }
  out.push('</g>');
  if (layout.countryLabels.length) {
    out.push(`<g font-size="${COUNTRY_SIZE}" font-weight="600" letter-spacing="1.5" text-anchor="middle">`);
    for (const l of layout.countryLabels)
      out.push(
        `<text x="${n(l.x)}" y="${n(l.y)}" fill="${l.focus ? c.countryLabel : c.neighbourLabel}"${l.text === 'Indian Ocean' ? ' font-style="italic" letter-spacing="0.5"' : ''}>${esc(l.text)}</text>`,
      );
    out.push('</g>');
  }
  if (layout.line.length > 1) {
    const pts = layout.line.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
    out.push(`<polyline points="${pts}" fill="none" stroke="${c.halo}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.85"/>`);
    out.push(`<polyline points="${pts}" fill="none" stroke="${c.route}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>`);
  }
  for (const m of layout.markers) {
    if (m.dot) {
      out.push(`<circle cx="${n(m.x)}" cy="${n(m.y)}" r="${DOT_R}" fill="${c.marker}" stroke="${c.halo}" stroke-width="1.5"/>`);
    } else if (m.text) {
      out.push(
        `<rect x="${n(m.x - m.w / 2)}" y="${n(m.y - MARKER_R)}" width="${n(m.w)}" height="${2 * MARKER_R}" rx="${MARKER_R}" fill="${c.marker}" stroke="${c.halo}" stroke-width="1.5"/>`,
        `<text x="${n(m.x)}" y="${n(m.y + NUMBER_SIZE * 0.36)}" font-size="${NUMBER_SIZE}" font-weight="700" text-anchor="middle" fill="${c.markerText}">${esc(m.text)}</text>`,
      );
    } else {
      out.push(`<circle cx="${n(m.x)}" cy="${n(m.y)}" r="${MARKER_R - 1}" fill="${c.route}" stroke="${c.halo}" stroke-width="2.5"/>`);
      out.push(`<circle cx="${n(m.x)}" cy="${n(m.y)}" r="2.5" fill="${c.halo}"/>`);
    }
  }
  const leaders = layout.labels.flatMap((l) => (l.leader ? [l.leader] : []));
  if (leaders.length) {
    out.push(`<g stroke="${c.label}" stroke-width="1" stroke-linecap="round">`);
    for (const [x1, y1, x2, y2] of leaders) out.push(`<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`);
    out.push('</g>');
  }
  out.push(`<g font-size="${LABEL_SIZE}" font-weight="700" fill="${c.label}" stroke="${c.halo}" stroke-width="3.5" stroke-linejoin="round" paint-order="stroke">`);
  for (const l of layout.labels) out.push(`<text x="${n(l.x)}" y="${n(l.y)}"${l.anchor === 'start' ? '' : ` text-anchor="${l.anchor}"`}>${esc(l.text)}</text>`);
  out.push('</g></svg>');
  return out.join('\n');
}
