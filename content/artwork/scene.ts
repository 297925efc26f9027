// Composes one picture: sky, light, distant land, mist, middle ground, foreground and subject,
// in the palette of the item's country. Every choice (time of day, where the sun sits, which side
// the subject stands on, how the hills fall) comes from the seeded generator, so a picture is a
// pure function of its spec.
import * as birds from './birds.ts';
import * as fauna from './fauna.ts';
import { fill, type Figure, type FigureFn, type FigureStyle } from './fauna.ts';
import { aerial, palettes, type Country, type Palette, type Sky, type TimeOfDay } from './palettes.ts';
import * as props from './props.ts';
import { rng, type Rng } from './rng.ts';
import { closedPath, curveLimb, Doc, limb, mix, n, op, ridgeShape, smoothPath, type Pt } from './svg.ts';

const sceneKinds = ['savanna', 'volcano', 'rainforest', 'lake', 'mountain', 'waterfall', 'crater', 'coast', 'river', 'wetland', 'hills', 'village'] as const;
export type SceneKind = (typeof sceneKinds)[number];

/** Everything that can stand in the foreground of a picture. */
const subjects = {
  elephant: { fig: fauna.elephant, height: 0.36, herd: 0.5 },
  giraffe: { fig: fauna.giraffe, height: 0.56, herd: 0.5 },
  zebra: { fig: fauna.zebra, height: 0.26, herd: 0.8 },
  antelope: { fig: fauna.antelope, height: 0.26, herd: 0.7 },
  eland: { fig: fauna.eland, height: 0.3, herd: 0.5 },
  topi: { fig: fauna.topi, height: 0.24, herd: 0.6 },
  sitatunga: { fig: fauna.sitatunga, height: 0.26, herd: 0 },
  wildebeest: { fig: fauna.wildebeest, height: 0.25, herd: 1 },
  buffalo: { fig: fauna.buffalo, height: 0.22, herd: 0.8 },
  rhino: { fig: fauna.rhino, height: 0.22, herd: 0.3 },
  hippo: { fig: fauna.hippo, height: 0.16, herd: 0.3 },
  hippoInWater: { fig: fauna.hippoInWater, height: 0.05, herd: 0.9 },
  warthog: { fig: fauna.warthog, height: 0.14, herd: 0.4 },
  lion: { fig: fauna.lion, height: 0.22, herd: 0.5 },
  lioness: { fig: fauna.lioness, height: 0.2, herd: 0.5 },
  leopard: { fig: fauna.leopard, height: 0.16, herd: 0 },
  cheetah: { fig: fauna.cheetah, height: 0.2, herd: 0.3 },
  hyena: { fig: fauna.hyena, height: 0.18, herd: 0.5 },
  wildDog: { fig: fauna.wildDog, height: 0.16, herd: 0.9 },
  crocodile: { fig: fauna.crocodile, height: 0.045, herd: 0.2 },
  gorilla: { fig: fauna.gorillaSitting, height: 0.4, herd: 0 },
  gorillaWalking: { fig: fauna.gorillaWalking, height: 0.3, herd: 0 },
  chimpanzee: { fig: fauna.chimpanzee, height: 0.36, herd: 0 },
  chimpWalking: { fig: fauna.chimpWalking, height: 0.28, herd: 0.3 },
  monkey: { fig: fauna.monkey, height: 0.3, herd: 0 },
  colobus: { fig: fauna.colobus, height: 0.3, herd: 0 },
  goldenMonkey: { fig: fauna.goldenMonkey, height: 0.3, herd: 0 },
  baboon: { fig: fauna.baboon, height: 0.17, herd: 0.6 },
  shoebill: { fig: birds.shoebill, height: 0.5, herd: 0 },
  crownedCrane: { fig: birds.crownedCrane, height: 0.42, herd: 0.5 },
  marabou: { fig: birds.marabou, height: 0.38, herd: 0.3 },
  saddlebill: { fig: birds.saddlebill, height: 0.42, herd: 0 },
  heron: { fig: birds.heron, height: 0.4, herd: 0 },
  egret: { fig: birds.egret, height: 0.36, herd: 0.4 },
  flamingo: { fig: birds.flamingo, height: 0.36, herd: 1 },
  pelican: { fig: birds.pelican, height: 0.16, herd: 0.6 },
  fishEagle: { fig: birds.fishEagle, height: 0.42, herd: 0 },
  turaco: { fig: birds.turaco, height: 0.34, herd: 0 },
  kingfisher: { fig: birds.kingfisher, height: 0.3, herd: 0 },
  roller: { fig: birds.roller, height: 0.32, herd: 0 },
  sunbird: { fig: birds.sunbird, height: 0.28, herd: 0 },
  hornbill: { fig: birds.hornbill, height: 0.34, herd: 0 },
  beeEater: { fig: birds.beeEater, height: 0.3, herd: 0.4 },
  songbird: { fig: birds.songbird, height: 0.3, herd: 0 },
  broadbill: { fig: birds.broadbill, height: 0.3, herd: 0 },
  weaver: { fig: birds.weaver, height: 0.28, herd: 0 },
  vulture: { fig: birds.vulture, height: 0.34, herd: 0 },
  secretarybird: { fig: birds.secretarybird, height: 0.44, herd: 0 },
  owl: { fig: birds.owl, height: 0.34, herd: 0 },
  groundBird: { fig: birds.groundBird, height: 0.14, herd: 0.6 },
  ostrich: { fig: birds.ostrich, height: 0.5, herd: 0.4 },
  soaringEagle: { fig: birds.soaringEagle, height: 0.1, herd: 0 },
  trekkers: { fig: null, height: 0.14, herd: 0 },
  vehicle: { fig: null, height: 0.16, herd: 0 },
  canoe: { fig: null, height: 0.07, herd: 0 },
  launch: { fig: null, height: 0.1, herd: 0 },
  raft: { fig: null, height: 0.09, herd: 0 },
  balloon: { fig: null, height: 0.36, herd: 0.4 },
  huts: { fig: null, height: 0.16, herd: 0 },
  lodge: { fig: null, height: 0.24, herd: 0 },
  tents: { fig: null, height: 0.22, herd: 0 },
  dhow: { fig: null, height: 0.24, herd: 0 },
} as const satisfies Record<string, { fig: FigureFn | null; height: number; herd: number }>;
export type SubjectKey = keyof typeof subjects;

/** Great apes that appear as family groups rather than herds. */
const FAMILY: Partial<Record<SubjectKey, FigureFn[]>> = {
  gorilla: [fauna.gorillaSitting, fauna.gorillaWalking],
  gorillaWalking: [fauna.gorillaSitting, fauna.gorillaWalking],
  chimpanzee: [fauna.chimpanzee, fauna.chimpWalking],
  chimpWalking: [fauna.chimpanzee, fauna.chimpWalking],
};

/** Animals that stand or swim in water, and so may gather there. */
const WADERS = new Set<SubjectKey>(['hippoInWater', 'flamingo', 'pelican', 'egret', 'crownedCrane', 'buffalo', 'elephant', 'crocodile']);

/** Birds and beasts that stand in shallow water. */
const WET = new Set<SubjectKey>(['flamingo', 'heron', 'egret', 'shoebill', 'crownedCrane', 'saddlebill', 'marabou', 'sitatunga', 'crocodile', 'hippo']);

const PERCHERS = new Set<SubjectKey>(['turaco', 'kingfisher', 'roller', 'sunbird', 'hornbill', 'beeEater', 'songbird', 'broadbill', 'weaver', 'vulture', 'owl', 'fishEagle']);
const TREE_DWELLERS = new Set<SubjectKey>(['monkey', 'colobus', 'goldenMonkey']);
const ON_WATER = new Set<SubjectKey>(['hippoInWater', 'pelican', 'canoe', 'launch', 'raft', 'dhow']);

export interface ArtSpec {
  width: number;
  height: number;
  country: Country;
  scene: SceneKind;
  subject: SubjectKey | null;
  /** Several of the subject (a herd, a flock), or one. */
  group?: boolean;
  /** A big cat lying along a branch (Ishasha lions, leopards). */
  inTree?: boolean;
  /** The subject's colour accent, overriding its species default (a bird's breast). */
  accent?: string;
  time?: TimeOfDay;
  seed: string;
  title: string;
}

interface Ctx {
  d: Doc;
  r: Rng;
  W: number;
  H: number;
  p: Palette;
  sky: Sky;
  time: TimeOfDay;
  night: boolean;
  horizon: number;
  sun: Pt;
  /** Colours of the depth layers, far to near. */
  far: string;
  far2: string;
  mid: string;
  near: string;
  ink: string;
  /** Which side the subject stands on: -1 left third, 1 right third. */
  side: -1 | 1;
  spec: ArtSpec;
}

// ---- helpers -------------------------------------------------------------------------------------

/** A ridge line across the picture: smooth noise from a few seeded sine waves. */
function ridge(c: Ctx, base: number, amp: number, opts: { freq?: number; rough?: number; x0?: number; x1?: number; steps?: number } = {}): Pt[] {
  const { r, W } = c;
  const freq = opts.freq ?? 1;
  const x0 = opts.x0 ?? -20;
  const x1 = opts.x1 ?? W + 20;
  const steps = opts.steps ?? 36;
  const waves = [0, 1, 2].map((i) => ({ f: (freq * (i + 1) * (0.8 + r.next() * 0.6) * Math.PI * 2) / W, ph: r.range(0, Math.PI * 2), a: 1 / (i + 1.2) }));
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    let y = 0;
    for (const w of waves) y += Math.sin(x * w.f + w.ph) * w.a;
    y += (r.next() - 0.5) * (opts.rough ?? 0.1);
    out.push([x, base - amp * (0.5 + y * 0.5)]);
  }
  return out;
}

