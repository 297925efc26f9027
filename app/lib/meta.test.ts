import { describe, expect, it } from 'vitest';
import { absoluteImage, buildMeta, canonicalUrl } from './meta.ts';

const page = {
  title: 'Bwindi Impenetrable Forest National Park',
  pageKeywords: 'bwindi, gorillas',
  pageDescription: 'An ancient rainforest.',
  pageUrl: 'https://kigezitrails.example/parks/bwindi',
};

describe('buildMeta', () => {
  it('carries the page metadata into title, description, keywords, canonical and share tags', () => {
    const tags = buildMeta(page, { image: 'images/parks/bwindi.jpg', type: 'article' });
    expect(tags).toContainEqual({ title: 'Bwindi Impenetrable Forest National Park | Kigezi Trails' });
    expect(tags).toContainEqual({ name: 'description', content: 'An ancient rainforest.' });
    expect(tags).toContainEqual({ name: 'keywords', content: 'bwindi, gorillas' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: page.pageUrl });
    expect(tags).toContainEqual({ property: 'og:url', content: page.pageUrl });
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://kigezitrails.example/api/images/parks/bwindi.share.jpg' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });
  it('does not repeat the operator name already in the title', () => {
    expect(buildMeta({ ...page, title: 'Kigezi Trails | Gorilla safaris' })).toContainEqual({ title: 'Kigezi Trails | Gorilla safaris' });
  });
  it('falls back to the not-found title without data', () => {
    expect(buildMeta(undefined)[0]).toEqual({ title: 'Page not found | Kigezi Trails' });
  });
});

describe('absoluteImage', () => {
  it('uses the default share image when there is none', () => {
    expect(absoluteImage('http://localhost:3000/', null)).toBe('http://localhost:3000/api/images/pages/social.jpg');
  });
  it('strips leading slashes of API paths', () => {
    expect(absoluteImage('http://a.test/x', '/images/a.jpg')).toBe('http://a.test/api/images/a.share.jpg');
  });

  it('gives later pages of a list a canonical address of their own', () => {
    const base = { title: 'Parks', pageKeywords: '', pageDescription: 'd', pageUrl: 'https://k.example/parks' };
    expect(canonicalUrl({ ...base, page: 1 })).toBe('https://k.example/parks');
    expect(canonicalUrl({ ...base, page: 3 })).toBe('https://k.example/parks?page=3');
    const tags = buildMeta({ ...base, page: 2 } as typeof base);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://k.example/parks?page=2' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://k.example/parks?page=2' });
  });
});
