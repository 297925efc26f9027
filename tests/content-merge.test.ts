// Two tabs editing one item: a save made on an older revision is merged field by field against
// that revision. Fields only one tab changed merge by themselves; fields both changed come back as
// a conflict with both values (nothing stored); saving the choices on their revision resolves it;
// nothing either tab wrote is lost, and every step stays in the history.
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentConflict, ContentItem, ContentList, ContentRevisionSummary } from '../common/content-editing.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';

const FIRST = 'first@kigezitrails.example';
const SECOND = 'second@kigezitrails.example';

describe.each(backends())('merging two tabs’ saves on %s', (backend) => {
  let site: InProcessSite;
  let first: SignedIn;
  let second: SignedIn;

  async function itemOf(type: string, slug: string): Promise<ContentItem> {
    const list = (await (await first.get(`/content/${type}?q=${encodeURIComponent(slug)}`)).json()) as ContentList;
    const hit = list.items.find((i) => i.slug === slug);
    if (!hit) throw new Error(`${type}/${slug} not listed`);
    return ((await (await first.get(`/content/${type}/${hit.id}`)).json()) as { item: ContentItem }).item;
  }
  const save = (who: SignedIn, item: ContentItem, change: { slug?: string; document: Record<string, unknown> }, baseRevision: number) =>
    who.send(`/content/${item.collection}/${item.id}`, { slug: change.slug ?? item.slug, document: change.document, baseRevision }, 'PUT');

  beforeAll(async () => {
    site = await startSite({ backend, env: { SPAM_CHECKS: 'off' } });
    await addStaff(site.app.database!.db, FIRST, 'owner');
    await addStaff(site.app.database!.db, SECOND, 'owner');
    first = await signIn(site.base, FIRST);
    second = await signIn(site.base, SECOND);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('merges fields changed in one tab only, from both tabs, and says which it took', async () => {
    const safari = await itemOf('safaris', '3-days-bwindi-gorilla-trekking-safari');
    const base = safari.document;
    expect((await save(first, safari, { document: { ...base, title: `${base.title} (first tab)` } }, safari.revision)).status).toBe(200);
    const days = base.itinerary as Record<string, unknown>[];
    const itinerary = [{ ...days[0], title: 'Arrival in Kabale and the trail briefing' }, ...days.slice(1)];
    const res = await save(second, safari, { document: { ...base, price: 1234, itinerary } }, safari.revision);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { item: ContentItem; merged: string[] };
    expect(body.merged).toEqual(['title']);
    expect(body.item.revision).toBe(safari.revision + 2);
    const now = await itemOf('safaris', safari.slug);
    expect(now.document.title).toBe(`${base.title} (first tab)`);
    expect(now.document.price).toBe(1234);
    expect((now.document.itinerary as { title: string }[])[0]!.title).toBe('Arrival in Kabale and the trail briefing');
    // Unchanged fields stay as they were.
    expect(now.document.description).toEqual(base.description);
    const history = ((await (await first.get(`/content/safaris/${safari.id}/revisions`)).json()) as { revisions: ContentRevisionSummary[] }).revisions;
    expect(history.slice(0, 2).map((r) => [r.revision, r.savedBy])).toEqual([
      [safari.revision + 2, SECOND],
      [safari.revision + 1, FIRST],
    ]);
    // A save on the current revision merges nothing and says so by leaving `merged` out.
    const plain = (await (await save(first, now, { document: { ...now.document, price: 1240 } }, now.revision)).json()) as Record<string, unknown>;
    expect(Object.keys(plain)).toEqual(['item']);
  });

  it('answers fields changed in both tabs with both values, stores nothing, and saving the choices resolves it with nothing lost', async () => {
    const animal = await itemOf('animals', 'mountain-gorillas');
    const base = animal.document;
    const theirs = { ...base, description: 'Their description of the gorillas.', title: 'Mountain gorillas of the Virungas' };
    expect((await save(first, animal, { document: theirs, slug: 'mountain-gorillas-virunga' }, animal.revision)).status).toBe(200);
    const mine = { ...base, description: 'My description of the gorillas.', title: 'Mountain Gorillas (Bwindi)' };
    const res = await save(second, animal, { document: mine, slug: 'mountain-gorillas' }, animal.revision);
    expect(res.status).toBe(409);
    const conflict = (await res.json()) as ContentConflict;
    expect(conflict.code).toBe('conflict');
    expect(conflict.current.revision).toBe(animal.revision + 1);
    expect(conflict.current.updatedBy).toBe(FIRST);
    const fields = conflict.merge!.fields;
    expect(fields.map((f) => f.name)).toEqual(['title', 'description']);
    expect(fields[0]).toEqual({ name: 'title', label: expect.any(String), mine: 'Mountain Gorillas (Bwindi)', theirs: 'Mountain gorillas of the Virungas' });
    expect(fields[1]!.mine).toBe('My description of the gorillas.');
    expect(fields[1]!.theirs).toBe('Their description of the gorillas.');
    // The address only they changed is merged in; the clashing fields are still mine.
    expect(conflict.merge!.taken).toEqual(['slug']);
    expect(conflict.merge!.merged.slug).toBe('mountain-gorillas-virunga');
    expect(conflict.merge!.merged.document.description).toBe('My description of the gorillas.');
    // Nothing stored by the refused save.
    const stored = await itemOf('animals', 'mountain-gorillas-virunga');
    expect(stored.revision).toBe(animal.revision + 1);
    expect(stored.document.description).toBe('Their description of the gorillas.');

    // Choosing: my description, their title, saved on their revision.
    const chosen = { ...conflict.merge!.merged.document, title: stored.document.title };
    const resolved = await save(second, stored, { slug: conflict.merge!.merged.slug, document: chosen }, conflict.current.revision);
    expect(resolved.status).toBe(200);
    const now = await itemOf('animals', 'mountain-gorillas-virunga');
    expect(now.revision).toBe(animal.revision + 2);
    expect(now.document.title).toBe('Mountain gorillas of the Virungas');
    expect(now.document.description).toBe('My description of the gorillas.');
    // Nothing lost: their description is in the history beside mine.
    const theirRevision = ((await (await first.get(`/content/animals/${now.id}/revisions/${animal.revision + 1}`)).json()) as { document: Record<string, unknown> }).document;
    expect(theirRevision.description).toBe('Their description of the gorillas.');
  });

  it('treats the itinerary as one field: different days changed in two tabs are shown side by side', async () => {
    const safari = await itemOf('safaris', '2-days-gorilla-trekking-rwanda');
    const days = safari.document.itinerary as Record<string, unknown>[];
    const withDay = (i: number, title: string) => days.map((d, j) => (j === i ? { ...d, title } : d));
    expect((await save(first, safari, { document: { ...safari.document, itinerary: withDay(0, 'Kigali to Musanze') } }, safari.revision)).status).toBe(200);
    const res = await save(second, safari, { document: { ...safari.document, itinerary: withDay(1, 'Trek day') } }, safari.revision);
    expect(res.status).toBe(409);
    const conflict = (await res.json()) as ContentConflict;
    expect(conflict.merge!.fields.map((f) => f.name)).toEqual(['itinerary']);
    expect(conflict.merge!.fields[0]!.mine).toContain('title: Trek day');
    expect(conflict.merge!.fields[0]!.theirs).toContain('title: Kigali to Musanze');
  });

  it('refuses a save on a revision that is not the item’s, or not kept, as a plain conflict', async () => {
    const safari = await itemOf('safaris', '1-day-gorilla-trekking-rwanda');
    const ahead = await save(first, safari, { document: { ...safari.document, price: 999 } }, safari.revision + 5);
    expect(ahead.status).toBe(409);
    const body = (await ahead.json()) as ContentConflict;
    expect(body.merge).toBeUndefined();
    expect(body.yours.document.price).toBe(999);
    expect((await itemOf('safaris', safari.slug)).revision).toBe(safari.revision);
  });
});
