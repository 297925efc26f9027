// The Image component's markup, server-rendered inside a router whose loader data does or does not
// carry image metadata, and its naming rules checked against the pipeline's.
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { kindOf, variantPath as pipelineVariantPath, WIDTHS } from '../../server/media/variants.ts';
import { FALLBACK_IMAGE, IMAGE_WIDTHS, Image, imageKind, imageMetaOf, variantPath, type ImageMeta, type ImageProps } from './Image.tsx';

const BWINDI = 'images/parks/bwindi-impenetrable-forest-national-park.jpg';
const META: ImageMeta = { v: '3fa9c1d2', w: 1600, h: 900, widths: [480, 960, 1600], p: 'data:image/webp;base64,UklGRg==' };

function renderWithHtml(props: ImageProps, loaderData?: Record<string, unknown>): { body: Markup; html: string } {
  const Stub = createRoutesStub([{ id: 'page', path: '/', Component: () => <Image {...props} />, loader: () => loaderData ?? null }]);
  const html = renderToString(<Stub initialEntries={['/']} hydrationData={{ loaderData: { page: loaderData ?? null } }} />);
  return { body: parseMarkup(html), html };
}

function render(props: ImageProps, loaderData?: Record<string, unknown>): Markup {
  return renderWithHtml(props, loaderData).body;
}

interface Found {
  getAttribute(name: string): string | null;
}
interface Markup {
  querySelectorAll(tag: string): Found[];
  querySelector(tag: string): Found | null;
}