/** Ridge line made of tree crowns: a bumpy forest skyline. */
function canopy(c: Ctx, base: number, amp: number, crown: number): string {
  const { r, W } = c;
  const line = ridge(c, base, amp, { freq: 1.2, steps: 24 });
  let d = ridgeShape(line, c.H + 10);
  let x = -crown;
  while (x < W + crown) {
    const t = Math.max(0, Math.min(line.length - 1, ((x + 20) / (W + 40)) * (line.length - 1)));
    const a = line[Math.floor(t)]!;
    const b = line[Math.ceil(t)]!;
    const y = a[1] + (b[1] - a[1]) * (t - Math.floor(t));
    const rx = crown * r.range(0.6, 1.1);
    const ry = rx * r.range(0.55, 0.8);
    d += `M${n(x + rx)},${n(y)}A${n(rx)},${n(ry)} 0 1 1 ${n(x - rx)},${n(y)}A${n(rx)},${n(ry)} 0 1 1 ${n(x + rx)},${n(y)}Z`;
    x += rx * r.range(1.1, 1.6);
  }
  return d;
}

function mist(c: Ctx, y: number, h: number, colour: string, opacity: number): void {
  const fillRef = c.d.linear([
    { at: 0, color: colour, opacity: 0 },
    { at: 0.5, color: colour, opacity },
    { at: 1, color: colour, opacity: 0 },
  ]);
  c.d.add(`<rect x="0" y="${n(y - h / 2)}" width="${c.W}" height="${n(h)}" fill="${fillRef}"/>`);
}

/** Light catching the crest of a ridge when the sun is low. */
function rimLight(c: Ctx, line: Pt[], strength: number): void {
  if (c.time === 'morning' || c.night) return;
  c.d.add(`<path d="${smoothPath(line)}" stroke="${c.sky.glow}" stroke-width="${op(c.H * 0.004)}" fill="none" opacity="${n(strength)}"/>`);
}

function place(_c: Ctx, f: Figure, cx: number, groundY: number, height: number, mirror: boolean, opacity = 1): string {
  const sc = height / f.h;
  const x0 = f.x0 ?? 0;
  const centre = (x0 + f.w) / 2;
  const tx = mirror ? cx + centre * sc : cx - centre * sc;
  return `<g transform="translate(${op(tx)} ${n(groundY)}) scale(${n(mirror ? -sc : sc)} ${n(sc)})"${opacity < 1 ? ` opacity="${n(opacity)}"` : ''}>${f.markup}</g>`;
}

function style(c: Ctx, ink: string, behind: string, accent?: string): FigureStyle {
  return { ink, far: mix(ink, behind, 0.35), light: mix(c.sky.horizon, '#ffffff', 0.55), accent: accent ?? c.p.accent };
}

/** Birds keep a hint of their plumage in the silhouette. */
const BODY_TINT: Partial<Record<SubjectKey, string>> = {
  turaco: '#2f6fae',
  kingfisher: '#2a6f9a',
  roller: '#5a7fb0',
  sunbird: '#2f7a4a',
  beeEater: '#3f8a4a',
  broadbill: '#3f7a3a',
  weaver: '#a08a20',
  goldenMonkey: '#8a6a2a',
};

const SPECIES_ACCENT: Partial<Record<SubjectKey, string>> = {
  crownedCrane: '#e8b93c',
  flamingo: '#ec8fa4',
  fishEagle: '#f2c230',
  turaco: '#3f7fcf',
  kingfisher: '#2aa3c8',
  roller: '#b48ad8',
  sunbird: '#d8403a',
  hornbill: '#e0a030',
  beeEater: '#e0563a',
  songbird: '#e6b43a',
  broadbill: '#5aa05a',
  weaver: '#f0c830',
  owl: '#f0b030',
  goldenMonkey: '#d99a30',
  pelican: '#f0b04a',
  saddlebill: '#d8402e',
  egret: '#e6b840',
  secretarybird: '#e8782a',
};

// ---- layers ----------------------------------------------------------------------------------------

function skyLayer(c: Ctx): void {
  const { d, W, H, sky } = c;
  const hz = c.horizon / H;
  const g = d.linear([
    { at: 0, color: sky.zenith },
    { at: hz * 0.45, color: sky.upper },
    { at: hz * 0.85, color: sky.lower },
    { at: Math.min(0.98, hz + 0.02), color: sky.horizon },
    { at: 1, color: sky.horizon },
  ]);
  d.add(`<rect width="${W}" height="${H}" fill="${g}"/>`);
  if (c.night) {
    let stars = '';
    for (let i = 0; i < 90; i++) {
      const x = c.r.range(0, W);
      const y = c.r.range(0, c.horizon * 0.8);
      stars += `<circle cx="${op(x)}" cy="${n(y)}" r="${n(c.r.range(0.6, 1.8) * (W / 1600))}" opacity="${n(c.r.range(0.3, 0.9))}"/>`;
    }
    d.add(`<g fill="#fffbe8">${stars}</g>`);
  }
  // Glow around the sun or moon, then the disc.
  const [sx, sy] = c.sun;
  const glowR = W * (c.night ? 0.25 : 0.6);
  d.add(
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(glowR)}" fill="${d.radial(
      [
        { at: 0, color: sky.glow, opacity: c.night ? 0.35 : 0.75 },
        { at: 0.35, color: sky.glow, opacity: c.night ? 0.1 : 0.25 },
        { at: 1, color: sky.glow, opacity: 0 },
      ],
      sx,
      sy,
      glowR,
    )}"/>`,
  );
  const disc = W * (c.night ? 0.028 : c.time === 'morning' ? 0.03 : 0.045);
  d.add(`<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(disc)}" fill="${sky.sun}" opacity="${c.time === 'morning' ? 0.85 : 0.95}"/>`);
  if (c.night) d.add(`<circle cx="${n(sx + disc * 0.35)}" cy="${n(sy - disc * 0.2)}" r="${n(disc * 0.86)}" fill="${sky.upper}" opacity="0.5"/>`);
  // Long, thin bands of cloud.
  const clouds = c.r.int(2, 5);
  for (let i = 0; i < clouds; i++) {
    const y = c.r.range(H * 0.08, c.horizon * 0.7);
    const w = c.r.range(W * 0.12, W * 0.34);
    const x = c.r.range(-W * 0.1, W * 0.95);
    const h = c.r.range(H * 0.01, H * 0.028);
    const lit = mix(sky.cloud, sky.glow, c.time === 'morning' ? 0.1 : 0.45);
    d.add(`<rect x="${op(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" fill="${lit}" opacity="${n(c.r.range(0.25, 0.55))}"/>`);
    if (c.r.chance(0.6)) d.add(`<rect x="${n(x + w * 0.2)}" y="${n(y - h * 1.1)}" width="${n(w * 0.5)}" height="${n(h * 0.9)}" rx="${n(h / 2)}" fill="${lit}" opacity="0.3"/>`);
  }
}

function flyingBirds(c: Ctx, count: number): void {
  const f = birds.flyer('flap')(style(c, c.ink, c.sky.lower), c.r);
  const baseX = c.r.range(c.W * 0.15, c.W * 0.75);
  const baseY = c.r.range(c.H * 0.12, c.horizon * 0.5);
  for (let i = 0; i < count; i++) {
    const sz = c.H * c.r.range(0.012, 0.022);
    c.d.add(place(c, f, baseX + i * c.W * 0.025 + c.r.range(-20, 20), baseY + c.r.range(-c.H * 0.05, c.H * 0.05), sz, false, 0.75));
  }
}

function water(c: Ctx, top: number, bottom: number, reflectLine?: Pt[], reflectColour?: string): void {
  const { d, W, sky, p } = c;
  const g = d.linear([
    { at: 0, color: mix(sky.horizon, p.water, 0.2) },
    { at: 0.4, color: mix(sky.lower, p.water, 0.45) },
    { at: 1, color: mix(p.water, c.near, 0.55) },
  ]);
  d.add(`<rect x="0" y="${n(top)}" width="${W}" height="${n(bottom - top)}" fill="${g}"/>`);
  if (reflectLine && reflectColour) {
    const mirrored = reflectLine.map(([x, y]) => [x, top + (top - y) * 0.8] as Pt);
    d.add(`<path d="${smoothPath(mirrored)}L${W + 20},${n(top)}L-20,${n(top)}Z" fill="${reflectColour}" opacity="0.45"/>`);
  }
  // The sun's path on the water and a few lines of shimmer.
  const [sx] = c.sun;
  let dashes = '';
  for (let i = 0; i < 16; i++) {
    const y = top + 4 + i * ((bottom - top) / 18) * (0.4 + i / 30);
    if (y > bottom) break;
    const w = c.W * (0.02 + i * 0.006) * c.r.range(0.6, 1.3);
    dashes += `<rect x="${n(sx - w / 2 + c.r.range(-10, 10))}" y="${n(y)}" width="${n(w)}" height="${n(1.5 + i * 0.25)}" rx="1"/>`;
  }
  d.add(`<g fill="${sky.sun}" opacity="${c.night ? 0.35 : 0.55}">${dashes}</g>`);
  let lines = '';
  for (let i = 0; i < 14; i++) {
    const y = c.r.range(top + 6, bottom);
    const w = c.r.range(W * 0.03, W * 0.14);
    lines += `<rect x="${n(c.r.range(0, W))}" y="${n(y)}" width="${n(w)}" height="1.6" rx="0.8"/>`;
  }
  d.add(`<g fill="${mix(sky.horizon, '#ffffff', 0.4)}" opacity="0.35">${lines}</g>`);
}

