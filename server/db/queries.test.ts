import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './index.ts';
import { openMigratedMemoryDatabase } from '../../tests/helpers/db.ts';
import { countSafaris, findSafaris, latestBlogs, ringNeighbours } from './queries.ts';
import * as t from './schema.ts';

describe('ringNeighbours', () => {
  const items = [1, 2, 3, 4, 5].map((id) => ({ id }));
  it('takes the items after one, wrapping around, never the item itself', () => {
    expect(ringNeighbours(items, 4, 3).map((x) => x.id)).toEqual([5, 1, 2]);
    expect(ringNeighbours(items, 1, 10).map((x) => x.id)).toEqual([2, 3, 4, 5]);
  });
  it('falls back to the first items for an unknown id', () => {
    expect(ringNeighbours(items, 99, 2).map((x) => x.id)).toEqual([1, 2]);
  });
});

describe('safari and blog queries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedMemoryDatabase();
    const { db } = database;
    const [ug, rw] = await db
      .insert(t.destinations)
      .values([
        { destinationtitle: 'Uganda', destinationtitleslug: 'uganda' },
        { destinationtitle: 'Rwanda', destinationtitleslug: 'rwanda' },
      ])
      .returning();
    const [gorilla] = await db.insert(t.experiences).values({ experiencetitle: 'Gorilla trekking', experiencetitleslug: 'gorilla-trekking' }).returning();
    const safaris = await db
      .insert(t.safaris)
      .values([
        { safarititle: 'Long', safarititleslug: 'long', safariday: 9, safariprice: 5000 },
        { safarititle: 'Short', safarititleslug: 'short', safariday: 2, safariprice: 900, popular: true },
        { safarititle: 'Mid', safarititleslug: 'mid', safariday: 4, safariprice: 2000 },
      ])
      .returning();
    // "Short" is linked to both countries: it must still come back once.
    await db.insert(t.safariDestinations).values([
      { safari_id: safaris[0]!.id, destination_id: ug!.id },
      { safari_id: safaris[1]!.id, destination_id: ug!.id },
      { safari_id: safaris[1]!.id, destination_id: rw!.id },
      { safari_id: safaris[2]!.id, destination_id: rw!.id },
    ]);
    await db.insert(t.safariExperiences).values([{ safari_id: safaris[1]!.id, experience_id: gorilla!.id }]);
    await db.insert(t.blogs).values([
      { blogtitle: 'Old', blogtitleslug: 'old', created_at: new Date('2022-01-01') },
      { blogtitle: 'New', blogtitleslug: 'new', created_at: new Date('2025-01-01') },
      { blogtitle: 'Mid', blogtitleslug: 'mid', created_at: new Date('2024-01-01') },
    ]);
  });
  afterAll(() => database.close());

  it('filters safaris by country without duplicates, shortest first', async () => {
    const { db } = database;
    const ug = (await db.select().from(t.destinations)).find((d) => d.destinationtitleslug === 'uganda')!;
    const rows = await findSafaris(db, { destinationId: ug.id }, 10);
    expect(rows.map((r) => r.safarititleslug)).toEqual(['short', 'long']);
    expect(await countSafaris(db, { destinationId: ug.id })).toBe(2);
    expect(await countSafaris(db, {})).toBe(3);
  });

  it('combines country and experience filters and pages with limit/offset', async () => {
    const { db } = database;
    const [exp] = await db.select().from(t.experiences);
    expect((await findSafaris(db, { experienceId: exp!.id }, 10)).map((r) => r.safarititleslug)).toEqual(['short']);
    expect((await findSafaris(db, {}, 1, 1)).map((r) => r.safarititleslug)).toEqual(['mid']);
    expect((await findSafaris(db, { popular: true }, 10)).map((r) => r.safarititleslug)).toEqual(['short']);
  });

  it('lists blogs newest first, optionally without one', async () => {
    const { db } = database;
    expect((await latestBlogs(db, 3)).map((b) => b.blogtitleslug)).toEqual(['new', 'mid', 'old']);
    const newId = (await latestBlogs(db, 1))[0]!.id;
    expect((await latestBlogs(db, 3, newId)).map((b) => b.blogtitleslug)).toEqual(['mid', 'old']);
  });
});
