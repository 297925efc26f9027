// Portraits for travellers' reviews that come without a photo: a head-and-shoulders figure in
// the site's flat, layered style, standing before a small landscape (sky, sun, two ridges) in the
// palette of a country. Skin, hair, clothes, hat, glasses and scarf are chosen from the seed (the
// review's path), so a review always gets the same portrait and no two look alike by accident.
import { countries, palettes, type Country, type TimeOfDay } from './palettes.ts';
import { rng, type Rng } from './rng.ts';
import { closedPath, Doc, mix, n, ridgeShape, shade, type Pt } from './svg.ts';

export interface PortraitSpec {
  seed: string;
  /** Read in the picture's title (its accessible name when the SVG is looked at). */
  name: string;
  country?: Country;
}

const SKIN = ['#f3d3bd', '#e8bb98', '#d69f78', '#b87c55', '#8d5a3b', '#6b412a', '#4e2e1e'];
const HAIR = ['#1e1613', '#2f211a', '#4a3121', '#6e4a2c', '#a0703f', '#c9a06a', '#8c8a86', '#d9d4cc'];
const CLOTHES = ['#4f6b3a', '#7a6a45', '#b4532a', '#2f5d3f', '#3d5a80', '#8a5d12', '#6d4c7d', '#c69c3f', '#2b4a5c'];
const HAIR_STYLES = ['short', 'cropped', 'long', 'bun', 'curly', 'bob', 'wavy'] as const;
type HairStyle = (typeof HAIR_STYLES)[number];