/** A plain floor: gradient ground from the horizon to the bottom edge. */
function plain(c: Ctx, top: number, colourFar: string, colourNear: string): void {
  const g = c.d.linear([
    { at: 0, color: colourFar },
    { at: 1, color: colourNear },
  ]);
  c.d.add(`<rect x="0" y="${n(top)}" width="${c.W}" height="${n(c.H - top)}" fill="${g}"/>`);
  // Faint strokes of grass texture.
  let strokes = '';
  for (let i = 0; i < 40; i++) {
    const t = c.r.next();
    const y = top + (c.H - top) * t * t;
    const w = c.W * c.r.range(0.02, 0.08) * (0.3 + t);
    strokes += `<rect x="${n(c.r.range(0, c.W))}" y="${n(y)}" width="${n(w)}" height="${n(1 + t * 2.5)}" rx="1"/>`;
  }
  c.d.add(`<g fill="${mix(colourNear, c.sky.glow, 0.35)}" opacity="0.25">${strokes}</g>`);
}

function scatterAcacias(c: Ctx, y: number, count: number, size: number, colour: string): void {
  for (let i = 0; i < count; i++) {
    const x = c.r.range(0, c.W);
    const t = props.acacia(colour, c.r.fork(`a${i}${y}`), 1);
    c.d.add(place(c, t, x, y + c.r.range(-c.H * 0.01, c.H * 0.01), c.H * size * c.r.range(0.7, 1.2), false));
  }
}

function foregroundTufts(c: Ctx, line: Pt[], colour: string, density = 30): void {
  let m = '';
  for (let i = 0; i < density; i++) {
    const t = c.r.next() * (line.length - 1);
    const a = line[Math.floor(t)]!;
    const b = line[Math.min(line.length - 1, Math.ceil(t))]!;
    const x = a[0] + (b[0] - a[0]) * (t - Math.floor(t));
    const y = a[1] + (b[1] - a[1]) * (t - Math.floor(t));
    m += `<g transform="translate(${n(x)} ${n(y + 2)}) scale(${n((c.H / 900) * c.r.range(1.2, 2.4))})">${props.grassTuft(colour, c.r.fork(`g${i}`))}</g>`;
  }
  c.d.add(m);
}

/** Dozens of small birds standing in the shallows (flamingos on the soda lakes), with reflections. */
function flock(c: Ctx, kind: 'flamingo' | 'pelican', y0: number, y1: number): void {
  const colour = kind === 'flamingo' ? mix('#ec8fa4', c.sky.horizon, 0.25) : mix('#ffffff', c.sky.horizon, 0.3);
  let birdsD = '';
  let refl = '';
  const count = c.r.int(40, 80);
  for (let i = 0; i < count; i++) {
    const t = c.r.next();
    const y = y0 + (y1 - y0) * t * t;
    const x = c.r.range(0, c.W);
    const s = (c.H / 900) * (1.2 + t * 2.2);
    const dir = c.r.chance(0.5) ? 1 : -1;
    birdsD += `M${n(x - 5 * s)},${n(y - 9 * s)}a${n(5 * s)},${n(3 * s)} 0 1 0 ${n(10 * s)},0a${n(5 * s)},${n(3 * s)} 0 1 0 ${n(-10 * s)},0Z`;
    birdsD += `M${n(x + dir * 3 * s)},${n(y - 10 * s)}q${n(dir * 4 * s)},${n(-6 * s)} ${n(dir * 1 * s)},${n(-12 * s)}l${n(dir * 3 * s)},${n(-1 * s)}q${n(dir * 3 * s)},${n(6 * s)} ${n(-dir * 1.6 * s)},${n(13 * s)}Z`;
    birdsD += `M${n(x - 0.6 * s)},${n(y - 7 * s)}h${n(1.2 * s)}v${n(7 * s)}h${n(-1.2 * s)}Z`;
    refl += `<rect x="${n(x - 5 * s)}" y="${n(y + 1)}" width="${n(10 * s)}" height="${n(2 * s)}" rx="1"/>`;
  }
  c.d.add(`<g fill="${colour}" opacity="0.5">${refl}</g><path d="${birdsD}" fill="${colour}"/>`);
}

/** A bank of land entering from one side and sloping down into the water. */
function shore(c: Ctx, fromLeft: boolean, y: number, width: number, colour: string): Pt[] {
  const { W, H } = c;
  const dir = fromLeft ? 1 : -1;
  const edge = fromLeft ? -20 : W + 20;
  const pts: Pt[] = [];
  const steps = 10;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = edge + dir * (width + 20) * t;
    const drop = t < 0.7 ? 0 : ((t - 0.7) / 0.3) ** 2 * H * 0.07;
    pts.push([x, y + Math.sin(t * 5 + c.r.range(0, 0.6)) * H * 0.008 + drop]);
  }
  const last = pts[pts.length - 1]!;
  c.d.add(`<path d="${smoothPath(pts)}L${n(last[0])},${n(H + 10)}L${n(edge)},${n(H + 10)}Z" fill="${colour}"/>`);
  return pts.slice(0, 8);
}

function vignette(c: Ctx): void {
  const { d, W, H } = c;
  const g = d.radial(
    [
      { at: 0.55, color: c.p.ink, opacity: 0 },
      { at: 1, color: c.p.ink, opacity: c.night ? 0.45 : 0.32 },
    ],
    W / 2,
    H * 0.45,
    W * 0.75,
  );
  d.add(`<rect width="${W}" height="${H}" fill="${g}"/>`);
}

// ---- subject ---------------------------------------------------------------------------------------

function subjectFigure(c: Ctx, key: SubjectKey, st: FigureStyle, r: Rng): Figure {
  const def = subjects[key];
  if (def.fig) return def.fig(st, r);
  switch (key) {
    case 'trekkers':
      return props.trekkers(st.ink, r);
    case 'vehicle':
      return props.vehicle(st.ink, r);
    case 'canoe':
      return props.canoe(st.ink, r);
    case 'launch':
      return props.launch(st.ink, r);
    case 'raft':
      return props.raft(st.ink, r);
    case 'balloon':
      return props.balloon({ ...st, accent: c.p.accent });
    case 'huts':
      return props.huts(st.ink, r);
    case 'lodge':
      return props.lodge(st.ink, r);
    case 'tents':
      return props.tents(st.ink, r);
    case 'dhow':
      return props.dhow(st.ink, r);
    default:
      throw new Error(`no drawing for subject ${key}`);
  }
}

/** A big cat lying along the low limb of a spreading fig (the tree-climbing lions of Ishasha). */
function catInTree(c: Ctx, key: SubjectKey, groundY: number): void {
  const s = c.H / 900;
  const dir = c.side < 0 ? 1 : -1;
  const baseX = c.side < 0 ? c.W * c.r.range(0.12, 0.2) : c.W * c.r.range(0.8, 0.88);
  const X = (x: number) => baseX + dir * x * s;
  const Y = (y: number) => groundY + y * s;
  const P = (x: number, y: number): Pt => [X(x), Y(y)];
  const ink = c.ink;
  // Trunk and limbs.
  let d = closedPath([P(-50, 12), P(-34, -120), P(-30, -260), P(-44, -330), P(30, -340), P(28, -250), P(36, -110), P(56, 12)]);
  const limbY = -300;
  d += limb([P(0, limbY - 10), P(200, limbY - 30), P(420, limbY - 20), P(600, limbY - 56)], [56 * s, 40 * s, 28 * s, 12 * s]);
  d += limb([P(-10, -320), P(-90, -430), P(-150, -520)], [40 * s, 26 * s, 12 * s]);
  d += limb([P(10, -330), P(60, -450), P(40, -560)], [38 * s, 24 * s, 12 * s]);
  d += limb([P(120, limbY - 30), P(230, -420), P(330, -500)], [26 * s, 18 * s, 8 * s]);
  d += limb([P(420, limbY - 22), P(500, -380), P(560, -430)], [16 * s, 10 * s, 6 * s]);
  c.d.add(`<path d="${d}" fill="${ink}"/>`);
  // A broad crown in overlapping, flattened clumps.
  let crown = '';
  for (let i = 0; i < 22; i++) {
    const t = c.r.next();
    const x = -260 + t * 900;
    const y = -520 - Math.sin(t * Math.PI) * 90 + c.r.range(-40, 40);
    crown += `<ellipse cx="${n(X(x))}" cy="${n(Y(y))}" rx="${n(c.r.range(70, 140) * s)}" ry="${n(c.r.range(30, 55) * s)}"/>`;
  }
  c.d.add(`<g fill="${ink}">${crown}</g>`);
  // The cat, draped along the limb with its legs and tail hanging.
  const st = style(c, ink, c.mid);
  const cx = 330;
  const cy = limbY - 34;
  const Q = (x: number, y: number): Pt => P(cx + x, cy + y);
  let cat = closedPath([Q(-100, -4), Q(-80, -28), Q(-30, -36), Q(30, -32), Q(70, -40), Q(92, -32), Q(98, -14), Q(70, -2), Q(0, 2), Q(-80, 4)]);
  cat += limb([Q(78, -6), Q(86, 32), Q(84, 66)], [16 * s, 12 * s, 11 * s]);
  cat += limb([Q(-70, 0), Q(-64, 38), Q(-70, 72)], [18 * s, 13 * s, 11 * s]);
  cat += curveLimb([Q(-98, -2), Q(-128, 40), Q(-118, 112)], 7 * s, 5 * s);
  cat += closedPath([Q(92, -56), Q(112, -62), Q(132, -52), Q(142, -38), Q(134, -28), Q(112, -24), Q(96, -32)]);
  const ear = `<circle cx="${n(X(cx + 104))}" cy="${n(Y(cy - 60))}" r="${n(7 * s)}" fill="${st.ink}"/>`;
  const mane = key === 'lion' ? fill(closedPath([Q(70, -66), Q(96, -74), Q(112, -62), Q(106, -20), Q(84, -6), Q(66, -24)]), st.ink) : '';
  const tuft = key === 'leopard' ? '' : `<ellipse cx="${n(X(cx - 118))}" cy="${n(Y(cy + 116))}" rx="${n(5 * s)}" ry="${n(9 * s)}" fill="${st.ink}"/>`;
  c.d.add(rimLit(c, `<path d="${cat}" fill="${st.ink}"/>${mane}${ear}${tuft}`, X(cx)));
}

