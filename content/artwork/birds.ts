// Bird silhouettes, facing right. Standing birds have their feet on y = 0; perching birds sit on a
// short branch drawn along y = 0 as part of the figure. Each bird keeps one tell-tale colour (a
// crane's golden crown, a fish eagle's white head, a flamingo's pink) so species read at a glance.
import { fill, line, type FigureFn, type FigureStyle } from './fauna.ts';
import { closedPath, curveLimb, limb, mix, n, quadPoints, taper, type Pt } from './svg.ts';

const eye = (x: number, y: number, s: FigureStyle, r = 1.4) => `<circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="${s.light}" opacity="0.7"/>`;

/** A short, slightly crooked branch for perching birds, ending in a twig. */
function branch(s: FigureStyle, x0: number, x1: number): string {
  const m = (x0 + x1) / 2;
  return fill(
    limb(
      [
        [x0, 3],
        [m, 0],
        [x1, 2],
      ],
      [6, 5, 3],
    ) + taper([m + 10, 0], [m + 22, -10], 3, 1.5),
    s.ink,
  );
}

/** Thin legs with a hint of toes. */
function birdLegs(s: FigureStyle, hips: Pt[], feet: Pt[], w = 2.4): string {
  let d = '';
  hips.forEach((h, i) => {
    const f = feet[i]!;
    const knee: Pt = [(h[0] + f[0]) / 2 + 1.5, (h[1] + f[1]) / 2];
    d += limb([h, knee, f], [w, w * 0.85, w * 0.8]) + taper(f, [f[0] + 7, f[1]], w * 0.7, w * 0.5) + taper(f, [f[0] - 4, f[1]], w * 0.7, w * 0.5);
  });
  return fill(d, s.ink);
}

export const shoebill: FigureFn = (s) => {
  const body = closedPath([
    [18, -58],
    [22, -78],
    [30, -96],
    [44, -112],
    [54, -120],
    [64, -118],
    [76, -114],
    [90, -106],
    [98, -98],
    [99, -92],
    [94, -94],
    [80, -96],
    [66, -100],
    [60, -99],
    [56, -94],
    [54, -82],
    [52, -66],
    [46, -58],
    [38, -55],
    [28, -54],
  ]);
  const crest = taper([44, -112], [36, -116], 5, 2);
  const wing = `<path d="${closedPath([
    [24, -64],
    [28, -84],
    [38, -98],
    [46, -86],
    [44, -66],
  ])}" fill="${mix(s.ink, s.light, 0.12)}"/>`;
  return {
    markup:
      birdLegs(
        s,
        [
          [42, -58],
          [36, -58],
        ],
        [
          [43, 0],
          [33, 0],
        ],
        3.2,
      ) +
      fill(body + crest, s.ink) +
      wing +
      eye(62, -110, s, 1.8),
    w: 104,
    h: 122,
  };
};

export const crownedCrane: FigureFn = (s) => {
  const body = closedPath([
    [8, -62],
    [22, -72],
    [42, -77],
    [56, -73],
    [60, -64],
    [50, -57],
    [32, -56],
    [16, -58],
  ]);
  const neck = curveLimb(quadPoints([54, -70], [70, -86], [64, -104]), 8, 5);
  const head = closedPath([
    [60, -104],
    [64, -110],
    [70, -109],
    [74, -105],
    [82, -102],
    [74, -100],
    [64, -98],
  ]);
  const crown = Array.from({ length: 9 }, (_, i) => {
    const a = -150 + i * 16;
    const rad = (a * Math.PI) / 180;
    return `M66,-110L${n(66 + Math.cos(rad) * 14)},${n(-110 + Math.sin(rad) * 14)}`;
  }).join('');
  const wing = `<path d="${closedPath([
    [22, -66],
    [38, -72],
    [52, -68],
    [44, -62],
    [28, -61],
  ])}" fill="${s.light}" opacity="0.8"/>`;
  return {
    markup:
      birdLegs(
        s,
        [
          [38, -57],
          [32, -57],
        ],
        [
          [40, 0],
          [28, 0],
        ],
      ) +
      fill(body + neck + head, s.ink) +
      wing +
      `<path d="${crown}" stroke="${s.accent}" stroke-width="2" stroke-linecap="round"/>` +
      eye(68, -105, s),
    w: 84,
    h: 126,
  };
};

