import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../common/api-client.ts';
import { withImageMeta } from './annotate.ts';
import type { Manifest } from './manifest.ts';

const manifest = {
  images: { 'images/parks/a.jpg': { v: 'abcdef12', w: 1600, h: 900, widths: [480, 960, 1600], placeholder: 'data:x', colour: '#7a6b55' } },
} as unknown as Manifest;

function api(body: unknown, etag: string, counter: { n: number }): ApiClient {
  return {
    fetch: async () => {
      counter.n++;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', etag } });
    },
  };
}

describe('withImageMeta', () => {
  it('adds imageMeta and reuses the annotation of an answer with the same ETag across clients', async () => {
    const counter = { n: 0 };
    const source = async () => manifest;
    const first = await (await withImageMeta(api({ park: { img: 'images/parks/a.jpg' } }, 'W/"e1"', counter), source).fetch('/x')).json();
    expect(first.imageMeta['images/parks/a.jpg']).toMatchObject({ v: 'abcdef12', w: 1600, h: 900 });
    // A different body under the same ETag would only come from the same API answer: the cached
    // annotation is served.
    const second = await (await withImageMeta(api({ other: true }, 'W/"e1"', counter), source).fetch('/x')).json();
    expect(second).toEqual(first);
    const third = await (await withImageMeta(api({ other: true }, 'W/"e2"', counter), source).fetch('/x')).json();
    expect(third.other).toBe(true);
    expect(counter.n).toBe(3);
  });
});