function subjectLayer(c: Ctx, groundY: number, behind: string): void {
  const key = c.spec.subject;
  if (!key) return;
  if (c.spec.inTree && (key === 'lion' || key === 'lioness' || key === 'leopard')) {
    catInTree(c, key, groundY);
    return;
  }
  const def = subjects[key];
  const accent = c.spec.accent ?? SPECIES_ACCENT[key];
  const tint = BODY_TINT[key];
  const st = style(c, tint ? mix(c.ink, tint, c.night ? 0.2 : 0.45) : c.ink, behind, accent);
  // Boats and swimmers on a river keep to the channel, which runs down the middle of the picture.
  const midstream = c.spec.scene === 'river' && ON_WATER.has(key);
  const cx = c.W * (midstream ? c.r.range(0.44, 0.56) : c.side < 0 ? c.r.range(0.26, 0.36) : c.r.range(0.64, 0.74));
  const mirror = c.side > 0;
  const family = FAMILY[key];
  const height = c.H * def.height * c.r.range(0.92, 1.1);

  if (PERCHERS.has(key) || TREE_DWELLERS.has(key)) {
    // A big branch enters from the near edge and carries the bird or monkey.
    const edge = c.side < 0 ? -20 : c.W + 20;
    const by = c.H * c.r.range(0.6, 0.7);
    const thick = c.H * 0.028;
    const tipX = cx + (c.side < 0 ? 1 : -1) * c.W * 0.12;
    c.d.add(
      `<path d="M${n(edge)},${n(by - thick)}Q${n((edge + cx) / 2)},${n(by - thick * 1.6)} ${n(tipX)},${n(by - thick * 0.2)}L${n(tipX)},${n(by + thick * 0.1)}Q${n((edge + cx) / 2)},${n(by + thick * 0.6)} ${n(edge)},${n(by + thick * 1.4)}Z" fill="${c.ink}"/>`,
    );
    let leaves = '';
    for (let i = 0; i < 9; i++) {
      const lx = edge + (tipX - edge) * c.r.range(0.05, 1);
      const ly = by + c.r.range(-thick * 1.5, thick * 1.2);
      const len = c.H * c.r.range(0.04, 0.08);
      const a = c.r.range(-2.6, -0.5) * (c.r.chance(0.5) ? 1 : -1);
      leaves += `<ellipse cx="${n(lx + Math.cos(a) * len * 0.5)}" cy="${n(ly + Math.sin(a) * len * 0.5)}" rx="${n(len * 0.5)}" ry="${n(len * 0.18)}" transform="rotate(${n((a * 180) / Math.PI)} ${n(lx + Math.cos(a) * len * 0.5)} ${n(ly + Math.sin(a) * len * 0.5)})"/>`;
    }
    c.d.add(`<g fill="${c.ink}">${leaves}</g>`);
    const f = subjectFigure(c, key, st, c.r.fork('subject'));
    const groundOffset = TREE_DWELLERS.has(key) ? (44 / f.h) * height : 0;
    c.d.add(place(c, f, cx, by - thick * 0.6 + groundOffset, height, mirror));
    return;
  }

  const onWater = ON_WATER.has(key);
  const f = subjectFigure(c, key, st, c.r.fork('subject'));
  if (family && c.spec.group) {
    // A family group: smaller apes close beside the main one, on the same ground.
    const count = c.r.int(1, 2);
    for (let i = 0; i < count; i++) {
      const dx = (i === 0 ? -1 : 1) * c.side * c.W * c.r.range(0.13, 0.2);
      const young = c.r.pick(family)(style(c, mix(c.ink, behind, 0.12), behind), c.r.fork(`y${i}`));
      c.d.add(place(c, young, cx + dx, groundY + c.H * c.r.range(-0.02, 0.005), height * c.r.range(0.45, 0.65), c.r.chance(0.5)));
    }
  }
  // Herds spread over open ground; on water only waders and swimmers gather, and apes come as families.
  const open = ['savanna', 'crater', 'mountain', 'village'].includes(c.spec.scene) || WADERS.has(key);
  if (!family && open && def.herd > 0 && (c.spec.group || c.r.chance(def.herd * 0.6))) {
    // Companions further back, smaller and paler.
    const count = c.spec.group ? c.r.int(4, 7) : c.r.int(1, 3);
    for (let i = 0; i < count; i++) {
      const depth = c.r.range(0.35, 0.75);
      const gy = c.horizon + (groundY - c.horizon) * depth;
      let gx = c.r.range(c.W * 0.05, c.W * 0.95);
      // Keep companions clear of the main subject.
      if (Math.abs(gx - cx) < c.W * 0.14) gx = cx + (gx < cx ? -1 : 1) * c.W * c.r.range(0.15, 0.3);
      const companion = subjectFigure(c, key, style(c, mix(c.ink, behind, 0.35 - depth * 0.3), behind, accent), c.r.fork(`c${i}`));
      c.d.add(place(c, companion, gx, gy, height * depth * 0.8, c.r.chance(0.5)));
    }
  }
  c.d.add(rimLit(c, place(c, f, cx, onWater ? groundY - c.H * 0.01 : groundY, height, mirror), cx));
}

/**
 * Edge light on the side of a figure that faces the sun: the figure's shape minus a copy of itself
 * shifted away from the light leaves a thin crescent, filled with the glow colour.
 */
function rimLit(c: Ctx, markup: string, x: number): string {
  const k = c.H * (c.time === 'morning' ? 0.0035 : 0.005);
  const dx = c.sun[0] < x ? k : -k;
  const id = c.d.def(
    'f',
    (fid) =>
      `<filter id="${fid}" x="-5%" y="-5%" width="110%" height="110%" color-interpolation-filters="sRGB">` +
      `<feOffset in="SourceAlpha" dx="${n(dx)}" dy="${n(k * 0.7)}" result="shifted"/>` +
      `<feComposite in="SourceAlpha" in2="shifted" operator="out" result="edge"/>` +
      `<feFlood flood-color="${c.sky.glow}" flood-opacity="${c.night ? 0.45 : 0.8}"/>` +
      `<feComposite in2="edge" operator="in" result="rim"/>` +
      `<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="rim"/></feMerge></filter>`,
  );
  return `<g filter="url(#${id})">${markup}</g>`;
}

// ---- scenes ----------------------------------------------------------------------------------------

function savanna(c: Ctx): void {
  const { d, W, H } = c;
  const farLine = ridge(c, c.horizon, H * c.r.range(0.03, 0.09), { freq: 0.8 });
  d.add(`<path d="${ridgeShape(farLine, H)}" fill="${c.far}"/>`);
  mist(c, c.horizon, H * 0.08, c.sky.horizon, 0.7);
  plain(c, c.horizon, mix(aerial(c.p.grass, c.sky.horizon, 0.45), c.far2, 0.2), mix(c.p.grass, c.near, 0.55));
  scatterAcacias(c, c.horizon + H * 0.01, c.r.int(3, 7), 0.05, c.far2);
  scatterAcacias(c, c.horizon + H * 0.06, c.r.int(1, 3), 0.12, c.mid);
  if (c.spec.subject !== 'balloon' && c.r.chance(0.5)) flyingBirds(c, c.r.int(3, 6));
  const groundY = H * c.r.range(0.81, 0.85);
  const fore = ridge(c, groundY + H * 0.02, H * 0.05, { freq: 0.6 });
  subjectLayer(c, groundY, c.mid);
  d.add(`<path d="${ridgeShape(fore, H + 10)}" fill="${c.near}"/>`);
  // A big acacia framing the side away from the subject.
  const tx = c.side < 0 ? W * c.r.range(0.8, 0.95) : W * c.r.range(0.05, 0.2);
  const dry = c.p.country === 'tanzania' || c.p.country === 'kenya';
  const tree = dry && c.r.chance(0.3) ? props.baobab(c.ink, c.r.fork('tree')) : props.acacia(c.ink, c.r.fork('tree'), 1);
  d.add(place(c, tree, tx, groundY + H * 0.03, H * c.r.range(0.42, 0.55), c.side > 0));
  foregroundTufts(c, fore, c.ink, 26);
}