/** The portrait's SVG, width x height (square avatars). */
export function drawPortrait(spec: PortraitSpec, width: number, height: number): string {
  const r = rng(`portrait:${spec.seed}`);
  const country = spec.country ?? r.pick(countries);
  const pal = palettes[country];
  const time: TimeOfDay = r.pick(['morning', 'golden', 'dawn'] as const);
  const sky = pal.skies[time];
  const doc = new Doc(width, height);
  const s = Math.min(width, height) / 320;
  const cx = width / 2;

  // Sky and sun.
  doc.add(
    `<rect width="${width}" height="${height}" fill="${doc.linear([
      { at: 0, color: sky.upper },
      { at: 0.6, color: sky.lower },
      { at: 1, color: sky.horizon },
    ])}"/>`,
  );
  const sunX = r.pick([0.22, 0.78]) * width;
  doc.add(`<circle cx="${n(sunX)}" cy="${n(height * 0.3)}" r="${n(70 * s)}" fill="${sky.glow}" opacity="0.45"/>`);
  doc.add(`<circle cx="${n(sunX)}" cy="${n(height * 0.3)}" r="${n(30 * s)}" fill="${sky.sun}"/>`);

  // Two ridges of the country's hills.
  const ridge = (y: number, amp: number, colour: string, rr: Rng) => {
    const pts: Pt[] = [];
    for (let i = 0; i <= 6; i++) pts.push([(i / 6) * width, y + rr.range(-amp, amp) * s]);
    doc.add(`<path d="${ridgeShape(pts, height)}" fill="${colour}"/>`);
  };
  ridge(height * 0.55, 26, mix(pal.far, sky.horizon, 0.35), r.fork('far'));
  ridge(height * 0.68, 18, pal.mid, r.fork('mid'));

  // The person.
  const skin = r.pick(SKIN);
  const hair = r.pick(HAIR);
  const clothes = r.pick(CLOTHES);
  const style: HairStyle = r.pick(HAIR_STYLES);
  const hat = r.chance(0.3);
  const glasses = r.chance(0.3);
  const scarf = !hat && r.chance(0.35);
  const headW = r.range(58, 66) * s;
  const headH = headW * r.range(1.18, 1.3);
  const headY = height * 0.44;
  const shoulderY = height * 0.8;
  const skinShade = shade(skin, -0.14);

  // Hair that falls behind the shoulders.
  if (style === 'long' || style === 'wavy') {
    const len = (style === 'long' ? 1.55 : 1.25) * headH;
    doc.add(
      `<path d="${closedPath([
        [cx - headW * 1.1, headY - headH * 0.2],
        [cx - headW * 1.2, headY + len * 0.6],
        [cx - headW * 0.9, headY + len],
        [cx + headW * 0.9, headY + len],
        [cx + headW * 1.2, headY + len * 0.6],
        [cx + headW * 1.1, headY - headH * 0.2],
        [cx, headY - headH * 1.05],
      ])}" fill="${shade(hair, -0.08)}"/>`,
    );
  }

  // Shoulders and the shirt's collar.
  doc.add(
    `<path d="M${n(cx - 150 * s)},${n(height)}C${n(cx - 146 * s)},${n(shoulderY - 10 * s)} ${n(cx - 96 * s)},${n(shoulderY - 36 * s)} ${n(cx - 40 * s)},${n(shoulderY - 40 * s)}L${n(cx + 40 * s)},${n(shoulderY - 40 * s)}C${n(cx + 96 * s)},${n(shoulderY - 36 * s)} ${n(cx + 146 * s)},${n(shoulderY - 10 * s)} ${n(cx + 150 * s)},${n(height)}Z" fill="${clothes}"/>`,
  );
  // Neck.
  doc.add(
    `<path d="M${n(cx - 20 * s)},${n(headY + headH * 0.6)}L${n(cx - 22 * s)},${n(shoulderY - 30 * s)}Q${n(cx)},${n(shoulderY - 8 * s)} ${n(cx + 22 * s)},${n(shoulderY - 30 * s)}L${n(cx + 20 * s)},${n(headY + headH * 0.6)}Z" fill="${skinShade}"/>`,
  );
  // Collar: a safari shirt's lapels, or a scarf in the country's accent colour.
  if (scarf) {
    doc.add(
      `<path d="M${n(cx - 46 * s)},${n(shoulderY - 40 * s)}Q${n(cx)},${n(shoulderY + 2 * s)} ${n(cx + 46 * s)},${n(shoulderY - 40 * s)}L${n(cx + 38 * s)},${n(shoulderY - 22 * s)}Q${n(cx)},${n(shoulderY + 22 * s)} ${n(cx - 38 * s)},${n(shoulderY - 22 * s)}Z" fill="${pal.accent}"/>`,
    );
    doc.add(`<path d="M${n(cx + 14 * s)},${n(shoulderY - 10 * s)}l${n(12 * s)},${n(46 * s)}l${n(14 * s)},${n(-6 * s)}z" fill="${shade(pal.accent, -0.15)}"/>`);
  } else {
    const lapel = shade(clothes, -0.18);
    doc.add(
      `<path d="M${n(cx - 30 * s)},${n(shoulderY - 40 * s)}L${n(cx)},${n(shoulderY - 4 * s)}L${n(cx - 8 * s)},${n(shoulderY + 18 * s)}L${n(cx - 44 * s)},${n(shoulderY - 30 * s)}Z" fill="${lapel}"/>`,
    );
    doc.add(
      `<path d="M${n(cx + 30 * s)},${n(shoulderY - 40 * s)}L${n(cx)},${n(shoulderY - 4 * s)}L${n(cx + 8 * s)},${n(shoulderY + 18 * s)}L${n(cx + 44 * s)},${n(shoulderY - 30 * s)}Z" fill="${lapel}"/>`,
    );
  }

  // Ears and head.
  doc.add(`<ellipse cx="${n(cx - headW * 0.98)}" cy="${n(headY + headH * 0.05)}" rx="${n(9 * s)}" ry="${n(13 * s)}" fill="${skinShade}"/>`);
  doc.add(`<ellipse cx="${n(cx + headW * 0.98)}" cy="${n(headY + headH * 0.05)}" rx="${n(9 * s)}" ry="${n(13 * s)}" fill="${skinShade}"/>`);
  doc.add(`<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(headW)}" ry="${n(headH * 0.82)}" fill="${skin}"/>`);

  // Hair on top of the head.
  doc.add(hairTop(style, cx, headY, headW, headH, hair, r));

  // Face: eyes, brows, nose, smile, cheeks.
  const eyeY = headY + headH * 0.02;
  const eyeDx = headW * 0.4;
  const ink = '#2a1d16';
  for (const side of [-1, 1]) {
    doc.add(`<ellipse cx="${n(cx + side * eyeDx)}" cy="${n(eyeY)}" rx="${n(5.2 * s)}" ry="${n(6.4 * s)}" fill="${ink}"/>`);
    doc.add(
      `<path d="M${n(cx + side * (eyeDx - 12 * s))},${n(eyeY - 16 * s)}Q${n(cx + side * eyeDx)},${n(eyeY - 22 * s)} ${n(cx + side * (eyeDx + 12 * s))},${n(eyeY - 15 * s)}" stroke="${shade(hair, -0.1)}" stroke-width="${n(4 * s)}" fill="none" stroke-linecap="round"/>`,
    );
    doc.add(`<ellipse cx="${n(cx + side * (eyeDx + 6 * s))}" cy="${n(eyeY + 20 * s)}" rx="${n(10 * s)}" ry="${n(6 * s)}" fill="#e0705a" opacity="0.22"/>`);
  }
  doc.add(
    `<path d="M${n(cx - 3 * s)},${n(eyeY + 8 * s)}Q${n(cx + 6 * s)},${n(eyeY + 22 * s)} ${n(cx - 4 * s)},${n(eyeY + 26 * s)}" stroke="${skinShade}" stroke-width="${n(3.5 * s)}" fill="none" stroke-linecap="round"/>`,
  );
  const smile = r.range(10, 16) * s;
  doc.add(
    `<path d="M${n(cx - smile)},${n(eyeY + 38 * s)}Q${n(cx)},${n(eyeY + 38 * s + smile * 0.9)} ${n(cx + smile)},${n(eyeY + 38 * s)}" stroke="${ink}" stroke-width="${n(3.6 * s)}" fill="none" stroke-linecap="round"/>`,
  );
  if (glasses) {
    const frame = r.pick(['#2a1d16', '#7a4b2a', '#3d5a80']);
    for (const side of [-1, 1]) doc.add(`<circle cx="${n(cx + side * eyeDx)}" cy="${n(eyeY)}" r="${n(15 * s)}" fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="${n(3.4 * s)}"/>`);
    doc.add(
      `<path d="M${n(cx - eyeDx + 15 * s)},${n(eyeY - 2 * s)}Q${n(cx)},${n(eyeY - 8 * s)} ${n(cx + eyeDx - 15 * s)},${n(eyeY - 2 * s)}" stroke="${frame}" stroke-width="${n(3 * s)}" fill="none"/>`,
    );
  }

  // A wide-brimmed safari hat.
  if (hat) {
    const hatColour = r.pick(['#c8a971', '#a68a5b', '#6f6a4b', '#d8c39a']);
    const brimY = headY - headH * 0.5;
    doc.add(`<ellipse cx="${n(cx)}" cy="${n(brimY)}" rx="${n(headW * 1.75)}" ry="${n(headW * 0.34)}" fill="${shade(hatColour, -0.12)}"/>`);
    doc.add(
      `<path d="M${n(cx - headW * 0.95)},${n(brimY)}C${n(cx - headW * 0.9)},${n(brimY - headH * 0.62)} ${n(cx + headW * 0.9)},${n(brimY - headH * 0.62)} ${n(cx + headW * 0.95)},${n(brimY)}Z" fill="${hatColour}"/>`,
    );
    doc.add(
      `<path d="M${n(cx - headW * 0.95)},${n(brimY - 6 * s)}Q${n(cx)},${n(brimY - 2 * s)} ${n(cx + headW * 0.95)},${n(brimY - 6 * s)}" stroke="${shade(hatColour, -0.35)}" stroke-width="${n(9 * s)}" fill="none"/>`,
    );
  }

  // A soft vignette, as the landscapes have.
  doc.add(
    `<rect width="${width}" height="${height}" fill="${doc.radial(
      [
        { at: 0.6, color: '#000000', opacity: 0 },
        { at: 1, color: '#000000', opacity: 0.18 },
      ],
      cx,
      height / 2,
      width * 0.75,
    )}"/>`,
  );
  return doc.toString(`Illustrated portrait of ${spec.name}`);
}