/** Reads the picture, source and img tags of rendered markup back (Node has no DOM). */
function parseMarkup(html: string): Markup {
  const elements: { tag: string; attrs: Record<string, string> }[] = [];
  for (const m of html.matchAll(/<(picture|source|img)\b([^>]*)>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) attrs[a[1]!.toLowerCase()] = a[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    elements.push({ tag: m[1]!, attrs });
  }
  const all = (tag: string) => elements.filter((e) => e.tag === tag).map((e) => ({ getAttribute: (k: string) => e.attrs[k] ?? null }));
  return { querySelectorAll: all, querySelector: (tag) => all(tag)[0] ?? null };
}

describe('Image', () => {
  it('renders AVIF and WebP sources with hashed srcsets and a JPEG img when the loader data knows the image', () => {
    const body = render({ src: BWINDI, alt: 'Forest ridges', width: 600, height: 400, sizes: '33vw' }, { park: {}, imageMeta: { [BWINDI]: META } });
    const [avif, webp] = body.querySelectorAll('source');
    const img = body.querySelector('img')!;
    const base = '/api/images/parks/bwindi-impenetrable-forest-national-park.3fa9c1d2';
    expect(avif!.getAttribute('type')).toBe('image/avif');
    // A lazy picture lists the widths up to 960 px; the JPEG is the fallback of old browsers only.
    expect(avif!.getAttribute('srcset')).toBe(`${base}.w480.avif 480w, ${base}.w960.avif 960w`);
    expect(webp!.getAttribute('type')).toBe('image/webp');
    expect(webp!.getAttribute('srcset')).toBe(`${base}.w480.webp 480w, ${base}.w960.webp 960w`);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('src')).toBe(`${base}.w960.jpg`);
    expect(avif!.getAttribute('sizes')).toBe('33vw');
    expect(webp!.getAttribute('sizes')).toBe('33vw');
    expect(img.getAttribute('alt')).toBe('Forest ridges');
    expect(img.getAttribute('width')).toBe('600');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('style')).toContain('background-image:url("data:image/webp;base64,UklGRg==")');
    expect(img.getAttribute('style')).toContain('background-size:cover');
  });

  it('marks the hero eager and high priority, with every width, and preloads it', () => {
    const { body, html } = renderWithHtml({ src: BWINDI, alt: 'Hero', width: 1600, height: 900, sizes: '100vw', priority: true, className: 'hero__img' }, { imageMeta: { [BWINDI]: META } });
    const img = body.querySelector('img')!;
    const base = '/api/images/parks/bwindi-impenetrable-forest-national-park.3fa9c1d2';
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('class')).toBe('hero__img');
    const avifSet = `${base}.w480.avif 480w, ${base}.w960.avif 960w, ${base}.w1600.avif 1600w`;
    expect(body.querySelector('source')!.getAttribute('srcset')).toBe(avifSet);
    expect(body.querySelector('source')!.getAttribute('sizes')).toBe('100vw');
    const link = /<link rel="preload"[^>]*>/.exec(html)?.[0] ?? '';
    expect(link).toContain('as="image"');
    expect(link).toContain('type="image/avif"');
    expect(link).toContain('fetchPriority="high"');
    expect(link).toContain(`imageSrcSet="${avifSet}"`);
    expect(link).toContain('imageSizes="100vw"');
  });

  it('preloads nothing for lazy pictures', () => {
    const { html } = renderWithHtml({ src: BWINDI, alt: '', width: 10, height: 10 }, { imageMeta: { [BWINDI]: META } });
    expect(html).not.toContain('<link');
  });

  it('finds metadata nested one level down in the loader data', () => {
    const body = render({ src: BWINDI, alt: '', width: 10, height: 10 }, { data: { imageMeta: { [BWINDI]: META } } });
    expect(body.querySelector('source')!.getAttribute('srcset')).toContain('.3fa9c1d2.w480.avif');
  });

  it('paints the image’s colour behind it when the metadata gives a colour (the pages’ metadata)', () => {
    const body = render({ src: BWINDI, alt: '', width: 10, height: 10 }, { imageMeta: { [BWINDI]: { v: '3fa9c1d2', w: 1600, h: 900, widths: [480, 960, 1600], c: '#5a6b3c' } } });
    const style = body.querySelector('img')!.getAttribute('style');
    expect(style).toBe('background-color:#5a6b3c');
  });

  it('falls back to the hash-free names, and no placeholder, without metadata', () => {
    const body = render({ src: `/${BWINDI}`, alt: '', width: 10, height: 10 });
    const img = body.querySelector('img')!;
    const base = '/api/images/parks/bwindi-impenetrable-forest-national-park';
    expect(img.getAttribute('src')).toBe(`${base}.w960.jpg`);
    expect(body.querySelectorAll('source')[0]!.getAttribute('srcset')).toBe(`${base}.w480.avif 480w, ${base}.w960.avif 960w`);
    expect(img.getAttribute('style')).toBeNull();
    expect(body.querySelectorAll('source')[0]!.getAttribute('sizes')).toBe('100vw');
  });

  it('uses the gallery widths for gallery images and the fallback picture when there is no image', () => {
    const gallery = render({ src: 'images/parks/bwindi/forest-ridges.jpg', alt: '', width: 10, height: 10 });
    expect(gallery.querySelector('source')!.getAttribute('srcset')).toBe('/api/images/parks/bwindi/forest-ridges.w480.avif 480w, /api/images/parks/bwindi/forest-ridges.w1280.avif 1280w');
    expect(gallery.querySelector('img')!.getAttribute('src')).toBe('/api/images/parks/bwindi/forest-ridges.w1280.jpg');
    const none = render({ src: null, alt: '', width: 10, height: 10 });
    expect(none.querySelector('img')!.getAttribute('src')).toBe('/api/images/pages/default.w960.jpg');
    expect(FALLBACK_IMAGE).toBe('images/pages/default.jpg');
  });

  it('merges the metadata of several answers for loaders that reshape them', () => {
    const other: ImageMeta = { ...META, v: '0badf00d' };
    const merged = imageMetaOf({ parks: [], imageMeta: { [BWINDI]: META } }, null, { imageMeta: { 'images/safaris/x.jpg': other } }, 'text');
    expect(merged).toEqual({ [BWINDI]: META, 'images/safaris/x.jpg': other });
    const body = render({ src: 'images/safaris/x.jpg', alt: '', width: 10, height: 10 }, { nav: { items: [] }, imageMeta: merged });
    expect(body.querySelector('img')!.getAttribute('src')).toBe('/api/images/safaris/x.0badf00d.w960.jpg');
  });

  it('shows other URLs as a plain lazy img', () => {
    const body = render({ src: 'https://example.org/photo.jpg', alt: 'Elsewhere', width: 10, height: 10 });
    expect(body.querySelectorAll('source')).toHaveLength(0);
    expect(body.querySelector('img')!.getAttribute('src')).toBe('https://example.org/photo.jpg');
    expect(body.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });
});

describe('naming shared with the image pipeline', () => {
  const samples = [BWINDI, 'images/parks/bwindi/forest-ridges.jpg', 'images/reviews/aisha.jpg', 'images/pages/social.jpg', 'images/pages/home.jpg', 'images/parks/x.png', 'images/a/b/c/d.jpg'];

  it('has the same widths per kind', () => {
    expect(IMAGE_WIDTHS).toEqual(WIDTHS);
  });

  it('classifies and names variants the same way', () => {
    for (const s of samples) {
      expect(imageKind(s), s).toBe(kindOf(s));
      if (kindOf(s)) for (const f of ['avif', 'webp', 'jpg'] as const) for (const t of [undefined, '0badf00d']) expect(variantPath(s, 960, f, t)).toBe(pipelineVariantPath(s, 960, f, t));
    }
  });
});