function volcano(c: Ctx): void {
  const { d, W, H } = c;
  const base = c.horizon;
  const count = c.r.int(2, 3);
  // Back cones first: paler and smaller; the front cone is the tallest and darkest.
  const cones = Array.from({ length: count }, (_, i) => ({
    cx: W * (0.12 + 0.76 * ((i + c.r.range(0.2, 0.8)) / count)),
    depth: i === 0 ? 1 : c.r.range(0, 0.6),
  })).sort((a, b) => a.depth - b.depth);
  for (const cone of cones) {
    const { cx, depth } = cone;
    const h = H * (0.22 + depth * 0.16) * c.r.range(0.9, 1.1);
    const w = W * (0.22 + depth * 0.14);
    const lip = w * 0.07;
    const colour = mix(aerial(c.p.far, c.sky.horizon, 0.5 - depth * 0.25), c.ink, depth * 0.12);
    const top = base - h;
    const shape =
      `M${n(cx - w)},${n(base + 10)}C${n(cx - w * 0.55)},${n(base - h * 0.12)} ${n(cx - w * 0.22)},${n(top + h * 0.28)} ${n(cx - lip * 1.4)},${n(top + 2)}` +
      `Q${n(cx - lip)},${n(top - 3)} ${n(cx - lip * 0.6)},${n(top)}Q${n(cx)},${n(top + lip * 0.35)} ${n(cx + lip * 0.6)},${n(top)}Q${n(cx + lip)},${n(top - 3)} ${n(cx + lip * 1.4)},${n(top + 2)}` +
      `C${n(cx + w * 0.22)},${n(top + h * 0.28)} ${n(cx + w * 0.55)},${n(base - h * 0.12)} ${n(cx + w)},${n(base + 10)}Z`;
    d.add(`<path d="${shape}" fill="${colour}"/>`);
    // Light on the flank facing the sun, and ravines down the slopes.
    const lit = c.sun[0] < cx ? -1 : 1;
    const clip = d.def('c', (id) => `<clipPath id="${id}"><path d="${shape}"/></clipPath>`);
    d.add(`<rect x="${n(lit < 0 ? cx - w : cx)}" y="${n(top)}" width="${n(w)}" height="${n(h + 10)}" fill="${c.sky.glow}" opacity="0.1" clip-path="url(#${clip})"/>`);
    let ravines = '';
    for (let k = 0; k < 7; k++) {
      const t = (k - 3) / 3;
      ravines += `M${n(cx + t * lip)},${n(top + 6)}Q${n(cx + t * w * 0.35)},${n(top + h * 0.5)} ${n(cx + t * w * 0.8)},${n(base + 10)}`;
    }
    d.add(`<path d="${ravines}" stroke="${mix(colour, c.ink, 0.2)}" stroke-width="${n(H * 0.003)}" fill="none" opacity="0.35" clip-path="url(#${clip})"/>`);
    if (c.p.country === 'democratic-republic-of-congo' && depth === 1) {
      // Nyiragongo's lava lake lights its plume.
      d.add(
        `<ellipse cx="${n(cx)}" cy="${n(top - H * 0.01)}" rx="${n(W * 0.05)}" ry="${n(H * 0.03)}" fill="${d.radial(
          [
            { at: 0, color: '#ff8a3a', opacity: 0.85 },
            { at: 1, color: '#ff5a1a', opacity: 0 },
          ],
          cx,
          top,
          W * 0.06,
        )}"/>`,
      );
      for (let k = 0; k < 5; k++)
        d.add(
          `<ellipse cx="${op(cx + k * W * 0.02 + c.r.range(-10, 10))}" cy="${n(top - H * (0.05 + k * 0.045))}" rx="${n(W * (0.03 + k * 0.012))}" ry="${n(H * (0.025 + k * 0.006))}" fill="${mix(c.sky.cloud, '#ff9a6a', 0.3 - k * 0.05)}" opacity="${n(0.5 - k * 0.07)}"/>`,
        );
    }
    if (depth < 1) mist(c, base - h * 0.3, H * 0.06, c.sky.horizon, 0.35);
  }
  mist(c, base - H * 0.08, H * 0.1, c.sky.horizon, 0.6);
  d.add(`<path d="${canopy(c, base + H * 0.06, H * 0.08, W * 0.02)}" fill="${c.mid}"/>`);
  mist(c, base + H * 0.1, H * 0.08, c.sky.horizon, 0.45);
  const groundY = H * c.r.range(0.82, 0.86);
  const fore = ridge(c, groundY + H * 0.02, H * 0.05, { freq: 0.7 });
  subjectLayer(c, groundY, c.mid);
  d.add(`<path d="${ridgeShape(fore, H + 10)}" fill="${c.near}"/>`);
  const bx = c.side < 0 ? W * c.r.range(0.82, 0.96) : W * c.r.range(0.04, 0.18);
  d.add(place(c, props.bamboo(c.ink, c.r.fork('bamboo')), bx, groundY + H * 0.06, H * c.r.range(0.55, 0.75), false));
  foregroundTufts(c, fore, c.ink, 22);
}

function rainforest(c: Ctx): void {
  const { d, W, H } = c;
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = H * (0.38 + t * 0.28);
    const colour = mix(mix(c.far, c.p.foliage, 0.35), mix(c.near, c.p.foliage, 0.3), t);
    d.add(`<path d="${canopy(c, base, H * 0.1, W * (0.022 + t * 0.02))}" fill="${colour}"/>`);
    if (i === 1 || i === 2) {
      // Emergent trees standing above the canopy.
      for (let k = 0; k < c.r.int(1, 3); k++) d.add(place(c, props.forestTree(colour, c.r.fork(`e${i}${k}`)), c.r.range(0, W), base, H * (0.28 + t * 0.2), false));
    }
    mist(c, base + H * 0.03, H * 0.1, mix(c.sky.horizon, '#ffffff', 0.2), 0.55 - t * 0.2);
  }
  // Shafts of light through the canopy.
  const [sx] = c.sun;
  for (let i = 0; i < 4; i++) {
    const x = sx + c.r.range(-W * 0.2, W * 0.2);
    const w = W * c.r.range(0.015, 0.04);
    const g = d.linear([
      { at: 0, color: c.sky.glow, opacity: 0.35 },
      { at: 1, color: c.sky.glow, opacity: 0 },
    ]);
    d.add(`<path d="M${n(x)},0L${n(x + w)},0L${n(x + w + W * 0.12)},${n(H * 0.85)}L${n(x + W * 0.1)},${n(H * 0.85)}Z" fill="${g}"/>`);
  }
  const groundY = H * c.r.range(0.82, 0.86);
  const fore = ridge(c, groundY + H * 0.02, H * 0.04, { freq: 0.7 });
  subjectLayer(c, groundY, mix(c.mid, c.p.foliage, 0.3));
  d.add(`<path d="${ridgeShape(fore, H + 10)}" fill="${c.near}"/>`);
  framingLeaves(c);
}

/** Big leaves and fern fronds reaching in from the lower corners. */
function framingLeaves(c: Ctx): void {
  const { W, H } = c;
  let m = '';
  for (const corner of [0, 1]) {
    const bx = corner === 0 ? -W * 0.02 : W * 1.02;
    const dir = corner === 0 ? 1 : -1;
    const count = c.r.int(4, 7);
    for (let i = 0; i < count; i++) {
      const len = H * c.r.range(0.16, 0.3);
      const a = ((c.r.range(-80, -10) * Math.PI) / 180) * 1;
      const ex = bx + dir * Math.cos(a) * len;
      const ey = H + Math.sin(a) * len + H * c.r.range(-0.02, 0.06);
      const wdt = len * c.r.range(0.14, 0.22);
      const mx = (bx + ex) / 2;
      const my = (H + ey) / 2;
      const nx = -(ey - H) / len;
      const ny = (ex - bx) / len;
      m += `<path d="M${n(bx)},${n(H)}Q${n(mx + nx * wdt)},${n(my + ny * wdt)} ${n(ex)},${n(ey)}Q${n(mx - nx * wdt)},${n(my - ny * wdt)} ${n(bx)},${n(H)}Z"/>`;
    }
  }
  c.d.add(`<g fill="${c.ink}">${m}</g>`);
}

