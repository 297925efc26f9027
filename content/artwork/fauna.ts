// Animal silhouettes, drawn facing right with the feet on y = 0 (the figure rises into negative y).
// Each animal is a body outline (a smooth closed shape through landmark points), a head-and-neck
// group turned about the withers for poses (alert, grazing), and tapered legs. Far-side legs take a
// lighter tone, which gives the flat silhouettes their depth.
import type { Rng } from './rng.ts';
import { closedPath, curveLimb, limb, mix, n, quadPoints, smoothPath, taper, type Pt } from './svg.ts';

export interface FigureStyle {
  /** Main silhouette colour. */
  ink: string;
  /** Far-side limbs: ink mixed a little toward the background. */
  far: string;
  /** Tusks, horns tips, stripes, white markings. */
  light: string;
  /** A colour accent (crowned crane's crown, flamingo pink...). */
  accent: string;
}

export interface Figure {
  markup: string;
  /** Extent in local units: x from 0 to w, y from -h to 0. */
  w: number;
  h: number;
  /** Optional left edge when the figure reaches behind x = 0 (a tail). */
  x0?: number;
}

export type FigureFn = (s: FigureStyle, r: Rng) => Figure;

export const fill = (d: string, colour: string, extra = '') => (d ? `<path d="${d}" fill="${colour}"${extra}/>` : '');
export const line = (points: Pt[], colour: string, width: number, extra = '') =>
  `<path d="${smoothPath(points)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"${extra}/>`;
/** A group drawn at a pivot and turned by deg (clockwise). */
const turn = (pivot: Pt, deg: number, inner: string) => `<g transform="translate(${n(pivot[0])} ${n(pivot[1])}) rotate(${n(deg)})">${inner}</g>`;
const mid = (s: FigureStyle) => mix(s.ink, s.far, 0.45);

interface Legs {
  near: [Pt[], number[]][];
  far: [Pt[], number[]][];
}
const legs = (l: Legs, s: FigureStyle) => ({
  far: fill(l.far.map(([p, w]) => limb(p, w)).join(''), s.far),
  near: fill(l.near.map(([p, w]) => limb(p, w)).join(''), s.ink),
});
/** Shifts a leg along x (the far pair is the near pair moved). */
const shift = (p: Pt[], dx: number, dy = 0): Pt[] => p.map(([x, y]) => [x + dx, y + dy] as Pt);

// ---- hoofed animals -------------------------------------------------------------------------------

export const zebra: FigureFn = (s, r) => {
  const pose = r.pick([-8, 0, 6, 62]);
  const body = closedPath([
    [4, -72],
    [14, -78],
    [38, -74],
    [60, -75],
    [76, -79],
    [86, -74],
    [92, -64],
    [91, -50],
    [84, -44],
    [66, -40],
    [42, -38],
    [22, -42],
    [10, -46],
    [3, -56],
  ]);
  const front: Pt[] = [
    [84, -50],
    [86, -24],
    [85, -6],
    [87, 0],
  ];
  const hind: Pt[] = [
    [16, -54],
    [24, -34],
    [11, -20],
    [12, -5],
    [14, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [13, 7, 5, 6]],
        [hind, [18, 11, 6, 5, 6]],
      ],
      far: [
        [shift(front, -9), [12, 7, 5, 6]],
        [shift(hind, 10), [16, 10, 6, 5, 6]],
      ],
    },
    s,
  );
  const neck = closedPath([
    [-8, -8],
    [6, -18],
    [18, -27],
    [28, -33],
    [33, -31],
    [40, -22],
    [46, -14],
    [49, -10],
    [48, -5],
    [44, -4],
    [40, -6],
    [34, -10],
    [28, -14],
    [26, -8],
    [25, 2],
    [24, 12],
    [20, 18],
    [6, 18],
    [-8, 10],
  ]);
  const ears = taper([26, -31], [21, -43], 5, 2) + taper([29, -31], [29, -44], 5, 2);
  const mane = line(
    [
      [-6, -10],
      [8, -21],
      [24, -32],
    ],
    s.ink,
    5,
  );
  const stripes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 16 + i * 8.2;
    stripes.push(`M${n(x)},${n(-74)}Q${n(x + 4)},-60 ${n(x - 1)},-44`);
  }
  const neckStripes = [0, 1, 2, 3].map((i) => `M${n(2 + i * 6)},${n(-10 - i * 6)}L${n(10 + i * 5)},${n(8 - i * 5)}`).join('');
  const stripe = (d: string) => `<path d="${d}" stroke="${s.light}" stroke-width="2.6" stroke-linecap="round" fill="none" opacity="0.5"/>`;
  const tail = curveLimb(quadPoints([5, -70], [-4, -60], [-2, -40]), 3.5, 2) + taper([-2, -44], [-2, -32], 5, 2);
  return {
    markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + stripe(stripes.join('')) + turn([80, -72], pose, fill(neck + ears, s.ink) + mane + stripe(neckStripes)) + L.near,
    w: 130,
    h: 118,
    x0: -6,
  };
};

