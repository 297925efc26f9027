// Trees, plants, buildings, boats and people: the scenery that places an animal in a landscape.
// Like the animals, each prop is drawn with its base at y = 0 and rises into negative y; colours are
// passed in so that a prop takes on the tone of the depth layer it stands in.
import type { Figure, FigureStyle } from './fauna.ts';
import { fill, line } from './fauna.ts';
import type { Rng } from './rng.ts';
import { closedPath, curveLimb, limb, mix, n, quadPoints, taper, type Pt } from './svg.ts';

export type PropFn = (colour: string, r: Rng, size?: number) => Figure;

/** Umbrella thorn acacia: a forked trunk under flat, layered crowns. */
export const acacia: PropFn = (c, r, size = 1) => {
  const h = 100 * size;
  const spread = r.range(70, 110) * size;
  const lean = r.range(-10, 10) * size;
  const topY = -h;
  const forks: Pt[] = [
    [-spread * 0.32 + lean, topY + 10 * size],
    [lean * 0.6, topY + 4 * size],
    [spread * 0.34 + lean, topY + 12 * size],
  ];
  const split: Pt = [lean * 0.3, -h * 0.45];
  let d = limb([[0, 0], [lean * 0.15, -h * 0.25], split], [7 * size, 5.6 * size, 5 * size]);
  for (const f of forks) d += limb([split, [(split[0] + f[0]) / 2 + r.range(-4, 4), (split[1] + f[1]) / 2], f], [4.4 * size, 3.2 * size, 2 * size]);
  // Crowns: flat-bottomed clumps in two tiers.
  const crowns: string[] = [];
  const clump = (cx: number, cy: number, w: number, t: number) =>
    closedPath([
      [cx - w / 2, cy],
      [cx - w * 0.36, cy - t * 0.7],
      [cx - w * 0.12, cy - t],
      [cx + w * 0.16, cy - t * 0.95],
      [cx + w * 0.4, cy - t * 0.6],
      [cx + w / 2, cy],
      [cx, cy + t * 0.12],
    ]);
  crowns.push(clump(lean, topY + 2 * size, spread * 1.15, 18 * size));
  crowns.push(clump(-spread * 0.3 + lean, topY + 12 * size, spread * 0.6, 14 * size));
  crowns.push(clump(spread * 0.32 + lean, topY + 14 * size, spread * 0.55, 13 * size));
  if (r.chance(0.6)) crowns.push(clump(lean + r.range(-10, 10), topY - 10 * size, spread * 0.55, 12 * size));
  return { markup: fill(d, c) + fill(crowns.join(''), c), w: spread * 1.2, h: h + 24 * size, x0: -spread * 0.6 };
};

/** Baobab: a swollen trunk under a wide, flat dome of crooked branches, bare in the dry season. */
export const baobab: PropFn = (c, r, size = 1) => {
  const s = size;
  const top = -76 * s;
  const trunk = closedPath([
    [-26 * s, 0],
    [-22 * s, -26 * s],
    [-17 * s, -56 * s],
    [-15 * s, top],
    [-6 * s, top - 8 * s],
    [8 * s, top - 8 * s],
    [16 * s, top],
    [18 * s, -54 * s],
    [23 * s, -24 * s],
    [28 * s, 0],
  ]);
  let d = '';
  const count = r.int(9, 12);
  const rx = r.range(58, 70) * s;
  const ry = r.range(24, 32) * s;
  for (let i = 0; i < count; i++) {
    const t = (i + r.range(0.2, 0.8)) / count;
    const a = Math.PI * (1 + t);
    // Branch tips sit on a flat dome over the trunk.
    const tip: Pt = [Math.cos(a) * rx, top - 4 * s + Math.sin(a) * ry];
    const base: Pt = [(-12 + 24 * t) * s, top - 4 * s];
    const bend = r.range(-8, 8) * s;
    const mid: Pt = [(base[0] + tip[0]) / 2 + bend, (base[1] + tip[1]) / 2 + Math.abs(bend) * 0.5 + 4 * s];
    d += limb([base, mid, tip], [9 * s, 5 * s, 1.8 * s]);
    for (let k = 0; k < 2; k++) {
      const ta = a + r.range(-0.7, 0.3);
      d += limb([tip, [tip[0] + Math.cos(ta) * r.range(6, 11) * s, tip[1] + Math.sin(ta) * r.range(6, 11) * s]], [1.6 * s, 0.8 * s]);
    }
  }
  return { markup: fill(trunk + d, c), w: 150 * s, h: 120 * s, x0: -75 * s };
};