function lake(c: Ctx, terraces = false): void {
  const { d, W, H } = c;
  const farLine = ridge(c, c.horizon, H * c.r.range(0.08, 0.16), { freq: 1.3 });
  d.add(`<path d="${ridgeShape(farLine, c.horizon + 4)}" fill="${c.far}"/>`);
  mist(c, c.horizon - H * 0.02, H * 0.06, c.sky.horizon, 0.5);
  water(c, c.horizon, H, farLine, c.far);
  // Islands and the near shore of hills.
  for (let i = 0; i < c.r.int(1, 3); i++) {
    const ix = c.r.range(W * 0.1, W * 0.9);
    const iy = c.horizon + H * c.r.range(0.03, 0.1);
    const iw = W * c.r.range(0.05, 0.12);
    const ih = H * c.r.range(0.02, 0.05);
    d.add(
      `<path d="${closedPath([
        [ix - iw, iy],
        [ix - iw * 0.4, iy - ih],
        [ix + iw * 0.2, iy - ih * 1.1],
        [ix + iw, iy],
        [ix, iy + ih * 0.15],
      ])}" fill="${c.mid}"/>`,
    );
    d.add(`<ellipse cx="${n(ix)}" cy="${n(iy + ih * 0.3)}" rx="${n(iw)}" ry="${n(ih * 0.6)}" fill="${c.mid}" opacity="0.35"/>`);
  }
  const sideHill = c.side < 0 ? 1 : -1;
  const hx = sideHill > 0 ? W + 20 : -20;
  const reach = W * c.r.range(0.4, 0.55);
  const peak = c.horizon - H * c.r.range(0.1, 0.17);
  const crest = c.r.range(0.15, 0.35);
  const hillPts: Pt[] = [];
  for (let i = 0; i <= 14; i++) {
    const t = i / 14;
    // Rises from the frame edge to a crest, then rolls down to the water.
    const rise = t < crest ? 0.8 + 0.2 * Math.sin((t / crest) * (Math.PI / 2)) : 0.5 + 0.5 * Math.cos((Math.PI * (t - crest)) / (1 - crest));
    hillPts.push([hx - sideHill * reach * t, c.horizon + 1 - (c.horizon + 1 - peak) * rise + Math.sin(t * 11) * H * 0.005]);
  }
  const hill = `${smoothPath(hillPts)}L${n(hx)},${n(c.horizon + 1)}Z`;
  d.add(`<path d="${hill}" fill="${c.mid}"/>`);
  // Its reflection.
  d.add(`<path d="${smoothPath(hillPts.map(([x, y]) => [x, 2 * c.horizon - y] as Pt))}L${n(hx)},${n(c.horizon)}Z" fill="${c.mid}" opacity="0.3"/>`);
  rimLight(c, hillPts.slice(0, 10), 0.3);
  if (terraces) {
    const clip = d.def('c', (id) => `<clipPath id="${id}"><path d="${hill}"/></clipPath>`);
    let t = '';
    for (let i = 0; i < 14; i++) {
      const y = c.horizon - H * 0.1 + i * H * 0.018;
      t += `M${n(hx - sideHill * reach * 1.1)},${n(y + H * 0.05)}Q${n(hx - sideHill * reach * 0.45)},${n(y - H * 0.01)} ${n(hx)},${n(y)}`;
    }
    d.add(`<path d="${t}" stroke="${mix(c.mid, c.sky.glow, 0.35)}" stroke-width="${n(H * 0.0035)}" fill="none" clip-path="url(#${clip})" opacity="0.7"/>`);
  }
  const groundY = H * c.r.range(0.81, 0.85);
  if (c.spec.subject === 'flamingo' || c.spec.subject === 'pelican') flock(c, c.spec.subject, c.horizon + H * 0.07, c.horizon + H * 0.2);
  waterside(c, groundY, H * c.r.range(0.72, 0.78), terraces ? props.banana : props.papyrus, H * c.r.range(0.25, 0.35));
}

/**
 * The subject by the water. Swimmers, waders and perching birds are out on the water with a bank
 * on the other side; land animals stand on a bank of their own that reaches past them.
 */
function waterside(c: Ctx, groundY: number, waterY: number, plant: props.PropFn, plantHeight: number): void {
  const { W, H } = c;
  const key = c.spec.subject;
  const wet = !key || ON_WATER.has(key) || WET.has(key) || PERCHERS.has(key) || TREE_DWELLERS.has(key);
  const fromLeft = wet ? c.side > 0 : c.side < 0;
  if (wet) subjectLayer(c, key && ON_WATER.has(key) ? waterY : groundY, c.mid);
  if (!wet || !key || c.r.chance(0.7)) {
    const bank = shore(c, fromLeft, groundY + H * 0.02, W * (wet ? c.r.range(0.28, 0.4) : c.r.range(0.5, 0.6)), c.near);
    if (!wet) subjectLayer(c, groundY + H * 0.01, c.mid);
    const px = fromLeft ? W * c.r.range(0.04, 0.12) : W * c.r.range(0.88, 0.96);
    c.d.add(place(c, plant(c.ink, c.r.fork('shore')), px, groundY + H * 0.05, plantHeight, false));
    foregroundTufts(c, bank, c.ink, 10);
  }
}

function mountain(c: Ctx): void {
  const { d, W, H } = c;
  const cx = W * c.r.range(0.35, 0.65);
  const base = c.horizon;
  const h = H * c.r.range(0.34, 0.44);
  const w = W * c.r.range(0.45, 0.6);
  const flat = c.p.country === 'tanzania' || c.p.country === 'kenya' ? w * 0.22 : 0;
  const peak = flat
    ? `M${n(cx - w)},${n(base + 10)}C${n(cx - w * 0.6)},${n(base - h * 0.3)} ${n(cx - flat * 1.6)},${n(base - h * 0.95)} ${n(cx - flat)},${n(base - h)}L${n(cx + flat)},${n(base - h * 0.99)}C${n(cx + flat * 1.6)},${n(base - h * 0.95)} ${n(cx + w * 0.6)},${n(base - h * 0.3)} ${n(cx + w)},${n(base + 10)}Z`
    : `M${n(cx - w)},${n(base + 10)}L${n(cx - w * 0.35)},${n(base - h * 0.55)}L${n(cx - w * 0.2)},${n(base - h * 0.7)}L${n(cx - w * 0.08)},${n(base - h)}L${n(cx + w * 0.04)},${n(base - h * 0.82)}L${n(cx + w * 0.14)},${n(base - h * 0.92)}L${n(cx + w * 0.4)},${n(base - h * 0.4)}L${n(cx + w)},${n(base + 10)}Z`;
  d.add(`<path d="${peak}" fill="${mix(c.far, c.sky.horizon, 0.15)}"/>`);
  // Snowfields on the summit.
  const clip = d.def('c', (id) => `<clipPath id="${id}"><path d="${peak}"/></clipPath>`);
  const snowLine = base - h * (flat ? 0.8 : 0.72);
  let snow = `M${n(cx - w)},${n(snowLine)}`;
  for (let i = 0; i <= 16; i++) snow += `L${n(cx - w + (2 * w * i) / 16)},${n(snowLine + (i % 2 ? H * 0.025 : -H * 0.01) + c.r.range(-6, 6))}`;
  snow += `L${n(cx + w)},${n(base - h * 1.2)}L${n(cx - w)},${n(base - h * 1.2)}Z`;
  d.add(`<path d="${snow}" fill="${mix('#ffffff', c.sky.horizon, 0.25)}" clip-path="url(#${clip})" opacity="0.92"/>`);
  mist(c, base - h * 0.35, H * 0.08, c.sky.horizon, 0.5);
  mist(c, base - H * 0.01, H * 0.08, c.sky.horizon, 0.7);
  plain(c, base, mix(aerial(c.p.grass, c.sky.horizon, 0.45), c.far2, 0.25), mix(c.p.grass, c.near, 0.55));
  scatterAcacias(c, base + H * 0.02, c.r.int(3, 6), 0.06, c.far2);
  const groundY = H * c.r.range(0.81, 0.85);
  const fore = ridge(c, groundY + H * 0.02, H * 0.04, { freq: 0.7 });
  subjectLayer(c, groundY, c.mid);
  d.add(`<path d="${ridgeShape(fore, H + 10)}" fill="${c.near}"/>`);
  foregroundTufts(c, fore, c.ink, 24);
}