type Horns = 'lyre' | 'spiral' | 'short' | 'none';
/** Kob, impala, topi, eland, sitatunga: one slender antelope with different horns and build. */
function antelopeOf(horns: Horns, build = 1): FigureFn {
  return (s, r) => {
    const pose = r.pick([-6, 0, 4, 56]);
    const b = build;
    const body = closedPath([
      [4, -60 * b],
      [16, -64 * b],
      [40, -60 * b],
      [62, -62 * b],
      [74, -67 * b],
      [84, -60 * b],
      [88, -50 * b],
      [84, -40 * b],
      [70, -36 * b],
      [44, -34 * b],
      [22, -37 * b],
      [8, -42 * b],
      [2, -50 * b],
    ]);
    const front: Pt[] = [
      [82, -44 * b],
      [83, -21 * b],
      [82, -5],
      [84, 0],
    ];
    const hind: Pt[] = [
      [14, -46 * b],
      [22, -28 * b],
      [9, -16 * b],
      [10, -4],
      [12, 0],
    ];
    const lw = b > 1.1 ? 1.4 : 1;
    const L = legs(
      {
        near: [
          [front, [9 * lw, 5 * lw, 3.6 * lw, 4 * lw]],
          [hind, [14 * lw, 8 * lw, 4 * lw, 3.6 * lw, 4 * lw]],
        ],
        far: [
          [shift(front, -8), [8 * lw, 5 * lw, 3.4 * lw, 4 * lw]],
          [shift(hind, 9), [12 * lw, 7 * lw, 4 * lw, 3.4 * lw, 4 * lw]],
        ],
      },
      s,
    );
    const neck = closedPath([
      [-8, 0],
      [4, -16],
      [12, -30],
      [18, -40],
      [25, -42],
      [31, -38],
      [38, -28],
      [42, -21],
      [39, -16],
      [31, -18],
      [24, -21],
      [18, -13],
      [14, 2],
      [10, 14],
      [-4, 10],
    ]);
    const ears = taper([22, -38], [33, -46], 6, 2);
    let hornPaths = '';
    if (horns === 'lyre')
      hornPaths =
        line(
          [
            [20, -41],
            [15, -56],
            [22, -70],
            [18, -80],
          ],
          s.ink,
          3.2,
        ) +
        line(
          [
            [24, -41],
            [20, -55],
            [26, -68],
            [23, -77],
          ],
          s.far,
          3,
        );
    if (horns === 'spiral')
      hornPaths = line(
        [
          [20, -41],
          [16, -50],
          [21, -58],
          [16, -66],
          [20, -74],
          [17, -80],
        ],
        s.ink,
        3.6,
      );
    if (horns === 'short')
      hornPaths = line(
        [
          [20, -41],
          [16, -50],
          [12, -54],
        ],
        s.ink,
        4,
      );
    const dewlap =
      b > 1.1
        ? fill(
            closedPath([
              [10, 4],
              [18, -6],
              [20, 8],
              [12, 14],
            ]),
            s.ink,
          )
        : '';
    const tail = taper([3, -58 * b], [-1, -46 * b], 4, 3);
    return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([78, -62 * b], pose, fill(neck + ears, s.ink) + hornPaths + dewlap) + L.near, w: 130, h: 130 * b };
  };
}
export const antelope = antelopeOf('lyre');
export const eland = antelopeOf('spiral', 1.25);
export const sitatunga = antelopeOf('spiral');
export const topi = antelopeOf('short');

export const wildebeest: FigureFn = (s, r) => {
  const pose = r.pick([-4, 0, 8, 40]);
  const body = closedPath([
    [4, -58],
    [14, -62],
    [36, -64],
    [58, -70],
    [72, -77],
    [84, -72],
    [90, -62],
    [88, -48],
    [80, -40],
    [60, -38],
    [36, -38],
    [18, -42],
    [6, -46],
    [1, -52],
  ]);
  const front: Pt[] = [
    [84, -46],
    [85, -22],
    [84, -5],
    [86, 0],
  ];
  const hind: Pt[] = [
    [13, -48],
    [21, -30],
    [9, -18],
    [10, -4],
    [12, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [12, 6, 4.5, 5]],
        [hind, [16, 9, 5, 4.5, 5]],
      ],
      far: [
        [shift(front, -9), [11, 6, 4.5, 5]],
        [shift(hind, 10), [15, 8, 5, 4.5, 5]],
      ],
    },
    s,
  );
  const neck = closedPath([
    [-10, -4],
    [0, -10],
    [10, -12],
    [18, -10],
    [22, -4],
    [26, 6],
    [30, 18],
    [32, 28],
    [31, 33],
    [26, 34],
    [22, 30],
    [18, 20],
    [14, 10],
    [10, 14],
    [6, 22],
    [-2, 20],
    [-10, 10],
  ]);
  const hornsBeard =
    line(
      [
        [12, -9],
        [22, -16],
        [30, -13],
        [31, -22],
      ],
      s.ink,
      4,
    ) +
    fill(taper([10, 14], [6, 30], 7, 2) + taper([2, 18], [0, 30], 7, 2), s.ink) +
    line(
      [
        [-6, -6],
        [4, -12],
        [14, -12],
      ],
      s.ink,
      6,
    );
  const tail = curveLimb(quadPoints([3, -56], [-7, -46], [-5, -28]), 3, 2) + taper([-5, -34], [-5, -20], 7, 3);
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([82, -70], pose, fill(neck, s.ink) + hornsBeard) + L.near, w: 130, h: 100, x0: -8 };
};