function storkOf(kind: 'marabou' | 'saddlebill' | 'heron' | 'egret'): FigureFn {
  return (s) => {
    const hunched = kind === 'marabou';
    const colour = kind === 'egret' ? s.light : s.ink;
    const body = closedPath([
      [6, -60],
      [18, -70],
      [38, -76],
      [52, -72],
      [56, -62],
      [46, -55],
      [28, -54],
      [14, -56],
    ]);
    const neckTop: Pt = hunched ? [58, -86] : [62, -112];
    const neck = hunched ? curveLimb(quadPoints([50, -70], [58, -78], neckTop), 12, 9) : curveLimb([[50, -70], [62, -84], [54, -98], neckTop], 6, 4.5);
    const head = closedPath([
      [neckTop[0] - 5, neckTop[1]],
      [neckTop[0], neckTop[1] - 6],
      [neckTop[0] + 6, neckTop[1] - 4],
      [neckTop[0] + 7, neckTop[1] + 2],
      [neckTop[0], neckTop[1] + 4],
    ]);
    const billLen = kind === 'heron' || kind === 'egret' ? 20 : 30;
    const bill = taper([neckTop[0] + 4, neckTop[1] - 1], [neckTop[0] + 4 + billLen, neckTop[1] + (hunched ? 14 : 6)], hunched ? 8 : 5, 1.5);
    const pouch = hunched
      ? fill(
          closedPath([
            [neckTop[0] - 2, neckTop[1] + 6],
            [neckTop[0] + 4, neckTop[1] + 16],
            [neckTop[0] - 2, neckTop[1] + 24],
            [neckTop[0] - 6, neckTop[1] + 12],
          ]),
          colour,
        )
      : '';
    const band =
      kind === 'saddlebill'
        ? line(
            [
              [neckTop[0] + 10, neckTop[1] + 1],
              [neckTop[0] + 14, neckTop[1] + 2.2],
            ],
            s.accent,
            4,
          )
        : '';
    return {
      markup:
        birdLegs(
          s,
          [
            [34, -55],
            [28, -55],
          ],
          [
            [36, 0],
            [24, 0],
          ],
        ) +
        fill(body + neck + head, colour) +
        fill(bill, kind === 'egret' ? s.accent : colour) +
        pouch +
        band,
      w: 100,
      h: hunched ? 90 : 120,
    };
  };
}
export const marabou = storkOf('marabou');
export const saddlebill = storkOf('saddlebill');
export const heron = storkOf('heron');
export const egret = storkOf('egret');

export const flamingo: FigureFn = (s, r) => {
  const pink = s.accent;
  const oneLeg = r.chance(0.5);
  const body = closedPath([
    [6, -78],
    [18, -88],
    [36, -90],
    [48, -84],
    [50, -76],
    [40, -70],
    [22, -70],
    [10, -72],
  ]);
  const neck = curveLimb(
    [
      [44, -86],
      [56, -96],
      [50, -110],
      [54, -124],
      [64, -128],
    ],
    5,
    4,
  );
  const head = closedPath([
    [60, -132],
    [68, -132],
    [72, -128],
    [68, -124],
    [61, -125],
  ]);
  const bill = fill(
    limb(
      [
        [68, -130],
        [76, -126],
        [74, -116],
      ],
      [5, 4, 1.6],
    ),
    s.ink,
  );
  const legs = oneLeg
    ? fill(
        limb(
          [
            [30, -72],
            [31, -36],
            [30, 0],
          ],
          [2.6, 2.2, 2],
        ) +
          limb(
            [
              [26, -72],
              [20, -50],
              [30, -40],
            ],
            [2.6, 2.2, 2],
          ),
        pink,
      )
    : fill(
        limb(
          [
            [30, -72],
            [31, -36],
            [30, 0],
          ],
          [2.6, 2.2, 2],
        ) +
          limb(
            [
              [24, -72],
              [22, -36],
              [22, 0],
            ],
            [2.6, 2.2, 2],
          ),
        pink,
      );
  return {
    markup:
      legs +
      fill(body + neck + head, pink) +
      bill +
      fill(
        closedPath([
          [12, -78],
          [26, -84],
          [40, -80],
          [24, -76],
        ]),
        mix(pink, s.ink, 0.35),
      ),
    w: 80,
    h: 134,
  };
};