function waterfall(c: Ctx): void {
  const { d, W, H } = c;
  const farLine = ridge(c, c.horizon, H * 0.06, { freq: 1 });
  d.add(`<path d="${ridgeShape(farLine, H)}" fill="${c.far}"/>`);
  mist(c, c.horizon, H * 0.06, c.sky.horizon, 0.5);
  const top = H * c.r.range(0.3, 0.36);
  const pool = H * c.r.range(0.66, 0.7);
  const gap = W * c.r.range(0.44, 0.56);
  const gw = W * c.r.range(0.028, 0.04);
  const rock = mix(mix(c.mid, c.far, 0.3), c.ink, 0.25);
  // The escarpment: a wall of rock from its forested lip down to the plunge pool.
  const lip = ridge(c, top, H * 0.04, { freq: 1.1 });
  const face = ridgeShape(lip, pool + 4);
  d.add(
    `<path d="${face}" fill="${d.linear([
      { at: 0, color: mix(rock, c.sky.glow, 0.12) },
      { at: 1, color: mix(rock, c.ink, 0.3) },
    ])}"/>`,
  );
  const clip = d.def('c', (id) => `<clipPath id="${id}"><path d="${face}"/></clipPath>`);
  let cracks = '';
  for (let i = 0; i < 60; i++) {
    const x = c.r.range(0, W);
    const y = c.r.range(top, pool - H * 0.05);
    cracks += `M${n(x)},${n(y)}l${n(c.r.range(-4, 4))},${n(H * c.r.range(0.03, 0.12))}`;
  }
  d.add(`<path d="${cracks}" stroke="${mix(rock, c.ink, 0.35)}" stroke-width="${n(W * 0.0025)}" stroke-linecap="round" opacity="0.55" clip-path="url(#${clip})"/>`);
  d.add(
    `<path d="${canopy(c, top + H * 0.01, H * 0.035, W * 0.016)}" fill="${mix(c.mid, c.p.foliage, 0.45)}" clip-path="url(#${d.def('c', (id) => `<clipPath id="${id}"><rect width="${W}" height="${n(top + H * 0.045)}"/></clipPath>`)})"/>`,
  );
  // The recess the river has cut, and the falls inside it.
  const lipY = top + H * 0.03;
  d.add(
    `<path d="M${n(gap - gw * 1.6)},${n(lipY)}Q${n(gap)},${n(lipY - H * 0.012)} ${n(gap + gw * 1.6)},${n(lipY)}L${n(gap + gw * 2.8)},${n(pool)}L${n(gap - gw * 2.8)},${n(pool)}Z" fill="${mix(rock, c.ink, 0.45)}"/>`,
  );
  const fg = d.linear([
    { at: 0, color: mix('#ffffff', c.sky.horizon, 0.1) },
    { at: 0.7, color: mix('#ffffff', c.p.water, 0.22) },
    { at: 1, color: '#ffffff' },
  ]);
  d.add(
    `<path d="M${n(gap - gw)},${n(lipY + 2)}Q${n(gap)},${n(lipY - H * 0.01)} ${n(gap + gw)},${n(lipY + 2)}C${n(gap + gw * 1.1)},${n(lipY + H * 0.12)} ${n(gap + gw * 1.5)},${n(pool - H * 0.12)} ${n(gap + gw * 2)},${n(pool)}L${n(gap - gw * 2)},${n(pool)}C${n(gap - gw * 1.5)},${n(pool - H * 0.12)} ${n(gap - gw * 1.1)},${n(lipY + H * 0.12)} ${n(gap - gw)},${n(lipY + 2)}Z" fill="${fg}"/>`,
  );
  let streaks = '';
  for (let i = 0; i < 10; i++) {
    const t = (i + 0.5) / 10 - 0.5;
    streaks += `M${n(gap + t * gw * 1.8)},${n(lipY + H * 0.02 + c.r.range(0, 20))}L${n(gap + t * gw * 3.6)},${n(pool - c.r.range(10, 60))}`;
  }
  d.add(`<path d="${streaks}" stroke="${mix(c.p.water, c.sky.horizon, 0.3)}" stroke-width="${n(W * 0.002)}" opacity="0.45"/>`);
  // Thinner cascades spilling down the face beside the main falls.
  for (const side of [-1, 1]) {
    if (!c.r.chance(0.7)) continue;
    const x = gap + side * gw * c.r.range(4, 7);
    const y0 = lipY + c.r.range(0, H * 0.05);
    const w0 = gw * 0.22;
    const w1 = gw * 0.5;
    d.add(
      `<path d="M${n(x - w0)},${n(y0)}C${n(x - w0)},${n(y0 + H * 0.1)} ${n(x + side * 6 - w1)},${n(pool - H * 0.1)} ${n(x + side * 8 - w1)},${n(pool)}L${n(x + side * 8 + w1)},${n(pool)}C${n(x + side * 6 + w1)},${n(pool - H * 0.1)} ${n(x + w0)},${n(y0 + H * 0.1)} ${n(x + w0)},${n(y0)}Z" fill="#ffffff" opacity="0.75"/>`,
    );
  }
  water(c, pool, H);
  let boulders = '';
  for (let i = 0; i < 8; i++) {
    const side = i % 2 ? 1 : -1;
    const bx = gap + side * gw * c.r.range(2.2, 8);
    const r = H * c.r.range(0.012, 0.03);
    boulders += `<ellipse cx="${n(bx)}" cy="${n(pool + r * 0.3)}" rx="${n(r * 1.6)}" ry="${n(r)}"/>`;
  }
  d.add(`<g fill="${mix(rock, c.ink, 0.4)}">${boulders}</g>`);
  const spray = d.radial(
    [
      { at: 0, color: '#ffffff', opacity: 0.85 },
      { at: 1, color: '#ffffff', opacity: 0 },
    ],
    gap,
    pool,
    W * 0.18,
  );
  d.add(`<ellipse cx="${n(gap)}" cy="${n(pool - H * 0.01)}" rx="${n(W * 0.19)}" ry="${n(H * 0.11)}" fill="${spray}"/>`);
  for (let i = 0; i < 6; i++)
    d.add(
      `<ellipse cx="${n(gap + c.r.range(-W * 0.07, W * 0.07))}" cy="${n(pool - c.r.range(H * 0.03, H * 0.18))}" rx="${n(W * c.r.range(0.03, 0.07))}" ry="${n(H * c.r.range(0.02, 0.045))}" fill="#ffffff" opacity="${op(c.r.range(0.12, 0.3))}"/>`,
    );
  waterside(c, H * 0.85, H * 0.82, props.euphorbia, H * 0.3);
}

function crater(c: Ctx): void {
  const { d, W, H } = c;
  // The far wall of the caldera: a long, even rim, forested along its lip, falling to the floor.
  const rimTop = c.horizon - H * c.r.range(0.19, 0.25);
  const rim = ridge(c, rimTop, H * 0.05, { freq: 0.45, rough: 0.04 });
  const wall = ridgeShape(rim, c.horizon + 10);
  const wallColour = aerial(mix(c.p.foliage, c.p.far, 0.55), c.sky.horizon, 0.4);
  d.add(`<path d="${wall}" fill="${wallColour}"/>`);
  d.add(
    `<path d="${canopy(c, rimTop - H * 0.005, H * 0.035, W * 0.008)}" fill="${mix(wallColour, c.p.foliage, 0.3)}" clip-path="url(#${d.def('c', (id) => `<clipPath id="${id}"><rect width="${W}" height="${n(rimTop + H * 0.01)}"/></clipPath>`)})"/>`,
  );
  rimLight(c, rim, 0.35);
  mist(c, rimTop + H * 0.07, H * 0.07, c.sky.horizon, 0.35);
  // Lower shoulders of the wall, nearer and greener, forested along their crests.
  const shoulderTop = rimTop + H * c.r.range(0.08, 0.11);
  const shoulderColour = aerial(mix(c.p.foliage, c.p.mid, 0.4), c.sky.horizon, 0.3);
  d.add(`<path d="${canopy(c, shoulderTop, H * 0.06, W * 0.012)}" fill="${shoulderColour}"/>`);
  mist(c, c.horizon - H * 0.03, H * 0.08, c.sky.horizon, 0.55);
  plain(c, c.horizon, mix(aerial(c.p.grass, c.sky.horizon, 0.4), c.far2, 0.2), mix(c.p.grass, c.near, 0.5));
  const lx = W * c.r.range(0.3, 0.7);
  d.add(`<ellipse cx="${n(lx)}" cy="${n(c.horizon + H * 0.04)}" rx="${n(W * c.r.range(0.12, 0.2))}" ry="${n(H * 0.018)}" fill="${mix(c.sky.horizon, c.p.water, 0.45)}"/>`);
  let dots = '';
  for (let i = 0; i < 30; i++) dots += `<ellipse cx="${n(c.r.range(0, W))}" cy="${n(c.horizon + H * c.r.range(0.02, 0.12))}" rx="${n(c.r.range(2, 4))}" ry="1.6"/>`;
  d.add(`<g fill="${c.far2}">${dots}</g>`);
  const groundY = H * c.r.range(0.81, 0.85);
  const fore = ridge(c, groundY + H * 0.02, H * 0.04, { freq: 0.7 });
  subjectLayer(c, groundY, c.mid);
  d.add(`<path d="${ridgeShape(fore, H + 10)}" fill="${c.near}"/>`);
  foregroundTufts(c, fore, c.ink, 24);
}

function coast(c: Ctx): void {
  const { d, W, H } = c;
  water(c, c.horizon, H);
  const sand = ridge(c, H * 0.86, H * 0.05, { freq: 0.6 });
  d.add(`<path d="${ridgeShape(sand, H + 10)}" fill="${mix('#f2dcb0', c.sky.horizon, 0.3)}"/>`);
  d.add(`<path d="${smoothPath(sand.map(([x, y]) => [x, y - 3] as Pt))}" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.6"/>`);
  subjectLayer(c, c.horizon + H * 0.12, c.mid);
  const px = c.side < 0 ? W * c.r.range(0.82, 0.94) : W * c.r.range(0.06, 0.18);
  d.add(place(c, props.palm(c.ink, c.r.fork('palm')), px, H * 0.92, H * 0.7, false));
}