export const buffalo: FigureFn = (s, r) => {
  const pose = r.pick([-4, 0, 10]);
  const body = closedPath([
    [4, -56],
    [16, -64],
    [40, -64],
    [64, -68],
    [78, -71],
    [90, -64],
    [96, -50],
    [92, -36],
    [76, -30],
    [50, -30],
    [26, -32],
    [10, -38],
    [2, -46],
  ]);
  const front: Pt[] = [
    [88, -38],
    [89, -18],
    [88, -4],
    [90, 0],
  ];
  const hind: Pt[] = [
    [15, -42],
    [23, -25],
    [12, -14],
    [13, -3],
    [15, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [16, 9, 7, 8]],
        [hind, [22, 13, 8, 7, 8]],
      ],
      far: [
        [shift(front, -10), [15, 9, 7, 8]],
        [shift(hind, 11), [20, 12, 8, 7, 8]],
      ],
    },
    s,
  );
  // The head turned to face the viewer: the heavy boss and the sweep of the horns are the buffalo.
  const head = closedPath([
    [-4, -2],
    [8, -8],
    [26, -8],
    [30, 4],
    [27, 16],
    [23, 28],
    [13, 28],
    [9, 16],
    [-2, 10],
  ]);
  const hornsAndEar =
    line(
      [
        [16, -10],
        [2, -6],
        [-8, 2],
        [-14, 12],
        [-18, 2],
        [-18, -6],
      ],
      s.ink,
      6,
    ) +
    line(
      [
        [18, -10],
        [32, -6],
        [42, 2],
        [48, 12],
        [52, 2],
        [52, -6],
      ],
      s.ink,
      6,
    ) +
    line(
      [
        [6, -11],
        [28, -11],
      ],
      s.ink,
      9,
    ) +
    fill(taper([30, 2], [42, 10], 7, 4) + taper([6, 2], [-4, 10], 7, 4), s.ink);
  const tail = curveLimb(quadPoints([3, -54], [-5, -40], [-3, -22]), 3, 2) + taper([-3, -26], [-3, -16], 6, 2);
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([88, -58], pose, fill(head, s.ink) + hornsAndEar) + L.near, w: 130, h: 80, x0: -6 };
};

export const rhino: FigureFn = (s, r) => {
  const pose = r.pick([-6, 0, 8]);
  const body = closedPath([
    [4, -48],
    [14, -58],
    [40, -60],
    [62, -62],
    [74, -69],
    [86, -63],
    [94, -50],
    [92, -30],
    [80, -24],
    [54, -22],
    [28, -24],
    [10, -30],
    [2, -38],
  ]);
  const front: Pt[] = [
    [84, -32],
    [85, -12],
    [84, -3],
    [86, 0],
  ];
  const hind: Pt[] = [
    [15, -36],
    [21, -20],
    [13, -10],
    [15, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [17, 13, 11, 12]],
        [hind, [22, 15, 12, 12]],
      ],
      far: [
        [shift(front, -11), [16, 12, 10, 11]],
        [shift(hind, 11), [20, 14, 11, 11]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-8, -8],
    [8, -12],
    [20, -9],
    [32, -1],
    [41, 8],
    [45, 17],
    [41, 23],
    [30, 23],
    [17, 19],
    [5, 15],
    [-7, 8],
  ]);
  const horns = taper([36, 4], [46, -18], 9, 2) + taper([25, -2], [28, -12], 7, 2) + taper([8, -11], [5, -22], 6, 3) + taper([12, -11], [12, -21], 5, 3);
  const tail = taper([3, -46], [-1, -32], 3, 2);
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([88, -56], pose, fill(head + horns, s.ink)) + L.near, w: 140, h: 80 };
};

export const hippo: FigureFn = (s) => {
  const body = closedPath([
    [4, -30],
    [14, -42],
    [40, -47],
    [66, -47],
    [84, -43],
    [94, -32],
    [94, -20],
    [84, -13],
    [56, -10],
    [28, -12],
    [10, -16],
    [2, -22],
  ]);
  const front: Pt[] = [
    [84, -18],
    [84, -6],
    [86, 0],
  ];
  const hind: Pt[] = [
    [15, -20],
    [17, -6],
    [17, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [15, 13, 14]],
        [hind, [17, 13, 14]],
      ],
      far: [
        [shift(front, -10), [14, 12, 13]],
        [shift(hind, 11), [16, 12, 13]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-4, -6],
    [8, -11],
    [20, -9],
    [30, -5],
    [37, 3],
    [39, 13],
    [35, 20],
    [22, 21],
    [10, 18],
    [0, 14],
    [-8, 6],
  ]);
  const bumps = `<circle cx="14" cy="-11" r="3.2"/><circle cx="7" cy="-12" r="2.6"/><circle cx="33" cy="-4" r="2.4"/>`;
  return { markup: L.far + fill(body, s.ink) + turn([86, -38], 0, fill(head, s.ink) + `<g fill="${s.ink}">${bumps}</g>`) + L.near, w: 130, h: 52 };
};

/** Hippos wallowing: only backs, heads, eyes and ears above the water line (y = 0). */
export const hippoInWater: FigureFn = (s) => {
  const back = closedPath([
    [0, 0],
    [10, -10],
    [34, -14],
    [56, -10],
    [66, 0],
  ]);
  const head = closedPath([
    [58, 0],
    [64, -8],
    [72, -11],
    [86, -9],
    [96, -6],
    [100, 0],
  ]);
  const eyes = `<circle cx="70" cy="-11" r="3.4"/><circle cx="66" cy="-12" r="2.8"/><circle cx="92" cy="-7" r="2.4"/>`;
  const ripple = `<path d="M-8,2 H108 M4,6 H94" stroke="${s.light}" stroke-width="1.4" opacity="0.5"/>`;
  return { markup: fill(back + head, s.ink) + `<g fill="${s.ink}">${eyes}</g>` + ripple, w: 110, h: 16, x0: -8 };
};