/** Candelabra euphorbia, common on the Queen Elizabeth plains: a trunk and upturned arms. */
export const euphorbia: PropFn = (c, r, size = 1) => {
  const s = size;
  const trunkTop = -46 * s;
  let d = limb(
    [
      [0, 0],
      [0, trunkTop],
    ],
    [8 * s, 6.5 * s],
  );
  const arms = r.int(6, 9);
  for (let i = 0; i < arms; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const start: Pt = [0, trunkTop + r.range(-6, 14) * s];
    const reach = (10 + (i >> 1) * r.range(7, 11)) * s * side;
    const top = -(74 + r.range(0, 40) - (i >> 1) * 6) * s;
    d += curveLimb([start, [reach * 0.55, start[1] - 4 * s], [reach * 0.95, start[1] - 14 * s], [reach, top]], 5.4 * s, 4.6 * s);
  }
  d += curveLimb(
    [
      [0, trunkTop],
      [r.range(-3, 3) * s, -100 * s],
    ],
    5.6 * s,
    5 * s,
  );
  return { markup: fill(d, c), w: 90 * s, h: 120 * s, x0: -45 * s };
};

/** A tall rainforest tree: straight trunk, buttress roots, a broad cloud of crowns. */
export const forestTree: PropFn = (c, r, size = 1) => {
  const s = size;
  const h = r.range(150, 200) * s;
  const trunk = closedPath([
    [-14 * s, 0],
    [-6 * s, -10 * s],
    [-5 * s, -h * 0.7],
    [5 * s, -h * 0.7],
    [6 * s, -10 * s],
    [14 * s, 0],
  ]);
  let crowns = '';
  for (let i = 0; i < 7; i++) {
    const cx = r.range(-40, 40) * s;
    const cy = -h * 0.72 - r.range(0, 40) * s;
    crowns += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r.range(22, 34) * s)}" ry="${n(r.range(14, 22) * s)}"/>`;
  }
  const branches =
    limb(
      [
        [0, -h * 0.55],
        [-24 * s, -h * 0.7],
      ],
      [5 * s, 2 * s],
    ) +
    limb(
      [
        [0, -h * 0.6],
        [26 * s, -h * 0.74],
      ],
      [5 * s, 2 * s],
    );
  return { markup: fill(trunk + branches, c) + `<g fill="${c}">${crowns}</g>`, w: 110 * s, h: h + 60 * s, x0: -55 * s };
};

/** A clump of papyrus: tall, thin stems topped with fine starbursts. */
export const papyrus: PropFn = (c, r, size = 1) => {
  const s = size;
  let stems = '';
  let heads = '';
  const count = r.int(7, 12);
  for (let i = 0; i < count; i++) {
    const x = r.range(-18, 18) * s;
    const h = r.range(70, 120) * s;
    const tipX = x + r.range(-18, 18) * s;
    stems += `M${n(x)},0Q${n(x)},${n(-h * 0.6)} ${n(tipX)},${n(-h)}`;
    const spread = r.range(7, 11) * s;
    for (let k = 0; k < 15; k++) {
      const a = ((-175 + k * 12.5) * Math.PI) / 180;
      heads += `M${n(tipX)},${n(-h)}L${n(tipX + Math.cos(a) * spread)},${n(-h + Math.sin(a) * spread * 0.6 + spread * 0.25)}`;
    }
  }
  return {
    markup: `<path d="${stems}" stroke="${c}" stroke-width="${n(1.8 * s)}" fill="none"/><path d="${heads}" stroke="${c}" stroke-width="${n(0.8 * s)}" fill="none" stroke-linecap="round"/>`,
    w: 80 * s,
    h: 130 * s,
    x0: -40 * s,
  };
};