export const pelican: FigureFn = (s) => {
  // Swimming: the water line is y = 0.
  const body = closedPath([
    [0, -6],
    [10, -20],
    [32, -26],
    [50, -22],
    [58, -12],
    [54, 0],
    [6, 0],
  ]);
  const neck = curveLimb(
    [
      [50, -20],
      [60, -34],
      [54, -48],
      [60, -56],
    ],
    9,
    7,
  );
  const head = closedPath([
    [54, -58],
    [60, -62],
    [66, -58],
    [64, -52],
    [56, -52],
  ]);
  const bill = closedPath([
    [62, -58],
    [92, -40],
    [90, -36],
    [70, -34],
    [62, -46],
  ]);
  const ripple = `<path d="M-6,3 H70 M6,7 H58" stroke="${s.light}" stroke-width="1.4" opacity="0.55"/>`;
  return {
    markup:
      fill(body + neck + head, s.light) +
      fill(bill, s.accent) +
      fill(
        closedPath([
          [10, -12],
          [28, -22],
          [46, -18],
          [30, -10],
        ]),
        mix(s.light, s.ink, 0.25),
      ) +
      ripple,
    w: 96,
    h: 64,
    x0: -6,
  };
};

/** The secretary bird: a hawk's head and crest of quills on a crane's legs, striding through grass. */
export const secretarybird: FigureFn = (s) => {
  const body = closedPath([
    [4, -66],
    [18, -76],
    [38, -80],
    [52, -76],
    [56, -66],
    [46, -60],
    [28, -58],
    [12, -60],
  ]);
  const tail = taper([8, -68], [-22, -56], 7, 3);
  const neck = curveLimb(
    [
      [50, -74],
      [58, -88],
      [58, -100],
    ],
    7,
    5,
  );
  const head = closedPath([
    [54, -104],
    [60, -108],
    [66, -106],
    [68, -100],
    [62, -96],
    [56, -98],
  ]);
  const bill = closedPath([
    [66, -104],
    [72, -101],
    [70, -97],
    [66, -99],
  ]);
  const crest = [0, 1, 2, 3, 4].map((i) => `M${n(56 - i)},${n(-104 + i * 2)}L${n(40 - i * 3)},${n(-110 + i * 5)}`).join('');
  const face = `<path d="${closedPath([
    [60, -104],
    [66, -103],
    [64, -99],
    [60, -100],
  ])}" fill="${s.accent}"/>`;
  return {
    markup:
      fill(
        limb(
          [
            [30, -60],
            [38, -34],
            [44, 0],
          ],
          [4, 2.6, 2.2],
        ),
        s.far,
      ) +
      fill(
        limb(
          [
            [36, -60],
            [30, -32],
            [26, 0],
          ],
          [4.4, 2.8, 2.4],
        ),
        s.ink,
      ) +
      fill(tail + body + neck + head, s.ink) +
      fill(bill, s.ink) +
      `<path d="${crest}" stroke="${s.ink}" stroke-width="1.8" stroke-linecap="round"/>` +
      face,
    w: 80,
    h: 114,
    x0: -22,
  };
};

export const fishEagle: FigureFn = (s) => {
  const body = closedPath([
    [34, -20],
    [26, -36],
    [26, -56],
    [32, -70],
    [42, -74],
    [48, -66],
    [48, -46],
    [44, -28],
    [40, -14],
    [36, 6],
    [30, 10],
    [30, -4],
  ]);
  const head = closedPath([
    [34, -70],
    [36, -82],
    [44, -88],
    [52, -86],
    [56, -80],
    [60, -76],
    [55, -74],
    [50, -72],
    [44, -64],
    [36, -62],
  ]);
  const bill = fill(
    closedPath([
      [54, -82],
      [62, -80],
      [62, -74],
      [57, -76],
    ]),
    s.accent,
  );
  return {
    markup:
      branch(s, -10, 80) +
      birdLegs(
        s,
        [
          [40, -26],
          [36, -26],
        ],
        [
          [42, 0],
          [36, 0],
        ],
        3.4,
      ) +
      fill(body, s.ink) +
      fill(head, s.light) +
      bill +
      eye(50, -80, { ...s, light: s.ink }, 1.6),
    w: 80,
    h: 90,
    x0: -10,
  };
};

