import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, contentTypeInfo } from '../../../common/content-types.ts';
import { DEFINITIONS } from '../definitions.ts';
import { describeSchema } from '../describe.ts';
import { referencedCollections } from '../reading.ts';
import { CONTENT_MODULES, GALLERY_OWNERS, REMOVAL_ORDER, collections } from './index.ts';
import type { ContentTypeModule } from './type.ts';

const modules = CONTENT_MODULES as readonly ContentTypeModule[];

describe('the registry of content types', () => {
  it('has one module for each type the browser knows, and no other', () => {
    expect(modules.map((m) => m.collection).sort()).toEqual(CONTENT_TYPES.map((t) => t.collection).sort());
    expect(Object.keys(collections)).toEqual(modules.map((m) => m.collection));
  });

  it('writes a type after every type its documents refer to, and removes it before them', () => {
    const seen = new Set<string>();
    for (const m of modules) {
      const refs = referencedCollections(describeSchema(m.schema)).filter((c) => c !== m.collection);
      expect(
        refs.filter((r) => !seen.has(r)),
        `${m.collection} refers to a type written after it`,
      ).toEqual([]);
      seen.add(m.collection);
    }
    const removal = REMOVAL_ORDER.map((m) => m.collection);
    expect(removal.indexOf('safaris')).toBeLessThan(removal.indexOf('lodges'));
    expect(removal.indexOf('lodges')).toBeLessThan(removal.indexOf('parks'));
    expect(removal.indexOf('parks')).toBeLessThan(removal.indexOf('destinations'));
  });

  it('names a real slug column of each type table, and a table for every type with pages', () => {
    for (const m of modules) {
      if (!m.table) {
        expect(contentTypeInfo(m.collection)?.page, m.collection).toBeUndefined();
        continue;
      }
      const columns = getTableConfig(m.table as PgTable).columns.map((c) => c.name);
      expect(columns, m.collection).toContain(m.slugKey);
    }
    expect(DEFINITIONS.map((d) => d.collection)).toEqual(modules.filter((m) => m.table).map((m) => m.collection));
  });

  it('gives every gallery its own owner type, and every searchable type its search document', () => {
    const owners = GALLERY_OWNERS.map((m) => m.gallery);
    expect(new Set(owners).size).toBe(owners.length);
    for (const info of CONTENT_TYPES) {
      const m = modules.find((x) => x.collection === info.collection)!;
      expect(m.search?.type, info.collection).toBe(info.search?.type);
    }
  });
});
