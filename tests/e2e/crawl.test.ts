// A crawl of the whole site, as a link checker would do it: every address in the sitemap, every
// internal link and every image those pages reference (src, srcset, share tags, preloads) must
// answer without an error. Needs the production build with its images (npm run build).
import { describe, expect, it } from 'vitest';
import { sharedSite } from '../helpers/shared-site.ts';

const server = sharedSite();

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Same-origin addresses a page refers to: links, and images in every form a browser may load. */
function references(html: string, pageUrl: string, origin: string) {
  const links = new Set<string>();
  const images = new Set<string>();
  const local = (raw: string) => {
    try {
      const u = new URL(decode(raw.trim()), pageUrl);
      return u.origin === origin || u.origin === 'http://localhost:3000' ? u.pathname + u.search : null;
    } catch {
      return null;
    }
  };
  for (const m of html.matchAll(/<a\s[^>]*href="([^"#]+)(?:#[^"]*)?"/g)) {
    const p = local(m[1]!);
    if (p && !p.startsWith('/api/')) links.add(p);
  }
  for (const tag of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
    for (const attr of tag[0].matchAll(/\s(?:src|srcSet|srcset)="([^"]+)"/g)) {
      for (const part of decode(attr[1]!).split(',')) {
        const p = local(part.trim().split(/\s+/)[0]!);
        if (p) images.add(p);
      }
    }
  }
  for (const m of html.matchAll(/<meta\s[^>]*(?:property|name)="(?:og:image|twitter:image)"[^>]*content="([^"]+)"/g)) {
    const p = local(m[1]!);
    if (p) images.add(p);
  }
  for (const tag of html.matchAll(/<link\s[^>]*rel="preload"[^>]*as="image"[^>]*>/g)) {
    const href = /\shref="([^"]+)"/.exec(tag[0])?.[1];
    const p = href ? local(href) : null;
    if (p) images.add(p);
    // A responsive preload names its candidates in imagesrcset (and has no href).
    const set = /\simagesrcset="([^"]+)"/i.exec(tag[0])?.[1];
    for (const part of set ? decode(set).split(',') : []) {
      const q = local(part.trim().split(/\s+/)[0]!);
      if (q) images.add(q);
    }
  }
  return { links, images };
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

describe('a crawl of the whole site', () => {
  it('finds no broken page, link or image', async () => {
    const origin = server.url;
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(pages.length).toBeGreaterThan(200);

    const links = new Set<string>();
    const images = new Set<string>();
    const broken: string[] = [];
    await inBatches(pages, 8, async (p) => {
      const res = await fetch(origin + p);
      if (res.status !== 200) broken.push(`page ${p}: ${res.status}`);
      const refs = references(await res.text(), origin + p, origin);
      for (const l of refs.links) links.add(l);
      for (const i of refs.images) images.add(i);
    });
    // Internal links not already fetched as sitemap pages: each answers, or redirects to a page that does.
    const visited = new Set(pages);
    await inBatches(
      [...links].filter((l) => !visited.has(l)),
      8,
      async (l) => {
        const res = await fetch(origin + l);
        await res.arrayBuffer();
        if (res.status >= 400) broken.push(`link ${l}: ${res.status}`);
      },
    );
    await inBatches([...images], 16, async (i) => {
      const res = await fetch(origin + i, { method: 'HEAD' });
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !type.startsWith('image/')) broken.push(`image ${i}: ${res.status} ${type}`);
    });

    expect(broken).toEqual([]);
    // The crawl really covered the site's pictures and links.
    expect(images.size).toBeGreaterThan(1000);
    expect(links.size).toBeGreaterThan(200);
  }, 600_000);
});