/** A perching bird on a branch, with per-species head, bill and tail. */
function percherOf(o: {
  size?: number;
  bill?: 'short' | 'dagger' | 'curved' | 'hooked' | 'casque';
  tail?: number;
  streamers?: boolean;
  crest?: boolean;
  accentOn?: 'breast' | 'crest' | 'wing' | 'bill' | 'none';
}): FigureFn {
  return (s) => {
    const k = o.size ?? 1;
    const tailLen = o.tail ?? 18;
    const P = (x: number, y: number): Pt => [x * k, y * k];
    const body = closedPath([P(20, -12), P(18, -24), P(24, -36), P(34, -42), P(44, -40), P(48, -32), P(44, -18), P(34, -10), P(26, -8)]);
    const head = closedPath([P(38, -40), P(40, -50), P(48, -54), P(55, -50), P(56, -43), P(50, -37)]);
    const tail = taper(P(24, -14), P(24 - tailLen * 0.45, -14 + tailLen), (tailLen > 24 ? 7 : 9) * k, (tailLen > 24 ? 5 : 4) * k);
    const bills: Record<string, string> = {
      short: closedPath([P(54, -48), P(61, -46), P(54, -43)]),
      dagger: closedPath([P(53, -49), P(72, -45), P(53, -42)]),
      curved: limb([P(54, -46), P(62, -44), P(68, -38)], [3 * k, 2 * k, 0.8 * k]),
      hooked: closedPath([P(53, -50), P(60, -48), P(62, -44), P(58, -45), P(53, -43)]),
      casque: closedPath([P(52, -54), P(62, -56), P(76, -46), P(72, -40), P(54, -42)]),
    };
    const bill = bills[o.bill ?? 'short']!;
    const crest = o.crest ? closedPath([P(40, -49), P(39, -58), P(43, -65), P(49, -64), P(52, -56), P(52, -50)]) : '';
    const streamers = o.streamers ? line([P(22, -12), P(16, 8), P(10, 26)], s.ink, 1.6 * k) + line([P(25, -12), P(20, 10), P(16, 28)], s.ink, 1.6 * k) : '';
    const accent =
      o.accentOn === 'breast'
        ? `<path d="${closedPath([P(40, -38), P(47, -34), P(44, -20), P(36, -14), P(38, -26)])}" fill="${s.accent}"/>`
        : o.accentOn === 'wing'
          ? `<path d="${closedPath([P(22, -24), P(30, -36), P(40, -34), P(34, -20)])}" fill="${s.accent}"/>`
          : o.accentOn === 'crest' && crest
            ? `<path d="${crest}" fill="${s.accent}"/>`
            : '';
    const billColour = o.accentOn === 'bill' ? s.accent : s.ink;
    const feet = fill(taper(P(32, -10), P(33, 0), 2.6 * k, 2 * k) + taper(P(38, -11), P(39, 0), 2.6 * k, 2 * k), s.ink);
    return {
      markup:
        branch(s, -6 * k, 80 * k) +
        feet +
        fill(tail, s.ink) +
        streamers +
        fill(body + head + (o.accentOn === 'crest' ? '' : crest), s.ink) +
        accent +
        fill(bill, billColour) +
        eye(50 * k, -48 * k, s, 1.2 * k),
      w: 80 * k,
      h: (o.crest ? 68 : 58) * k,
      x0: -6 * k,
    };
  };
}
export const turaco = percherOf({ size: 1.2, tail: 34, crest: true, accentOn: 'wing', bill: 'short' });
export const kingfisher = percherOf({ size: 0.9, tail: 10, bill: 'dagger', accentOn: 'breast' });
export const roller = percherOf({ tail: 16, streamers: true, accentOn: 'breast', bill: 'hooked' });
export const sunbird = percherOf({ size: 0.75, tail: 14, bill: 'curved', accentOn: 'breast' });
export const hornbill = percherOf({ size: 1.3, tail: 30, bill: 'casque', accentOn: 'bill' });
export const beeEater = percherOf({ size: 0.85, tail: 22, streamers: true, bill: 'curved', accentOn: 'breast' });
export const songbird = percherOf({ tail: 16, bill: 'short', accentOn: 'breast' });
export const broadbill = percherOf({ tail: 10, bill: 'short', accentOn: 'wing' });
export const weaver = percherOf({ size: 0.85, tail: 12, bill: 'short', accentOn: 'breast' });