export const warthog: FigureFn = (s) => {
  const body = closedPath([
    [4, -34],
    [14, -40],
    [36, -40],
    [54, -44],
    [64, -46],
    [72, -40],
    [74, -30],
    [68, -22],
    [50, -20],
    [30, -20],
    [14, -22],
    [4, -28],
  ]);
  const front: Pt[] = [
    [68, -24],
    [69, -10],
    [68, -2],
    [70, 0],
  ];
  const hind: Pt[] = [
    [12, -26],
    [17, -15],
    [10, -8],
    [11, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [8, 4.5, 3.5, 4]],
        [hind, [11, 6, 3.8, 4]],
      ],
      far: [
        [shift(front, -7), [7, 4.5, 3.5, 4]],
        [shift(hind, 8), [10, 6, 3.8, 4]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-4, -5],
    [7, -7],
    [17, -3],
    [27, 6],
    [33, 14],
    [31, 20],
    [21, 18],
    [11, 14],
    [2, 12],
    [-6, 4],
  ]);
  const tusks =
    line(
      [
        [24, 13],
        [28, 6],
        [25, 0],
      ],
      s.light,
      2.6,
    ) +
    line(
      [
        [18, 12],
        [21, 8],
      ],
      s.light,
      2,
    );
  const ear = taper([4, -6], [-2, -12], 5, 2);
  const mane = line(
    [
      [8, -42],
      [30, -45],
      [54, -48],
      [64, -47],
    ],
    s.ink,
    3,
    ' stroke-dasharray="1.5 2.5"',
  );
  const tail = taper([6, -34], [1, -58], 2.4, 1.6) + taper([1, -56], [0, -64], 4, 2);
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + mane + turn([66, -42], 0, fill(head + ear, s.ink) + tusks) + L.near, w: 110, h: 66 };
};

// ---- cats and dogs ---------------------------------------------------------------------------------

function lionOf(sex: 'male' | 'female'): FigureFn {
  return (s, r) => {
    const pose = r.pick([-6, 0, 8]);
    const male = sex === 'male';
    const body = closedPath([
      [4, -44],
      [16, -50],
      [40, -48],
      [58, -48],
      [72, -55],
      [84, -50],
      [90, -40],
      [88, -30],
      [78, -26],
      [56, -26],
      [32, -28],
      [14, -32],
      [4, -38],
    ]);
    const front: Pt[] = [
      [82, -32],
      [83, -12],
      [82, -3],
      [86, 0],
    ];
    const hind: Pt[] = [
      [15, -36],
      [23, -21],
      [12, -10],
      [13, -2],
      [16, 0],
    ];
    const L = legs(
      {
        near: [
          [front, [12, 7, 6, 7]],
          [hind, [17, 9, 6, 6, 7]],
        ],
        far: [
          [shift(front, -9), [11, 7, 6, 7]],
          [shift(hind, 9), [15, 8, 6, 6, 7]],
        ],
      },
      s,
    );
    const head = closedPath([
      [-8, -2],
      [2, -6],
      [8, -8],
      [13, -10],
      [18, -9],
      [22, -6],
      [24, -3],
      [27, 0],
      [27, 3],
      [25, 5],
      [21, 7],
      [15, 8],
      [10, 10],
      [4, 16],
      [-6, 14],
    ]);
    const ears = `<circle cx="10" cy="-9" r="3.4"/>`;
    const mane = male
      ? fill(
          closedPath([
            [-14, -6],
            [-6, -16],
            [6, -18],
            [14, -14],
            [17, -4],
            [15, 10],
            [9, 22],
            [-4, 26],
            [-14, 18],
            [-18, 6],
          ]),
          s.ink,
        )
      : '';
    const tail = curveLimb(quadPoints([4, -43], [-18, -38], [-22, -16]), 3.6, 2.6);
    const tuft = `<ellipse cx="-22" cy="-14" rx="3.4" ry="5" fill="${s.ink}"/>`;
    return { markup: L.far + fill(tail, s.ink) + tuft + fill(body, s.ink) + turn([82, -48], pose, mane + `<g fill="${s.ink}">${ears}</g>` + fill(head, s.ink)) + L.near, w: 118, h: 80, x0: -26 };
  };
}
export const lion = lionOf('male');
export const lioness = lionOf('female');

