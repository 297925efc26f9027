import { createHash } from 'node:crypto';
// Image metadata added to the JSON that loaders receive.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../common/api-client.ts';
import { imageMetaFor, imagePathsIn, withImageMeta } from './annotate.ts';
import { type Manifest, manifestSchema } from './manifest.ts';

const entry = (v: string) => ({ v, w: 1600, h: 900, widths: [480, 960, 1600], placeholder: `data:image/webp;base64,${v}`, colour: `#${v.slice(0, 6)}`, source: 'artwork' });
const manifest: Manifest = {
  version: 1,
  builtAt: '2025-01-01T00:00:00.000Z',
  images: {
    'images/parks/bwindi.jpg': entry('11111111'),
    'images/parks/bwindi/forest.jpg': { ...entry('22222222'), w: 1280, h: 720, widths: [480, 1280] },
    'images/safaris/three-days.jpg': entry('33333333'),
  },
};

function client(body: unknown, init: { status?: number; type?: string } = {}): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (path) => {
      calls.push(path);
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      // Like the API's, the ETag is a hash of the body.
      const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
      return new Response(text, {
        status: init.status ?? 200,
        headers: { 'content-type': init.type ?? 'application/json; charset=utf-8', etag },
      });
    },
  };
}

describe('finding image paths', () => {
  it('collects stable paths anywhere in the value, once each', () => {
    const value = {
      park: { parkheaderimage: 'images/parks/bwindi.jpg', parktitle: 'Bwindi' },
      galleryImages: [{ filepath: 'images/parks/bwindi/forest.jpg' }, { filepath: '/images/parks/bwindi.jpg' }],
      html: '<p>images/parks/bwindi.jpg in a sentence</p>',
      other: ['images/parks/photo.png', 'https://example.org/images/x.jpg', 12, null],
    };
    expect([...imagePathsIn(value)].sort()).toEqual(['images/parks/bwindi.jpg', 'images/parks/bwindi/forest.jpg']);
  });

  it('reads a manifest built before colours were kept, and gives its images no colour', () => {
    const { colour: _c, ...old } = entry('44444444');
    const parsed = manifestSchema.parse({ version: 1, builtAt: '2025-01-01T00:00:00.000Z', images: { 'images/parks/old.jpg': old } });
    expect(imageMetaFor({ a: 'images/parks/old.jpg' }, parsed)['images/parks/old.jpg']).toEqual({ v: '44444444', w: 1600, h: 900, widths: [480, 960, 1600] });
    expect(() => manifestSchema.parse({ version: 1, builtAt: 'x', images: { 'images/parks/old.jpg': { ...old, colour: 'red' } } })).toThrow();
  });

  it('keeps only images the manifest knows, in the compact shape', () => {
    const meta = imageMetaFor({ a: 'images/parks/bwindi/forest.jpg', b: 'images/parks/unknown.jpg' }, manifest);
    expect(meta).toEqual({ 'images/parks/bwindi/forest.jpg': { v: '22222222', w: 1280, h: 720, widths: [480, 1280], c: '#222222' } });
  });
});

describe('withImageMeta', () => {
  it('adds imageMeta to JSON object answers and drops the length and validator of the old body', async () => {
    const wrapped = withImageMeta(client({ safaris: [{ safariheaderimage: 'images/safaris/three-days.jpg' }], title: 'Safaris' }), async () => manifest);
    const res = await wrapped.fetch('/safaris');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    const body = await res.json();
    expect(body.title).toBe('Safaris');
    expect(body.imageMeta).toEqual({ 'images/safaris/three-days.jpg': { v: '33333333', w: 1600, h: 900, widths: [480, 960, 1600], c: '#333333' } });
  });

  it('leaves errors, other types, arrays, writes and answers without a manifest alone', async () => {
    const cases: [ApiClient, RequestInit | undefined][] = [
      [client({ error: 'Park not found' }, { status: 404 }), undefined],
      [client('<p>hello</p>', { type: 'text/html' }), undefined],
      [client(['images/parks/bwindi.jpg']), undefined],
      [client({ ok: true, image: 'images/parks/bwindi.jpg' }), { method: 'POST', body: '{}' }],
    ];
    for (const [c, init] of cases) {
      const res = await withImageMeta(c, async () => manifest).fetch('/x', init);
      expect(await res.text()).not.toContain('imageMeta');
    }
    const noBuild = await withImageMeta(client({ image: 'images/parks/bwindi.jpg' }), async () => undefined).fetch('/x');
    expect(await noBuild.json()).toEqual({ image: 'images/parks/bwindi.jpg' });
  });

  it('gives an empty map when the answer has no known images', async () => {
    const res = await withImageMeta(client({ faqs: [] }), async () => manifest).fetch('/frequently-asked-questions');
    expect(await res.json()).toEqual({ faqs: [], imageMeta: {} });
  });
});
