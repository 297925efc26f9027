// The three-way merge of a save made on an older revision: a field changed on one side only takes
// that side's value, a field both changed alike is no clash, a field both changed differently is a
// clash (mine kept until chosen), and no change of either side is lost.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeVersions, type Version } from './conflicts.ts';
import { sameValue } from './documents.ts';

const FIELDS = ['title', 'price', 'itinerary', 'seo'] as const;
const base: Version = {
  slug: 'bwindi-trek',
  document: { title: 'Bwindi trek', price: 1200, itinerary: [{ title: 'Day 1' }, { title: 'Day 2' }], seo: { keywords: 'gorillas' } },
};

describe('mergeVersions', () => {
  it('takes one-sided changes from each side and keeps the other fields', () => {
    const theirs = { slug: base.slug, document: { ...base.document, title: 'Bwindi gorilla trek' } };
    const mine = { slug: 'bwindi-gorilla-trek', document: { ...base.document, price: 1190 } };
    const merge = mergeVersions(FIELDS, base, theirs, mine);
    expect(merge.clashes).toEqual([]);
    expect(merge.taken).toEqual(['title']);
    expect(merge.merged).toEqual({ slug: 'bwindi-gorilla-trek', document: { ...base.document, title: 'Bwindi gorilla trek', price: 1190 } });
  });

  it('reports a field both changed differently, keeps mine there, and sees no clash in the same change or in reordered keys', () => {
    const theirs = { slug: base.slug, document: { ...base.document, price: 1100, seo: { keywords: 'gorillas, Bwindi' }, itinerary: [{ title: 'Day 1' }] } };
    const mine = { slug: base.slug, document: { ...base.document, price: 1190, seo: { keywords: 'gorillas, Bwindi' }, itinerary: [{ title: 'Day one' }, { title: 'Day 2' }] } };
    const merge = mergeVersions(FIELDS, base, theirs, mine);
    // The itinerary is one field: their removed day and my renamed one clash, rather than pair the wrong days.
    expect(merge.clashes).toEqual(['price', 'itinerary']);
    expect(merge.merged.document.price).toBe(1190);
    expect(merge.merged.document.seo).toEqual({ keywords: 'gorillas, Bwindi' });
    const reordered = { slug: base.slug, document: { ...base.document, seo: { keywords: 'gorillas' } } };
    expect(mergeVersions(FIELDS, base, reordered, base).clashes).toEqual([]);
  });

  it('treats a field one side removed as a change of that side', () => {
    const { seo: _seo, ...withoutSeo } = base.document;
    const merge = mergeVersions(FIELDS, base, { slug: base.slug, document: withoutSeo }, { slug: base.slug, document: { ...base.document, price: 900 } });
    expect(merge.clashes).toEqual([]);
    expect('seo' in merge.merged.document).toBe(false);
    expect(merge.merged.document.price).toBe(900);
  });

  it('loses nothing: every field is mine or theirs, one-sided changes are kept, clashes are exactly the fields both changed differently', () => {
    const value = fc.oneof(fc.constantFrom(undefined, 0, 1, 'a', 'b'), fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }), fc.record({ k: fc.constantFrom('p', 'q') }));
    const doc = fc.record(Object.fromEntries(FIELDS.map((f) => [f, value])) as Record<(typeof FIELDS)[number], typeof value>);
    const version = fc.record({ slug: fc.constantFrom('a', 'b', 'c'), document: doc });
    fc.assert(
      fc.property(version, version, version, (b, t, m) => {
        const merge = mergeVersions(FIELDS, b, t, m);
        const at = (v: Version, name: string) => (name === 'slug' ? v.slug : v.document[name]);
        for (const name of ['slug', ...FIELDS]) {
          const [bv, tv, mv, out] = [at(b, name), at(t, name), at(m, name), at(merge.merged, name)];
          const mineChanged = !sameValue(mv, bv);
          const theirsChanged = !sameValue(tv, bv);
          const clash = mineChanged && theirsChanged && !sameValue(mv, tv);
          expect(merge.clashes.includes(name)).toBe(clash);
          if (clash || mineChanged) expect(sameValue(out, mv)).toBe(true);
          else expect(sameValue(out, tv)).toBe(true);
          expect(merge.taken.includes(name)).toBe(theirsChanged && !mineChanged);
        }
      }),
      { numRuns: 500 },
    );
  });
});