export const leopard: FigureFn = (s, r) => {
  const pose = r.pick([-4, 0, 10]);
  const body = closedPath([
    [4, -36],
    [16, -40],
    [40, -38],
    [58, -38],
    [70, -43],
    [80, -38],
    [84, -30],
    [80, -22],
    [60, -20],
    [36, -21],
    [14, -24],
    [4, -30],
  ]);
  const front: Pt[] = [
    [76, -25],
    [77, -10],
    [76, -2],
    [80, 0],
  ];
  const hind: Pt[] = [
    [14, -29],
    [22, -16],
    [12, -8],
    [13, -1],
    [16, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [10, 6, 5, 6]],
        [hind, [14, 8, 5, 5, 6]],
      ],
      far: [
        [shift(front, -8), [9, 6, 5, 6]],
        [shift(hind, 8), [13, 8, 5, 5, 6]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-6, -1],
    [2, -5],
    [8, -7],
    [13, -6],
    [17, -3],
    [20, 0],
    [20, 3],
    [16, 5],
    [10, 6],
    [4, 9],
    [-4, 10],
  ]);
  const tail = curveLimb(
    [
      [4, -34],
      [-10, -26],
      [-22, -18],
      [-34, -14],
      [-42, -18],
      [-46, -26],
    ],
    4.6,
    3.4,
  );
  const spots = Array.from({ length: 14 }, (_, i) => `<circle cx="${n(14 + (i % 7) * 9 + (i > 6 ? 4 : 0))}" cy="${n(i > 6 ? -26 : -33)}" r="1.6"/>`).join('');
  return {
    markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + `<g fill="${s.light}" opacity="0.25">${spots}</g>` + turn([76, -38], pose, fill(head + taper([8, -6], [8, -9], 5, 4), s.ink)) + L.near,
    w: 100,
    h: 56,
    x0: -48,
  };
};

export const cheetah: FigureFn = (s, r) => {
  const pose = r.pick([-8, 0, 6]);
  const body = closedPath([
    [4, -48],
    [16, -53],
    [36, -50],
    [54, -49],
    [66, -55],
    [76, -51],
    [80, -42],
    [76, -32],
    [64, -29],
    [50, -31],
    [34, -38],
    [18, -39],
    [6, -42],
  ]);
  const front: Pt[] = [
    [74, -38],
    [75, -16],
    [74, -3],
    [77, 0],
  ];
  const hind: Pt[] = [
    [12, -40],
    [20, -24],
    [10, -12],
    [11, -2],
    [14, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [8, 5, 4, 5]],
        [hind, [12, 7, 4, 4, 5]],
      ],
      far: [
        [shift(front, -7), [7, 5, 4, 5]],
        [shift(hind, 8), [11, 6, 4, 4, 5]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-6, -1],
    [2, -5],
    [8, -6],
    [12, -5],
    [15, -2],
    [17, 1],
    [16, 3],
    [12, 4],
    [7, 5],
    [2, 8],
    [-5, 9],
  ]);
  const tail = curveLimb(
    [
      [4, -46],
      [-10, -36],
      [-20, -24],
      [-28, -18],
      [-34, -22],
    ],
    4,
    3,
  );
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([72, -50], pose, fill(head + taper([7, -5], [6, -8], 4, 3), s.ink)) + L.near, w: 100, h: 70, x0: -36 };
};

export const hyena: FigureFn = (s, r) => {
  const pose = r.pick([0, 10, 18]);
  const body = closedPath([
    [4, -38],
    [14, -42],
    [34, -46],
    [54, -52],
    [66, -56],
    [76, -52],
    [80, -42],
    [76, -32],
    [60, -28],
    [40, -28],
    [22, -30],
    [10, -32],
    [3, -36],
  ]);
  const front: Pt[] = [
    [74, -34],
    [75, -16],
    [74, -3],
    [77, 0],
  ];
  const hind: Pt[] = [
    [12, -34],
    [18, -20],
    [10, -10],
    [11, -2],
    [14, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [10, 6, 5, 6]],
        [hind, [13, 8, 5, 5, 6]],
      ],
      far: [
        [shift(front, -8), [9, 6, 5, 6]],
        [shift(hind, 8), [12, 8, 5, 5, 6]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-4, -6],
    [6, -9],
    [16, -5],
    [24, 2],
    [28, 8],
    [24, 12],
    [14, 12],
    [4, 10],
    [-6, 4],
  ]);
  const ears = `<circle cx="5" cy="-10" r="4.2"/>`;
  const tail = taper([4, -38], [-4, -24], 5, 3);
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([72, -54], pose, `<g fill="${s.ink}">${ears}</g>` + fill(head, s.ink)) + L.near, w: 110, h: 70, x0: -6 };
};

export const wildDog: FigureFn = (s, r) => {
  const pose = r.pick([-6, 0, 10]);
  const body = closedPath([
    [4, -40],
    [14, -44],
    [34, -42],
    [52, -42],
    [62, -46],
    [70, -42],
    [72, -34],
    [66, -28],
    [50, -28],
    [32, -29],
    [16, -31],
    [6, -34],
  ]);
  const front: Pt[] = [
    [67, -31],
    [68, -14],
    [67, -2],
    [70, 0],
  ];
  const hind: Pt[] = [
    [10, -34],
    [17, -20],
    [9, -10],
    [10, -2],
    [12, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [7, 4.5, 3.6, 4.4]],
        [hind, [10, 6, 3.6, 3.6, 4.4]],
      ],
      far: [
        [shift(front, -6), [6.5, 4.5, 3.6, 4.4]],
        [shift(hind, 7), [9, 6, 3.6, 3.6, 4.4]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-2, -5],
    [6, -6],
    [14, -3],
    [20, 2],
    [19, 6],
    [12, 7],
    [4, 6],
    [-3, 2],
  ]);
  const ears = closedPath([
    [1, -4],
    [-3, -12],
    [1, -18],
    [6, -14],
    [6, -5],
  ]);
  const tail = taper([4, -40], [-6, -26], 5, 6);
  const tip = `<circle cx="-6" cy="-25" r="3.4" fill="${s.light}"/>`;
  return { markup: L.far + fill(tail, s.ink) + tip + fill(body, s.ink) + turn([66, -44], pose, fill(head + ears, s.ink)) + L.near, w: 96, h: 66, x0: -10 };
};

