import { describe, expect, it } from 'vitest';
import type { ImageMeta } from '../components/Image.tsx';
import { only, pageData } from './page-data.ts';

const meta = (v: string): ImageMeta => ({ v, w: 1600, h: 900, widths: [480, 960, 1600], p: '' });

describe('pageData', () => {
  it('keeps the metadata of the images the data mentions, from the answers it was made of', () => {
    const answer = {
      safaris: [{ image: 'images/safaris/a.jpg' }, { image: 'images/safaris/b.jpg' }],
      hero: '/images/pages/home.jpg',
      imageMeta: { 'images/safaris/a.jpg': meta('aaaaaaaa'), 'images/safaris/b.jpg': meta('bbbbbbbb'), 'images/pages/home.jpg': meta('cccccccc') },
    };
    const data = pageData({ safaris: answer.safaris.slice(0, 1), hero: answer.hero }, answer);
    expect(data.imageMeta).toEqual({ 'images/safaris/a.jpg': meta('aaaaaaaa'), 'images/pages/home.jpg': meta('cccccccc') });
    expect(data.safaris).toEqual([{ image: 'images/safaris/a.jpg' }]);
  });

  it('filters an answer of its own', () => {
    const answer = { list: [{ img: 'images/x/y.jpg' }], imageMeta: { 'images/x/y.jpg': meta('11111111'), 'images/x/z.jpg': meta('22222222') } };
    expect(pageData(answer).imageMeta).toEqual({ 'images/x/y.jpg': meta('11111111') });
    expect(pageData({ text: 'no images' }).imageMeta).toEqual({});
  });

  it('lists the images in the order the data first mentions them, and takes no other key', () => {
    const answer = { imageMeta: { 'images/a/1.jpg': meta('11111111'), 'images/a/2.jpg': meta('22222222'), 'images/a/3.jpg': meta('33333333') } };
    const data = pageData(
      { last: 'images/a/3.jpg', items: [{ i: '//images/a/2.jpg' }, { i: 'images/a/3.jpg' }], words: ['constructor', '__proto__', 'toString', ''], first: 'images/a/1.jpg' },
      answer,
    );
    expect(Object.keys(data.imageMeta)).toEqual(['images/a/3.jpg', 'images/a/2.jpg', 'images/a/1.jpg']);
    expect(JSON.stringify(data.imageMeta)).toBe(JSON.stringify({ 'images/a/3.jpg': meta('33333333'), 'images/a/2.jpg': meta('22222222'), 'images/a/1.jpg': meta('11111111') }));
  });
});

describe('only', () => {
  it('keeps the named fields of each item', () => {
    expect(
      only(
        [
          { id: 1, title: 'A', body: 'long' },
          { id: 2, title: 'B', body: 'longer' },
        ],
        'id',
        'title',
      ),
    ).toEqual([
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
    ]);
  });
});