/** Bamboo stems with node rings and sprays of narrow leaves (Virunga bamboo zone). */
export const bamboo: PropFn = (c, r, size = 1) => {
  const s = size;
  let d = '';
  let leaves = '';
  for (let i = 0; i < 5; i++) {
    const x = (i * 10 - 20 + r.range(-3, 3)) * s;
    const h = r.range(130, 200) * s;
    const lean = r.range(-26, 26) * s;
    const pts: Pt[] = [
      [x, 0],
      [x + lean * 0.2, -h * 0.4],
      [x + lean * 0.6, -h * 0.75],
      [x + lean, -h],
    ];
    d += curveLimb(pts, 3.6 * s, 1.6 * s);
    for (let k = 0; k < 9; k++) {
      const t = 0.35 + (k / 9) * 0.65;
      const px = x + lean * t * t;
      const py = -h * t;
      const dir = k % 2 === 0 ? 1 : -1;
      for (let j = 0; j < 3; j++) {
        const len = r.range(14, 24) * s;
        const ang = (dir > 0 ? 0 : Math.PI) + r.range(0.15, 0.9) * (dir > 0 ? 1 : -1);
        leaves += taper([px, py], [px + Math.cos(ang) * len, py + Math.sin(ang) * len], 3.2 * s, 0.5 * s);
      }
    }
  }
  return { markup: fill(d, c) + fill(leaves, c), w: 110 * s, h: 210 * s, x0: -55 * s };
};

/** Banana plants: a sign of the Ugandan and Rwandan hill farms. */
export const banana: PropFn = (c, r, size = 1) => {
  const s = size;
  let d = taper([0, 0], [0, -50 * s], 7 * s, 5 * s);
  for (let i = 0; i < 7; i++) {
    const a = (-160 + i * 24 + r.range(-6, 6)) * (Math.PI / 180);
    const len = r.range(34, 48) * s;
    const tip: Pt = [Math.cos(a) * len, -50 * s + Math.sin(a) * len * 0.8 + 10 * s];
    d += closedPath([[0, -50 * s], [tip[0] * 0.5 + 4 * s, (-50 * s + tip[1]) / 2 - 6 * s], tip, [tip[0] * 0.5 - 2 * s, (-50 * s + tip[1]) / 2 + 4 * s]]);
  }
  return { markup: fill(d, c), w: 100 * s, h: 100 * s, x0: -50 * s };
};

/** A coconut palm leaning over the beach. */
export const palm: PropFn = (c, r, size = 1) => {
  const s = size;
  const lean = r.range(20, 50) * s * (r.chance(0.5) ? 1 : -1);
  const top: Pt = [lean, -150 * s];
  let d = curveLimb(quadPoints([0, 0], [lean * 0.1, -80 * s], top, 8), 8 * s, 4.4 * s);
  for (let i = 0; i < 8; i++) {
    const a = (-170 + i * 24 + r.range(-6, 6)) * (Math.PI / 180);
    const len = r.range(46, 64) * s;
    const mid: Pt = [top[0] + Math.cos(a) * len * 0.55, top[1] + Math.sin(a) * len * 0.5 - 8 * s];
    const tip: Pt = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.4 + 18 * s];
    d += closedPath([top, mid, tip, [mid[0], mid[1] + 7 * s]]);
  }
  return { markup: fill(d, c), w: 160 * s, h: 180 * s, x0: -80 * s };
};

/** A tuft of grass blades for the foreground edge. */
export function grassTuft(c: string, r: Rng, size = 1): string {
  let d = '';
  const count = r.int(5, 9);
  for (let i = 0; i < count; i++) {
    const x = r.range(-8, 8) * size;
    const h = r.range(10, 26) * size;
    const bend = r.range(-10, 10) * size;
    d += `M${n(x - 1.4 * size)},0Q${n(x + bend * 0.4)},${n(-h * 0.6)} ${n(x + bend)},${n(-h)}Q${n(x + bend * 0.3)},${n(-h * 0.5)} ${n(x + 1.4 * size)},0Z`;
  }
  return fill(d, c);
}

// ---- human touches ----------------------------------------------------------------------------------