export const crocodile: FigureFn = (s) => {
  const body = closedPath([
    [0, -1],
    [20, -3],
    [50, -7],
    [70, -12],
    [90, -13],
    [105, -11],
    [118, -9],
    [132, -8],
    [148, -5],
    [153, -2],
    [140, 0],
    [110, 0],
    [80, 0],
    [40, 0],
    [10, 0],
  ]);
  const scutes = Array.from({ length: 12 }, (_, i) => {
    const x = 40 + i * 6;
    const y = i < 5 ? -7 - i * 1.2 : -13;
    return `M${n(x)},${n(y + 1)}L${n(x + 2)},${n(y - 3)}L${n(x + 4)},${n(y + 1)}Z`;
  }).join('');
  const limbs = fill(
    limb(
      [
        [108, -4],
        [114, 0],
      ],
      [8, 6],
    ) +
      limb(
        [
          [72, -6],
          [62, 0],
        ],
        [10, 7],
      ),
    s.ink,
  );
  const eye = `<circle cx="124" cy="-10" r="2.6" fill="${s.ink}"/>`;
  return { markup: fill(body + scutes, s.ink) + limbs + eye, w: 154, h: 16 };
};

// ---- elephant and giraffe ---------------------------------------------------------------------------

export const elephant: FigureFn = (s, r) => {
  const lift = r.range(-4, 4);
  const front: Pt[] = [
    [104, -56],
    [104, -26],
    [102, 0],
  ];
  const hind: Pt[] = [
    [18, -60],
    [16, -28],
    [20, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [24, 20, 19]],
        [hind, [28, 20, 19]],
      ],
      far: [
        [
          [
            [88, -52],
            [84, -24],
            [83, 0],
          ],
          [22, 18, 17],
        ],
        [
          [
            [36, -56],
            [42, -26],
            [44, 0],
          ],
          [24, 18, 17],
        ],
      ],
    },
    s,
  );
  const body = closedPath([
    [2, -58],
    [6, -82],
    [22, -96],
    [48, -100],
    [74, -110],
    [96, -116 + lift],
    [114, -112 + lift],
    [126, -98 + lift],
    [130, -80 + lift],
    [122, -62],
    [104, -52],
    [80, -44],
    [50, -42],
    [22, -46],
  ]);
  const trunk = curveLimb(quadPoints([125, -78 + lift], [140, -40], [133, -6]), 17, 7) + taper([133, -7], [140, -10], 7, 5);
  const ear = closedPath([
    [100, -106 + lift],
    [86, -98],
    [80, -76],
    [85, -54],
    [97, -47],
    [107, -58],
    [111, -86 + lift],
  ]);
  const tusk = curveLimb(quadPoints([121, -68 + lift], [134, -50], [147, -56]), 7, 3);
  const tail = curveLimb(quadPoints([4, -80], [-4, -66], [-2, -46]), 3, 2) + taper([-2, -48], [-2, -40], 4, 2);
  return {
    markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + L.near + fill(trunk, s.ink) + fill(ear, mid(s), ` stroke="${s.ink}" stroke-width="2"`) + fill(tusk, s.light),
    w: 150,
    h: 118,
    x0: -4,
  };
};

export const giraffe: FigureFn = (s, r) => {
  const browse = r.chance(0.35);
  const pose = browse ? 14 : r.pick([-4, 0, 4]);
  const front: Pt[] = [
    [82, -100],
    [84, -52],
    [83, -8],
    [85, 0],
  ];
  const hind: Pt[] = [
    [14, -92],
    [8, -50],
    [10, -8],
    [12, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [12, 6, 4.6, 5]],
        [hind, [14, 6, 4.6, 5]],
      ],
      far: [
        [shift(front, -12), [11, 6, 4.6, 5]],
        [shift(hind, 10), [12, 6, 4.6, 5]],
      ],
    },
    s,
  );
  const body = closedPath([
    [8, -100],
    [30, -112],
    [62, -124],
    [80, -122],
    [90, -106],
    [80, -90],
    [46, -86],
    [16, -88],
  ]);
  // Neck and head, upright, about the base of the neck.
  const neck = closedPath([
    [-12, 0],
    [4, -30],
    [28, -62],
    [42, -78],
    [50, -76],
    [48, -66],
    [30, -40],
    [20, -10],
    [14, 16],
    [-4, 14],
  ]);
  const head = closedPath([
    [38, -78],
    [44, -86],
    [56, -84],
    [68, -76],
    [67, -70],
    [56, -68],
    [46, -68],
  ]);
  const horns = taper([44, -84], [41, -96], 3, 4) + taper([49, -85], [48, -97], 3, 4) + taper([42, -80], [32, -84], 4, 2);
  const mane = line(
    [
      [-8, -2],
      [10, -36],
      [34, -70],
    ],
    s.ink,
    3,
    ' stroke-dasharray="2 2"',
  );
  const tail = curveLimb(quadPoints([8, -98], [-2, -80], [0, -58]), 3, 2) + taper([0, -62], [0, -50], 4, 2);
  const patches = Array.from({ length: 10 }, (_, i) => `<circle cx="${n(24 + (i % 5) * 12)}" cy="${n(i > 4 ? -96 : -108)}" r="3"/>`).join('');
  return {
    markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + `<g fill="${s.light}" opacity="0.16">${patches}</g>` + turn([76, -116], pose, fill(neck + head + horns, s.ink) + mane) + L.near,
    w: 150,
    h: 212,
  };
};