function river(c: Ctx): void {
  const { d, W, H } = c;
  const farLine = ridge(c, c.horizon, H * 0.06, { freq: 0.9 });
  d.add(`<path d="${ridgeShape(farLine, H)}" fill="${c.far}"/>`);
  mist(c, c.horizon, H * 0.06, c.sky.horizon, 0.6);
  plain(c, c.horizon, mix(aerial(c.p.grass, c.sky.horizon, 0.4), c.far2, 0.2), mix(c.p.grass, c.near, 0.5));
  scatterAcacias(c, c.horizon + H * 0.01, c.r.int(2, 5), 0.05, c.far2);
  // The river widens toward the viewer.
  const mx = W * c.r.range(0.35, 0.65);
  const clip = d.def(
    'c',
    (id) =>
      `<clipPath id="${id}"><path d="M${n(mx - W * 0.02)},${n(c.horizon + 2)}C${n(mx - W * 0.2)},${n(c.horizon + H * 0.1)} ${n(mx + W * 0.1)},${n(H * 0.75)} ${n(-W * 0.1)},${n(H)}L${n(W * 1.1)},${n(H)}C${n(W * 0.8)},${n(H * 0.7)} ${n(mx + W * 0.1)},${n(c.horizon + H * 0.08)} ${n(mx + W * 0.02)},${n(c.horizon + 2)}Z"/></clipPath>`,
  );
  d.add(`<g clip-path="url(#${clip})">`);
  water(c, c.horizon, H);
  d.add('</g>');
  waterside(c, H * 0.84, H * c.r.range(0.76, 0.82), props.euphorbia, H * 0.34);
}

function wetland(c: Ctx): void {
  const { d, W, H } = c;
  const farLine = ridge(c, c.horizon, H * 0.05, { freq: 1 });
  d.add(`<path d="${ridgeShape(farLine, H)}" fill="${c.far}"/>`);
  water(c, c.horizon, H, farLine, c.far);
  for (let i = 0; i < 5; i++) d.add(place(c, props.papyrus(c.far2, c.r.fork(`pf${i}`)), c.r.range(0, W), c.horizon + H * 0.02, H * 0.1, false));
  mist(c, c.horizon + H * 0.02, H * 0.08, c.sky.horizon, 0.55);
  for (let i = 0; i < 4; i++) d.add(place(c, props.papyrus(c.mid, c.r.fork(`pm${i}`)), c.r.range(0, W), c.horizon + H * 0.12, H * 0.2, false));
  const groundY = H * c.r.range(0.81, 0.85);
  subjectLayer(c, groundY, c.mid);
  // Reflection ripple at the subject's feet and papyrus framing the near side.
  d.add(`<rect x="0" y="${n(groundY - 2)}" width="${W}" height="${n(H - groundY + 2)}" fill="${mix(c.p.water, c.near, 0.5)}" opacity="0.55"/>`);
  const px = c.side < 0 ? W * c.r.range(0.82, 0.94) : W * c.r.range(0.06, 0.18);
  d.add(place(c, props.papyrus(c.ink, c.r.fork('pn')), px, H * 1.01, H * 0.55, false));
  d.add(place(c, props.papyrus(c.ink, c.r.fork('pn2')), px + (c.side < 0 ? -W * 0.08 : W * 0.08), H * 1.01, H * 0.4, false));
}

function hills(c: Ctx, village: boolean): void {
  const { d, W, H } = c;
  // Rolling hills, each row nearer and darker, farmed in terraces.
  const rows = 4;
  for (let i = 0; i < rows; i++) {
    const t = i / (rows - 1);
    const base = c.horizon + H * (t * 0.22 - 0.06);
    const line = ridge(c, base, H * (0.08 + t * 0.06), { freq: 1.4 - t * 0.5 });
    const colour = mix(c.far, c.mid, t);
    const shape = ridgeShape(line, H + 10);
    d.add(`<path d="${shape}" fill="${colour}"/>`);
    if (i > 0) {
      const clip = d.def('c', (id) => `<clipPath id="${id}"><path d="${shape}"/></clipPath>`);
      let stripes = '';
      for (let k = 0; k < 12; k++) {
        const y = base - H * 0.12 + k * H * (0.012 + t * 0.006);
        stripes += `M-20,${n(y + c.r.range(-6, 6))}Q${n(W / 2)},${n(y - H * 0.03)} ${W + 20},${n(y + c.r.range(-6, 6))}`;
      }
      d.add(`<path d="${stripes}" stroke="${mix(colour, c.sky.glow, 0.3)}" stroke-width="${n(H * 0.003)}" fill="none" clip-path="url(#${clip})" opacity="0.55"/>`);
      rimLight(c, line, 0.3);
    }
    if (i === 1 && !village) {
      const lakeY = base + H * 0.02;
      d.add(
        `<path d="M-20,${n(lakeY)}Q${n(W * 0.5)},${n(lakeY - H * 0.02)} ${W + 20},${n(lakeY)}L${W + 20},${n(lakeY + H * 0.06)}Q${n(W * 0.5)},${n(lakeY + H * 0.08)} -20,${n(lakeY + H * 0.06)}Z" fill="${mix(c.sky.lower, c.p.water, 0.4)}" opacity="0.9"/>`,
      );
    }
    mist(c, base, H * 0.06, c.sky.horizon, 0.5 - t * 0.3);
  }
  const groundY = H * c.r.range(0.81, 0.85);
  const fore = ridge(c, groundY + H * 0.02, H * 0.04, { freq: 0.7 });
  if (village && c.spec.subject !== 'huts') d.add(place(c, props.huts(c.mid, c.r.fork('huts')), c.side < 0 ? W * 0.72 : W * 0.28, H * 0.8, H * 0.1, false));
  subjectLayer(c, groundY, c.mid);
  d.add(`<path d="${ridgeShape(fore, H + 10)}" fill="${c.near}"/>`);
  for (let i = 0; i < 2; i++) {
    const bx = c.side < 0 ? W * c.r.range(0.8, 0.98) : W * c.r.range(0.02, 0.2);
    d.add(place(c, props.banana(c.ink, c.r.fork(`b${i}`)), bx, groundY + H * 0.05, H * c.r.range(0.22, 0.34), false));
  }
  foregroundTufts(c, fore, c.ink, 16);
}

// ---- entry -----------------------------------------------------------------------------------------

const SCENE_MOODS: Partial<Record<SceneKind, TimeOfDay[]>> = {
  rainforest: ['morning', 'dawn', 'morning', 'golden'],
  volcano: ['dawn', 'morning', 'golden', 'dusk'],
  wetland: ['dawn', 'morning', 'golden'],
  hills: ['morning', 'dawn', 'golden'],
  coast: ['morning', 'golden', 'dusk'],
};

function chooseTime(spec: Pick<ArtSpec, 'country' | 'scene' | 'seed' | 'time'>): TimeOfDay {
  if (spec.time) return spec.time;
  const r = rng(`${spec.seed}:time`);
  return r.pick(SCENE_MOODS[spec.scene] ?? palettes[spec.country].moods);
}

/** Draws the picture described by the spec and returns the SVG document. */
export function drawScene(spec: ArtSpec): string {
  const W = spec.width;
  const H = spec.height;
  const r = rng(spec.seed);
  const p = palettes[spec.country];
  const time = chooseTime(spec);
  const sky = p.skies[time];
  const night = time === 'night';
  const horizonBy: Record<SceneKind, number> = {
    savanna: 0.6,
    volcano: 0.62,
    rainforest: 0.4,
    lake: 0.56,
    mountain: 0.64,
    waterfall: 0.46,
    crater: 0.6,
    coast: 0.58,
    river: 0.58,
    wetland: 0.6,
    hills: 0.52,
    village: 0.52,
  };
  const horizon = H * (horizonBy[spec.scene] + r.range(-0.03, 0.03));
  const low = time === 'dawn' || time === 'dusk';
  const sunY = night ? H * r.range(0.12, 0.25) : low ? horizon - H * r.range(0.05, 0.14) : time === 'golden' ? horizon - H * r.range(0.18, 0.3) : H * r.range(0.1, 0.22);
  const side: -1 | 1 = r.chance(0.5) ? -1 : 1;
  // The sun sits on the side away from the subject, so the subject is not lost in its glare.
  const sunX = W * (side < 0 ? r.range(0.55, 0.85) : r.range(0.15, 0.45));
  const dark = (colour: string) => (night ? mix(colour, sky.zenith, 0.55) : colour);
  const c: Ctx = {
    d: new Doc(W, H),
    r,
    W,
    H,
    p,
    sky,
    time,
    night,
    horizon,
    sun: [sunX, sunY],
    far: dark(aerial(p.far, sky.horizon, 0.5)),
    far2: dark(aerial(p.mid, sky.horizon, 0.55)),
    mid: dark(aerial(p.mid, sky.horizon, 0.22)),
    near: dark(aerial(p.near, sky.lower, 0.08)),
    ink: dark(p.ink),
    side,
    spec,
  };
  skyLayer(c);
  switch (spec.scene) {
    case 'savanna':
      savanna(c);
      break;
    case 'volcano':
      volcano(c);
      break;
    case 'rainforest':
      rainforest(c);
      break;
    case 'lake':
      lake(c, false);
      break;
    case 'mountain':
      mountain(c);
      break;
    case 'waterfall':
      waterfall(c);
      break;
    case 'crater':
      crater(c);
      break;
    case 'coast':
      coast(c);
      break;
    case 'river':
      river(c);
      break;
    case 'wetland':
      wetland(c);
      break;
    case 'hills':
      lake(c, true);
      break;
    case 'village':
      hills(c, true);
      break;
  }
  vignette(c);
  return c.d.toString(spec.title);
}