export const vulture: FigureFn = (s) => {
  const body = closedPath([
    [20, -10],
    [14, -30],
    [18, -50],
    [30, -60],
    [44, -60],
    [52, -50],
    [50, -30],
    [40, -14],
    [30, -6],
  ]);
  const neck = curveLimb(
    [
      [46, -54],
      [52, -62],
      [58, -60],
    ],
    5,
    4,
  );
  const head = closedPath([
    [54, -64],
    [62, -64],
    [66, -58],
    [60, -55],
    [54, -58],
  ]);
  const ruff = fill(
    closedPath([
      [40, -60],
      [48, -64],
      [52, -56],
      [44, -52],
    ]),
    s.light,
  );
  return { markup: branch(s, -10, 80) + fill(body + neck + head, s.ink) + ruff, w: 80, h: 68, x0: -10 };
};

export const owl: FigureFn = (s) => {
  const body = closedPath([
    [22, -4],
    [16, -24],
    [18, -44],
    [26, -56],
    [38, -58],
    [46, -48],
    [48, -28],
    [42, -10],
    [32, -2],
  ]);
  const ears = taper([24, -54], [20, -66], 6, 2) + taper([40, -56], [44, -68], 6, 2);
  const eyes = `<circle cx="28" cy="-46" r="3.6" fill="${s.accent}"/><circle cx="40" cy="-46" r="3.6" fill="${s.accent}"/>`;
  return { markup: branch(s, -10, 70) + fill(body + ears, s.ink) + eyes, w: 70, h: 68, x0: -10 };
};

export const groundBird: FigureFn = (s) => {
  // Francolin and guineafowl: a round body on short legs, head forward.
  const body = closedPath([
    [4, -20],
    [12, -30],
    [30, -34],
    [44, -28],
    [48, -18],
    [38, -10],
    [18, -10],
  ]);
  const neck = curveLimb(
    [
      [42, -26],
      [50, -34],
      [54, -36],
    ],
    8,
    6,
  );
  const head = closedPath([
    [50, -38],
    [56, -42],
    [62, -38],
    [66, -36],
    [60, -33],
    [52, -33],
  ]);
  const spots = Array.from({ length: 8 }, (_, i) => `<circle cx="${n(12 + (i % 4) * 8)}" cy="${n(i > 3 ? -18 : -25)}" r="1.3"/>`).join('');
  return {
    markup:
      birdLegs(
        s,
        [
          [28, -11],
          [22, -11],
        ],
        [
          [30, 0],
          [20, 0],
        ],
        2.6,
      ) +
      fill(body + neck + head, s.ink) +
      `<g fill="${s.light}" opacity="0.45">${spots}</g>`,
    w: 68,
    h: 44,
  };
};

export const ostrich: FigureFn = (s) => {
  const body = closedPath([
    [4, -84],
    [18, -100],
    [44, -104],
    [58, -94],
    [56, -80],
    [40, -72],
    [18, -72],
  ]);
  const neck = curveLimb(
    [
      [50, -96],
      [60, -120],
      [58, -150],
      [62, -160],
    ],
    7,
    4,
  );
  const head = closedPath([
    [58, -164],
    [66, -166],
    [74, -160],
    [66, -158],
    [58, -158],
  ]);
  const tail = fill(
    closedPath([
      [6, -88],
      [-4, -96],
      [-2, -80],
      [8, -78],
    ]),
    s.light,
  );
  return {
    markup:
      fill(
        limb(
          [
            [36, -74],
            [44, -40],
            [40, 0],
          ],
          [9, 5, 4],
        ),
        s.far,
      ) +
      fill(
        limb(
          [
            [28, -74],
            [24, -40],
            [28, 0],
          ],
          [10, 5, 4],
        ),
        s.ink,
      ) +
      tail +
      fill(body + neck + head, s.ink),
    w: 80,
    h: 168,
  };
};

/** A bird in flight, wings raised or spread; used in skies and as a species image for raptors. */
export function flyer(kind: 'soar' | 'flap'): FigureFn {
  return (s) => {
    if (kind === 'soar') {
      const d = closedPath([
        [0, -10],
        [20, -16],
        [40, -18],
        [50, -22],
        [56, -18],
        [60, -20],
        [64, -18],
        [70, -22],
        [80, -18],
        [100, -16],
        [120, -10],
        [96, -8],
        [70, -10],
        [62, -6],
        [58, -2],
        [54, -6],
        [46, -10],
        [24, -8],
      ]);
      return { markup: fill(d, s.ink), w: 120, h: 24 };
    }
    const d = `M0,-18 Q12,-26 26,-10 Q40,-26 52,-18 Q40,-20 26,-4 Q12,-20 0,-18Z`;
    return { markup: fill(d, s.ink), w: 52, h: 26 };
  };
}
export const soaringEagle = flyer('soar');