// ---- primates --------------------------------------------------------------------------------------------

/** A silverback sitting, an arm resting on the knee: the classic gorilla-trek encounter. */
export const gorillaSitting: FigureFn = (s) => {
  const body = closedPath([
    [58, -100],
    [66, -95],
    [71, -88],
    [72, -83],
    [76, -77],
    [77, -72],
    [73, -67],
    [70, -62],
    [72, -50],
    [84, -34],
    [89, -22],
    [87, -10],
    [91, -3],
    [82, 0],
    [50, 0],
    [20, 0],
    [9, -6],
    [4, -20],
    [4, -42],
    [10, -62],
    [20, -78],
    [32, -86],
    [42, -86],
    [48, -92],
  ]);
  const farArm = fill(
    limb(
      [
        [50, -72],
        [58, -46],
        [66, -26],
        [70, -6],
      ],
      [22, 18, 14, 12],
    ),
    s.far,
  );
  const armD =
    limb(
      [
        [57, -76],
        [66, -50],
        [78, -30],
        [85, -14],
      ],
      [26, 20, 16, 14],
    ) +
    closedPath([
      [78, -18],
      [90, -18],
      [94, -10],
      [82, -8],
    ]);
  // The near arm a shade lighter than the body, so the pose reads inside the silhouette.
  const arm = fill(armD, mix(s.ink, s.far, 0.22));
  const eye = `<circle cx="71" cy="-80" r="1.3" fill="${s.light}" opacity="0.55"/>`;
  return { markup: farArm + fill(body, s.ink) + arm + eye, w: 96, h: 100 };
};

/** A gorilla knuckle-walking across a clearing. */
export const gorillaWalking: FigureFn = (s) => {
  const body = closedPath([
    [6, -50],
    [12, -60],
    [30, -66],
    [48, -74],
    [62, -82],
    [72, -86],
    [80, -84],
    [86, -78],
    [88, -72],
    [90, -66],
    [86, -60],
    [78, -56],
    [66, -44],
    [50, -38],
    [30, -36],
    [16, -38],
    [8, -44],
  ]);
  const L = legs(
    {
      near: [
        [
          [
            [72, -66],
            [76, -38],
            [80, -10],
            [84, -2],
          ],
          [24, 18, 14, 13],
        ],
        [
          [
            [16, -46],
            [26, -24],
            [18, -6],
            [26, 0],
          ],
          [24, 17, 12, 10],
        ],
      ],
      far: [
        [
          [
            [62, -64],
            [64, -36],
            [68, -10],
            [72, -2],
          ],
          [22, 16, 13, 12],
        ],
        [
          [
            [28, -44],
            [38, -24],
            [30, -6],
            [38, 0],
          ],
          [22, 16, 12, 10],
        ],
      ],
    },
    s,
  );
  return { markup: L.far + fill(body, s.ink) + L.near, w: 96, h: 88 };
};

/** A chimpanzee sitting with its knees up, long arms resting across them. */
export const chimpanzee: FigureFn = (s) => {
  const body = closedPath([
    [44, -92],
    [52, -90],
    [57, -84],
    [60, -78],
    [66, -76],
    [69, -72],
    [66, -67],
    [58, -64],
    [56, -56],
    [60, -42],
    [72, -30],
    [76, -20],
    [72, -10],
    [76, -2],
    [66, 0],
    [40, 0],
    [16, 0],
    [8, -8],
    [6, -24],
    [10, -44],
    [20, -62],
    [30, -76],
    [36, -86],
  ]);
  const ear = `<ellipse cx="44" cy="-80" rx="5" ry="6.4" fill="${s.ink}"/>`;
  const farArm = fill(
    limb(
      [
        [40, -66],
        [46, -42],
        [56, -26],
        [64, -12],
      ],
      [13, 10, 8, 7],
    ),
    s.far,
  );
  const arm = fill(
    limb(
      [
        [44, -68],
        [54, -44],
        [68, -28],
        [82, -22],
      ],
      [15, 12, 9, 8],
    ),
    mix(s.ink, s.far, 0.22),
  );
  const eye = `<circle cx="58" cy="-80" r="1.2" fill="${s.light}" opacity="0.55"/>`;
  return { markup: farArm + fill(body, s.ink) + ear + arm + eye, w: 88, h: 94 };
};