function hairTop(style: HairStyle, cx: number, headY: number, w: number, h: number, colour: string, r: Rng): string {
  const top = headY - h * 0.82;
  const fill = `fill="${colour}"`;
  switch (style) {
    case 'cropped':
      return `<path d="M${n(cx - w * 0.98)},${n(headY - h * 0.12)}C${n(cx - w)},${n(top - h * 0.08)} ${n(cx + w)},${n(top - h * 0.08)} ${n(cx + w * 0.98)},${n(headY - h * 0.12)}Q${n(cx)},${n(top + h * 0.2)} ${n(cx - w * 0.98)},${n(headY - h * 0.12)}Z" ${fill}/>`;
    case 'short': {
      const part = r.pick([-0.35, 0.35]);
      return `<path d="M${n(cx - w * 1.02)},${n(headY)}C${n(cx - w * 1.12)},${n(top - h * 0.2)} ${n(cx + w * 1.12)},${n(top - h * 0.2)} ${n(cx + w * 1.02)},${n(headY)}Q${n(cx + w * 0.85)},${n(headY - h * 0.45)} ${n(cx + w * part)},${n(top + h * 0.3)}Q${n(cx - w * 0.7)},${n(headY - h * 0.4)} ${n(cx - w * 1.02)},${n(headY)}Z" ${fill}/>`;
    }
    case 'curly': {
      const blobs: string[] = [];
      const k = 11;
      for (let i = 0; i < k; i++) {
        const a = Math.PI * (1.05 + (0.9 * i) / (k - 1));
        const rr = w * r.range(0.34, 0.42);
        blobs.push(`<circle cx="${n(cx + Math.cos(a) * w * 1.02)}" cy="${n(headY - h * 0.1 + Math.sin(a) * h * 0.78)}" r="${n(rr)}" ${fill}/>`);
      }
      blobs.push(`<ellipse cx="${n(cx)}" cy="${n(top + h * 0.22)}" rx="${n(w * 0.9)}" ry="${n(h * 0.3)}" ${fill}/>`);
      return blobs.join('');
    }
    case 'bun':
      return (
        `<circle cx="${n(cx)}" cy="${n(top - h * 0.08)}" r="${n(w * 0.42)}" ${fill}/>` +
        `<path d="M${n(cx - w * 1.02)},${n(headY - h * 0.02)}C${n(cx - w * 1.1)},${n(top - h * 0.1)} ${n(cx + w * 1.1)},${n(top - h * 0.1)} ${n(cx + w * 1.02)},${n(headY - h * 0.02)}Q${n(cx + w * 0.5)},${n(top + h * 0.3)} ${n(cx - w * 1.02)},${n(headY - h * 0.02)}Z" ${fill}/>`
      );
    case 'bob':
      return `<path d="M${n(cx - w * 1.12)},${n(headY + h * 0.45)}C${n(cx - w * 1.3)},${n(top - h * 0.25)} ${n(cx + w * 1.3)},${n(top - h * 0.25)} ${n(cx + w * 1.12)},${n(headY + h * 0.45)}L${n(cx + w * 0.86)},${n(headY + h * 0.45)}Q${n(cx + w * 0.9)},${n(headY - h * 0.3)} ${n(cx + w * 0.2)},${n(top + h * 0.3)}Q${n(cx - w * 0.85)},${n(headY - h * 0.3)} ${n(cx - w * 0.86)},${n(headY + h * 0.45)}Z" ${fill}/>`;
    case 'long':
    case 'wavy':
      return `<path d="M${n(cx - w * 1.08)},${n(headY + h * 0.2)}C${n(cx - w * 1.25)},${n(top - h * 0.22)} ${n(cx + w * 1.25)},${n(top - h * 0.22)} ${n(cx + w * 1.08)},${n(headY + h * 0.2)}Q${n(cx + w * 0.8)},${n(headY - h * 0.35)} ${n(cx - w * 0.1)},${n(top + h * 0.26)}Q${n(cx - w * 0.85)},${n(headY - h * 0.3)} ${n(cx - w * 1.08)},${n(headY + h * 0.2)}Z" ${fill}/>`;
  }
}