/** A walking person with a stick and day pack, facing right; about 40 units tall. */
function person(c: string, r: Rng, o: { pack?: boolean; stick?: boolean; hat?: boolean } = {}): string {
  const stride = r.range(4, 8);
  let d = closedPath([
    [-3, -22],
    [-4, -32],
    [-2, -36],
    [4, -36],
    [5, -30],
    [4, -22],
  ]);
  d += `M${n(1 + 3.6)},-40A3.6,3.6 0 1 0 ${n(1 - 3.6)},-40A3.6,3.6 0 1 0 ${n(1 + 3.6)},-40Z`;
  d +=
    limb(
      [
        [0, -23],
        [stride * 0.6, -12],
        [stride, 0],
      ],
      [4.4, 3.4, 3],
    ) +
    limb(
      [
        [0, -23],
        [-stride * 0.4, -12],
        [-stride * 0.8, 0],
      ],
      [4.4, 3.4, 3],
    );
  d += limb(
    [
      [3, -33],
      [8, -26],
      [10, -20],
    ],
    [2.6, 2.2, 2],
  );
  if (o.pack)
    d += closedPath([
      [-7, -24],
      [-8, -33],
      [-3, -35],
      [-2, -24],
    ]);
  if (o.hat)
    d += closedPath([
      [-5, -42],
      [7, -42],
      [4, -45],
      [-2, -45],
    ]);
  const stick = o.stick
    ? line(
        [
          [10, -22],
          [13, 0],
        ],
        c,
        1.4,
      )
    : '';
  return fill(d, c) + stick;
}

/** A line of trekkers with a ranger, walking right. */
export const trekkers: PropFn = (c, r, size = 1) => {
  const count = r.int(3, 5);
  let m = '';
  for (let i = 0; i < count; i++) {
    m += `<g transform="translate(${n(i * 22 * size)} ${n(-i * 1.5 * size)}) scale(${n(size)})">${person(c, r.fork(`p${i}`), { pack: i > 0, stick: i > 0, hat: i === count - 1 })}</g>`;
  }
  return { markup: m, w: (count * 22 + 10) * size, h: 48 * size };
};

/** A safari vehicle with its pop-up roof raised and heads looking out. */
export const vehicle: PropFn = (c, _r, size = 1) => {
  const s = size;
  const body = closedPath([
    [0, -10 * s],
    [2 * s, -28 * s],
    [34 * s, -30 * s],
    [40 * s, -46 * s],
    [100 * s, -46 * s],
    [104 * s, -28 * s],
    [120 * s, -24 * s],
    [122 * s, -10 * s],
  ]);
  const roof = `M${n(38 * s)},${n(-62 * s)}H${n(104 * s)}V${n(-58 * s)}H${n(38 * s)}Z` + [44, 70, 96].map((x) => `M${n(x * s)},${n(-58 * s)}h${n(3 * s)}v${n(12 * s)}h${n(-3 * s)}Z`).join('');
  const heads = [56, 78]
    .map((x) => `M${n(x * s + 4 * s)},${n(-52 * s)}A${n(4 * s)},${n(4 * s)} 0 1 0 ${n(x * s - 4 * s)},${n(-52 * s)}A${n(4 * s)},${n(4 * s)} 0 1 0 ${n(x * s + 4 * s)},${n(-52 * s)}Z`)
    .join('');
  const wheels = [22, 100].map((x) => `<circle cx="${n(x * s)}" cy="${n(-9 * s)}" r="${n(10 * s)}"/>`).join('');
  return { markup: fill(body + roof + heads, c) + `<g fill="${c}">${wheels}</g>`, w: 124 * s, h: 64 * s };
};

