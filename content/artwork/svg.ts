// Small helpers for writing SVG by hand: numbers, colours, smooth paths and a document builder
// that collects <defs> (gradients, filters) with unique ids.

export type Pt = readonly [number, number];

/** Numbers with at most one decimal: keeps files small and output stable. */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Opacities and other fractions with two decimals. */
export function op(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** A smooth open curve through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(points: readonly Pt[], tension = 1): string {
  if (points.length < 2) return '';
  let d = `M${n(points[0]![0])},${n(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const k = tension / 6;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return d;
}

/** A closed smooth shape: a curve through the points, closed down to a baseline (ridges, hills). */
export function ridgeShape(points: readonly Pt[], bottom: number): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `${smoothPath(points)}L${n(last[0])},${n(bottom)}L${n(first[0])},${n(bottom)}Z`;
}

// ---- colours ---------------------------------------------------------------------------------

type Rgb = [number, number, number];

function hex(c: string): Rgb {
  const h = c.replace('#', '');
  const v =
    h.length === 3
      ? h
          .split('')
          .map((x) => x + x)
          .join('')
      : h;
  return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16)];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = hex(a);
  const y = hex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export function shade(c: string, amount: number): string {
  return amount >= 0 ? mix(c, '#ffffff', amount) : mix(c, '#000000', -amount);
}

// ---- document ----------------------------------------------------------------------------------

export interface Stop {
  at: number;
  color: string;
  opacity?: number;
}

/** Collects defs and body layers of one SVG document. */
export class Doc {
  readonly w: number;
  readonly h: number;
  private defs: string[] = [];
  private body: string[] = [];
  private ids = 0;

  constructor(w: number, h: number) {
    this.w = w;
    this.h = h;
  }

  id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  private stops(stops: Stop[]): string {
    return stops.map((s) => `<stop offset="${n(s.at * 100)}%" stop-color="${s.color}"${s.opacity === undefined ? '' : ` stop-opacity="${op(s.opacity)}"`}/>`).join('');
  }

  /** A linear gradient from (x1,y1) to (x2,y2) in object-bounding-box units (0..1). */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A linear gradient in user space (document pixels). */
  linearUser(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id('u');
    this.defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A radial gradient in user space centred on (cx, cy). */
  radial(stops: Stop[], cx: number, cy: number, r: number, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fx="${n(fx)}" fy="${n(fy)}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** Raw markup for <defs> (filters, clip paths); returns the id. */
  def(prefix: string, make: (id: string) => string): string {
    const id = this.id(prefix);
    this.defs.push(make(id));
    return id;
  }

  add(markup: string): void {
    if (markup) this.body.push(markup);
  }

  toString(title: string): string {
    const esc = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}" role="img">` +
      `<title>${esc}</title><defs>${this.defs.join('')}</defs>${this.body.join('\n')}</svg>\n`
    );
  }
}

/** A smooth closed shape through the points (closed Catmull-Rom). */
export function closedPath(input: readonly Pt[], tension = 1): string {
  const m = input.length;
  if (m < 3) return '';
  // Same winding as taper(), so shapes and limbs in one path add up instead of cutting holes.
  let area = 0;
  for (let i = 0; i < m; i++) {
    const [x1, y1] = input[i]!;
    const [x2, y2] = input[(i + 1) % m]!;
    area += x1 * y2 - x2 * y1;
  }
  const points = area > 0 ? [...input].reverse() : input;
  const at = (i: number) => points[((i % m) + m) % m]!;
  let d = `M${n(at(0)[0])},${n(at(0)[1])}`;
  const k = tension / 6;
  for (let i = 0; i < m; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    d += `C${n(p1[0] + (p2[0] - p0[0]) * k)},${n(p1[1] + (p2[1] - p0[1]) * k)} ${n(p2[0] - (p3[0] - p1[0]) * k)},${n(p2[1] - (p3[1] - p1[1]) * k)} ${n(p2[0])},${n(p2[1])}`;
  }
  return `${d}Z`;
}

/** A limb segment from a to b whose width goes from wa to wb, with round ends. */
export function taper(a: Pt, b: Pt, wa: number, wb: number): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  const p1: Pt = [a[0] + (nx * wa) / 2, a[1] + (ny * wa) / 2];
  const p2: Pt = [b[0] + (nx * wb) / 2, b[1] + (ny * wb) / 2];
  const p3: Pt = [b[0] - (nx * wb) / 2, b[1] - (ny * wb) / 2];
  const p4: Pt = [a[0] - (nx * wa) / 2, a[1] - (ny * wa) / 2];
  const ra = wa / 2;
  const rb = wb / 2;
  return `M${n(p1[0])},${n(p1[1])}L${n(p2[0])},${n(p2[1])}A${n(rb)},${n(rb)} 0 0 0 ${n(p3[0])},${n(p3[1])}` + `L${n(p4[0])},${n(p4[1])}A${n(ra)},${n(ra)} 0 0 0 ${n(p1[0])},${n(p1[1])}Z`;
}

/** A chain of tapered segments through the joints, widths given per joint. */
export function limb(joints: readonly Pt[], widths: readonly number[]): string {
  let d = '';
  for (let i = 0; i < joints.length - 1; i++) d += taper(joints[i]!, joints[i + 1]!, widths[i]!, widths[i + 1]!);
  return d;
}

/** Points along a quadratic curve a -> b with control c (for tails, trunks, necks). */
export function quadPoints(a: Pt, c: Pt, b: Pt, steps = 10): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

/** A tapering stroke along a curve: widths interpolate from w0 to w1. */
export function curveLimb(input: readonly Pt[], w0: number, w1: number): string {
  const points = input.length > 2 && input.length < 8 ? spline(input, 5) : input;
  const widths = points.map((_, i) => w0 + ((w1 - w0) * i) / Math.max(1, points.length - 1));
  return limb(points, widths);
}

/** Resamples a polyline as a smooth Catmull-Rom curve with `steps` points per segment. */
function spline(points: readonly Pt[], steps: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    for (let k = 0; k < steps; k++) {
      const t = k / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(points[points.length - 1]!);
  return out;
}