/** A chimpanzee knuckle-walking: long arms, rounded head, ears standing out. */
export const chimpWalking: FigureFn = (s) => {
  const body = closedPath([
    [6, -50],
    [14, -58],
    [32, -62],
    [50, -68],
    [62, -72],
    [70, -70],
    [74, -64],
    [72, -56],
    [62, -48],
    [44, -42],
    [26, -40],
    [12, -42],
    [6, -46],
  ]);
  const head = closedPath([
    [66, -74],
    [70, -82],
    [78, -85],
    [84, -81],
    [88, -75],
    [94, -71],
    [95, -65],
    [89, -62],
    [80, -62],
    [72, -64],
  ]);
  const L = legs(
    {
      near: [
        [
          [
            [68, -62],
            [74, -36],
            [78, -12],
            [82, -2],
          ],
          [12, 10, 8, 8],
        ],
        [
          [
            [14, -46],
            [22, -26],
            [14, -8],
            [20, 0],
          ],
          [16, 12, 8, 8],
        ],
      ],
      far: [
        [
          [
            [58, -60],
            [62, -34],
            [64, -12],
            [68, -2],
          ],
          [11, 9, 7, 7],
        ],
        [
          [
            [24, -44],
            [32, -26],
            [26, -8],
            [32, 0],
          ],
          [15, 11, 7, 7],
        ],
      ],
    },
    s,
  );
  const ear = `<circle cx="75" cy="-75" r="4.4" fill="${s.ink}"/>`;
  return { markup: L.far + fill(body, s.ink) + fill(head, s.ink) + ear + L.near, w: 96, h: 86 };
};

/** A monkey sitting on a branch with its long tail hanging: the branch runs along y = -44. */
function monkeyOf(kind: 'plain' | 'colobus' | 'golden'): FigureFn {
  return (s, r) => {
    const look = r.pick([-10, 0, 10]);
    const by = -44;
    const branch = fill(
      limb(
        [
          [-30, by + 3],
          [20, by + 1],
          [70, by + 4],
          [110, by + 1],
        ],
        [9, 8, 7, 5],
      ),
      s.ink,
    );
    const body = closedPath([
      [20, by - 46],
      [30, by - 40],
      [36, by - 26],
      [38, by - 10],
      [40, by],
      [24, by + 2],
      [10, by],
      [6, by - 14],
      [8, by - 32],
      [12, by - 44],
    ]);
    const head = closedPath([
      [-8, -6],
      [-4, -14],
      [4, -16],
      [12, -12],
      [16, -4],
      [14, 4],
      [6, 8],
      [-4, 6],
    ]);
    const arm = fill(
      limb(
        [
          [28, by - 36],
          [36, by - 18],
          [42, by - 4],
        ],
        [8, 6, 5],
      ),
      s.ink,
    );
    const tailPts: Pt[] = [
      [10, by],
      [4, by + 14],
      [2, by + 30],
      [6, -2],
    ];
    const tail = kind === 'colobus' ? fill(curveLimb(tailPts, 3, 9), s.light) + fill(curveLimb(tailPts.slice(0, 2), 3, 3), s.ink) : fill(curveLimb(tailPts, 3.4, 2.6), s.ink);
    const mantle =
      kind === 'colobus'
        ? `<path d="${closedPath([
            [10, by - 40],
            [6, by - 24],
            [8, by - 8],
            [14, by - 26],
            [18, by - 40],
          ])}" fill="${s.light}" opacity="0.85"/>`
        : '';
    const ruff =
      kind === 'colobus'
        ? `<path d="${closedPath([
            [-8, -4],
            [-10, 4],
            [-2, 10],
            [4, 8],
          ])}" fill="${s.light}" opacity="0.85"/>`
        : '';
    const golden =
      kind === 'golden'
        ? `<path d="${closedPath([
            [14, by - 40],
            [10, by - 24],
            [14, by - 6],
            [22, by - 20],
            [24, by - 38],
          ])}" fill="${s.accent}" opacity="0.55"/>`
        : '';
    return { markup: branch + tail + fill(body, s.ink) + mantle + golden + turn([22, by - 50], look, fill(head, s.ink) + ruff) + arm, w: 110, h: 112, x0: -30 };
  };
}
export const monkey = monkeyOf('plain');
export const colobus = monkeyOf('colobus');
export const goldenMonkey = monkeyOf('golden');

export const baboon: FigureFn = (s, r) => {
  const pose = r.pick([-4, 0, 10]);
  const body = closedPath([
    [6, -36],
    [16, -42],
    [36, -40],
    [52, -42],
    [64, -47],
    [72, -42],
    [74, -32],
    [68, -26],
    [50, -24],
    [30, -24],
    [14, -26],
    [6, -30],
  ]);
  const front: Pt[] = [
    [66, -30],
    [68, -12],
    [68, -2],
    [72, 0],
  ];
  const hind: Pt[] = [
    [12, -32],
    [20, -18],
    [12, -8],
    [14, 0],
  ];
  const L = legs(
    {
      near: [
        [front, [9, 6, 5, 6]],
        [hind, [12, 8, 5, 6]],
      ],
      far: [
        [shift(front, -7), [8, 6, 5, 6]],
        [shift(hind, 8), [11, 7, 5, 6]],
      ],
    },
    s,
  );
  const head = closedPath([
    [-4, -6],
    [6, -10],
    [14, -8],
    [18, -4],
    [28, 0],
    [30, 6],
    [24, 8],
    [12, 8],
    [2, 8],
    [-6, 2],
  ]);
  const tail = curveLimb(
    [
      [6, -38],
      [0, -50],
      [-6, -48],
      [-10, -36],
      [-14, -22],
    ],
    4.4,
    3,
  );
  return { markup: L.far + fill(tail, s.ink) + fill(body, s.ink) + turn([68, -44], pose, fill(head, s.ink)) + L.near, w: 104, h: 58, x0: -16 };
};