/** A dugout canoe with one or two paddlers, sitting on the water line y = 0. */
export const canoe: PropFn = (c, r, size = 1) => {
  const s = size;
  const hull = closedPath([
    [0, -6 * s],
    [20 * s, -4 * s],
    [80 * s, -4 * s],
    [100 * s, -7 * s],
    [92 * s, 0],
    [8 * s, 0],
  ]);
  let people = '';
  const count = r.int(1, 2);
  for (let i = 0; i < count; i++) {
    const x = (30 + i * 34) * s;
    people += closedPath([
      [x - 5 * s, -4 * s],
      [x - 5 * s, -18 * s],
      [x + 4 * s, -20 * s],
      [x + 6 * s, -4 * s],
    ]);
    people += `M${n(x + 4 * s)},${n(-25 * s)}A${n(4 * s)},${n(4 * s)} 0 1 0 ${n(x - 4 * s)},${n(-25 * s)}A${n(4 * s)},${n(4 * s)} 0 1 0 ${n(x + 4 * s)},${n(-25 * s)}Z`;
    people += taper([x + 18 * s, -28 * s], [x - 2 * s, 6 * s], 1.8 * s, 1.8 * s) + taper([x - 2 * s, 6 * s], [x - 5 * s, 12 * s], 4 * s, 2 * s);
  }
  return { markup: fill(hull + people, c), w: 100 * s, h: 30 * s };
};

/** A launch boat with a canopy roof, as on the Kazinga Channel and the Nile. */
export const launch: PropFn = (c, _r, size = 1) => {
  const s = size;
  const hull = closedPath([
    [0, -10 * s],
    [140 * s, -10 * s],
    [150 * s, -16 * s],
    [146 * s, -2 * s],
    [132 * s, 0],
    [10 * s, 0],
  ]);
  const roof = `M${n(16 * s)},${n(-38 * s)}H${n(124 * s)}L${n(130 * s)},${n(-34 * s)}H${n(12 * s)}Z`;
  const posts = [20, 60, 100, 122].map((x) => `M${n(x * s)},${n(-34 * s)}h${n(2 * s)}v${n(24 * s)}h${n(-2 * s)}Z`).join('');
  const heads = [34, 48, 74, 88, 110]
    .map((x) => `M${n(x * s + 3.4 * s)},${n(-18 * s)}A${n(3.4 * s)},${n(3.4 * s)} 0 1 0 ${n(x * s - 3.4 * s)},${n(-18 * s)}A${n(3.4 * s)},${n(3.4 * s)} 0 1 0 ${n(x * s + 3.4 * s)},${n(-18 * s)}Z`)
    .join('');
  return { markup: fill(hull + roof + posts + heads, c), w: 152 * s, h: 40 * s };
};

/** An inflatable raft of paddlers in white water. */
export const raft: PropFn = (c, r, size = 1) => {
  const s = size;
  const hull = closedPath([
    [0, -8 * s],
    [6 * s, -16 * s],
    [90 * s, -18 * s],
    [100 * s, -10 * s],
    [94 * s, 0],
    [6 * s, 0],
  ]);
  let crew = '';
  for (let i = 0; i < 4; i++) {
    const x = (18 + i * 20) * s;
    crew += closedPath([
      [x - 4 * s, -14 * s],
      [x - 3 * s, -26 * s],
      [x + 4 * s, -26 * s],
      [x + 5 * s, -14 * s],
    ]);
    crew += `M${n(x + 3.6 * s)},${n(-31 * s)}A${n(3.6 * s)},${n(3.6 * s)} 0 1 0 ${n(x - 3.6 * s)},${n(-31 * s)}A${n(3.6 * s)},${n(3.6 * s)} 0 1 0 ${n(x + 3.6 * s)},${n(-31 * s)}Z`;
    const a = r.range(-0.6, 0.6);
    crew += taper([x + 4 * s, -22 * s], [x + 4 * s + Math.sin(a) * 20 * s, -22 * s + Math.cos(a) * 24 * s], 1.6 * s, 1.6 * s);
  }
  return { markup: fill(hull, c) + fill(crew, c), w: 100 * s, h: 36 * s };
};

/** A hot-air balloon drifting over the plains; its envelope carries the palette's colours. */
export function balloon(s: FigureStyle, size = 1): Figure {
  const k = size;
  const env = closedPath([
    [0, -70 * k],
    [-30 * k, -96 * k],
    [-36 * k, -130 * k],
    [-20 * k, -160 * k],
    [0, -166 * k],
    [20 * k, -160 * k],
    [36 * k, -130 * k],
    [30 * k, -96 * k],
  ]);
  const bands: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = -30 + i * 12;
    bands.push(
      `<path d="M${n(x * k * 0.4)},${n(-72 * k)}Q${n(x * k * 1.3)},${n(-125 * k)} ${n(x * k * 0.2)},${n(-164 * k)}" stroke="${i % 2 ? s.light : s.ink}" stroke-width="${n(4 * k)}" fill="none" opacity="0.35"/>`,
    );
  }
  const basket = `M${n(-7 * k)},${n(-44 * k)}h${n(14 * k)}v${n(10 * k)}h${n(-14 * k)}Z`;
  const ropes = `M${n(-8 * k)},${n(-72 * k)}L${n(-6 * k)},${n(-44 * k)}M${n(8 * k)},${n(-72 * k)}L${n(6 * k)},${n(-44 * k)}`;
  return {
    markup: fill(env, s.accent) + bands.join('') + fill(basket, s.ink) + `<path d="${ropes}" stroke="${s.ink}" stroke-width="${n(1.2 * k)}"/>`,
    w: 80 * k,
    h: 170 * k,
    x0: -40 * k,
  };
}

/** Round huts with conical thatch, the homesteads of the cultural visits. */
export const huts: PropFn = (c, r, size = 1) => {
  const s = size;
  let d = '';
  let lights = '';
  const count = r.int(2, 4);
  for (let i = 0; i < count; i++) {
    const x = i * 52 * s + r.range(-6, 6) * s;
    const k = r.range(0.75, 1.1) * s;
    d += `M${n(x - 20 * k)},0V${n(-22 * k)}H${n(x + 20 * k)}V0Z`;
    d += closedPath([
      [x - 28 * k, -20 * k],
      [x - 6 * k, -48 * k],
      [x, -52 * k],
      [x + 6 * k, -48 * k],
      [x + 28 * k, -20 * k],
      [x, -16 * k],
    ]);
    lights += `M${n(x - 4 * k)},0V${n(-13 * k)}H${n(x + 4 * k)}V0Z`;
  }
  return { markup: fill(d, c) + `<path d="${lights}" fill="${mix(c, '#f0b050', 0.45)}"/>`, w: count * 52 * s, h: 56 * s, x0: -30 * s };
};

/** A dhow under its triangular lateen sail. */
export const dhow: PropFn = (c, _r, size = 1) => {
  const s = size;
  const hull = closedPath([
    [0, -12 * s],
    [70 * s, -10 * s],
    [84 * s, -18 * s],
    [76 * s, 0],
    [8 * s, 0],
  ]);
  const sail = `M${n(36 * s)},${n(-12 * s)}L${n(36 * s)},${n(-90 * s)}L${n(86 * s)},${n(-30 * s)}Q${n(60 * s)},${n(-20 * s)} ${n(36 * s)},${n(-14 * s)}Z`;
  const yard = taper([10 * s, -26 * s], [70 * s, -104 * s], 2 * s, 1.4 * s);
  return { markup: fill(hull + yard, c) + fill(sail, c, ' opacity="0.9"'), w: 90 * s, h: 108 * s };
};

/** A row of thatched cottages raised on posts, each with a deck and a lit window: a lodge. */
export const lodge: PropFn = (c, r, size = 1) => {
  const s = size;
  // Each part is a path of its own, so overlapping parts never cut holes in one another.
  let frame = '';
  let walls = '';
  let roofs = '';
  let lights = '';
  const count = r.int(2, 3);
  let x = 0;
  let right = 0;
  for (let i = 0; i < count; i++) {
    const k = r.range(0.85, 1.1) * s;
    const w = 54 * k;
    const lift = 12 * k;
    const wall = 22 * k;
    const floor = -lift - 3 * k;
    // Posts under the deck, the deck with a rail at its front end, the walls, then a steep thatch.
    for (const px of [2 * k, w / 2 - 2 * k, w - 6 * k]) frame += `M${n(x + px)},0V${n(-lift)}H${n(x + px + 4 * k)}V0Z`;
    frame += `M${n(x - 8 * k)},${n(-lift)}V${n(floor)}H${n(x + w + 8 * k)}V${n(-lift)}Z`;
    walls += `M${n(x - 8 * k)},${n(floor)}V${n(floor - 9 * k)}H${n(x - 6 * k)}V${n(floor)}Z`;
    walls += `M${n(x)},${n(floor)}V${n(floor - wall)}H${n(x + w)}V${n(floor)}Z`;
    const eave = floor - wall + 4 * k;
    const peak = eave - r.range(30, 38) * k;
    roofs += closedPath([
      [x - 12 * k, eave],
      [x + w * 0.34, peak],
      [x + w * 0.66, peak - 2 * k],
      [x + w + 12 * k, eave],
      [x + w / 2, eave + 3 * k],
    ]);
    lights += `M${n(x + w * 0.2)},${n(floor - 3 * k)}V${n(floor - wall * 0.78)}H${n(x + w * 0.42)}V${n(floor - 3 * k)}Z`;
    lights += `M${n(x + w * 0.58)},${n(floor - 7 * k)}V${n(floor - wall * 0.78)}H${n(x + w * 0.8)}V${n(floor - 7 * k)}Z`;
    right = x + w + 12 * k;
    x += w + r.range(22, 34) * s;
  }
  return { markup: fill(frame, c) + fill(walls, c) + fill(roofs, c) + `<path d="${lights}" fill="${mix(c, '#f0b050', 0.5)}"/>`, w: right, h: 82 * s, x0: -14 * s };
};

/** Safari tents on raised platforms, flies stretched over their ridges and the door flaps open. */
export const tents: PropFn = (c, r, size = 1) => {
  const s = size;
  let frame = '';
  let canvas = '';
  let flies = '';
  let lights = '';
  const count = r.int(2, 3);
  let x = 0;
  let right = 0;
  for (let i = 0; i < count; i++) {
    const k = r.range(0.85, 1.05) * s;
    const w = 62 * k;
    const deck = 6 * k;
    const wall = 18 * k;
    const ridge = 40 * k;
    const base = -deck - 3 * k;
    // Platform and posts.
    frame += `M${n(x - 6 * k)},${n(-deck)}V${n(base)}H${n(x + w + 6 * k)}V${n(-deck)}Z`;
    for (const px of [0, w / 2, w - 3 * k]) frame += `M${n(x + px)},0V${n(-deck)}H${n(x + px + 3 * k)}V0Z`;
    // Canvas: straight walls under a ridge roof, and the fly reaching past both sides, roped down.
    canvas += `M${n(x + 4 * k)},${n(base)}L${n(x + 6 * k)},${n(base - wall)}L${n(x + w / 2)},${n(base - ridge)}L${n(x + w - 6 * k)},${n(base - wall)}L${n(x + w - 4 * k)},${n(base)}Z`;
    flies += `M${n(x - 8 * k)},${n(base - wall + 6 * k)}L${n(x + w / 2)},${n(base - ridge - 5 * k)}L${n(x + w + 8 * k)},${n(base - wall + 6 * k)}L${n(x + w + 6 * k)},${n(base - wall + 9 * k)}L${n(x + w / 2)},${n(base - ridge - 1 * k)}L${n(x - 6 * k)},${n(base - wall + 9 * k)}Z`;
    frame += `M${n(x - 8 * k)},${n(base - wall + 6 * k)}L${n(x - 6.6 * k)},${n(base - wall + 6 * k)}L${n(x - 3.6 * k)},${n(base)}L${n(x - 5 * k)},${n(base)}Z`;
    frame += `M${n(x + w + 8 * k)},${n(base - wall + 6 * k)}L${n(x + w + 5 * k)},${n(base)}L${n(x + w + 3.6 * k)},${n(base)}L${n(x + w + 6.6 * k)},${n(base - wall + 6 * k)}Z`;
    // The open door, lit from inside.
    const dx = x + w / 2;
    lights += `M${n(dx - 8 * k)},${n(base)}V${n(base - wall * 0.9)}L${n(dx)},${n(base - wall * 1.5)}L${n(dx + 8 * k)},${n(base - wall * 0.9)}V${n(base)}Z`;
    right = x + w + 9 * k;
    x += w + r.range(24, 36) * s;
  }
  return { markup: fill(frame, c) + fill(canvas, c) + fill(flies, c) + `<path d="${lights}" fill="${mix(c, '#f2c070', 0.55)}"/>`, w: right, h: 58 * s, x0: -10 * s };
};
