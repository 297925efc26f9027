// The console's translations of an item (/api/admin/content/:type/:id/translations/:lang): a new
// translation saved on revision 0, a stale save refused (409), a translation that does not fit
// its English refused with the field named (400), an English edit marking it "needs review" until
// "Mark as reviewed", a translated address with a redirect from the old one, the overview of what
// needs translating, and audit lines for every change. The inbox names each enquiry's language
// and filters by it.
import './helpers/production.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, ContentList } from '../common/content-editing.ts';
import { enquiries } from '../server/db/schema.ts';
import { backends } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn, type SignedIn } from './helpers/staff.ts';
import { clearTranslations, germanOf } from './helpers/translations.ts';

const OWNER = 'owner@kigezitrails.example';
const SLUG = '1-day-bwindi-gorilla-trek-from-kabale';

type View = { translation: { revision: number; status: string; slug: string | null; document: Record<string, unknown> } | null; english: Record<string, unknown> };

describe.each(backends())('translations in the console on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let item: ContentItem;
  const base = () => `/content/safaris/${item.id}/translations`;

  beforeAll(async () => {
    site = await startSite({ backend, env: { SITE_LANGUAGES: 'en,de,fr,es', SPAM_CHECKS: 'off' } });
    await addStaff(site.app.database!.db, OWNER, 'owner');
    owner = await signIn(site.base, OWNER);
    // The site seeded the real translation files; these tests start from none.
    await clearTranslations(site.app);
    const list = (await (await owner.get(`/content/safaris?q=${SLUG}`)).json()) as ContentList;
    const id = list.items.find((i) => i.slug === SLUG)!.id;
    item = ((await (await owner.get(`/content/safaris/${id}`)).json()) as { item: ContentItem }).item;
  });
  afterAll(() => site?.stop());

  it('saves a new translation, refuses a stale one and one that does not fit its English', async () => {
    const empty = (await (await owner.get(`${base()}/de`)).json()) as View;
    expect(empty.translation).toBeNull();
    expect(empty.english.title).toBe(item.document.title);
    const document = germanOf('safaris', item.document);
    const saved = await owner.send(`${base()}/de`, { document, baseRevision: 0 }, 'PUT');
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as View).translation).toMatchObject({ revision: 1, status: 'current' });
    const stale = await owner.send(`${base()}/de`, { document, baseRevision: 0 }, 'PUT');
    expect(stale.status).toBe(409);
    const days = document.itinerary as unknown[];
    const misfit = await owner.send(`${base()}/de`, { document: { ...document, itinerary: [...days, { title: 'Extra' }] }, baseRevision: 1 }, 'PUT');
    expect(misfit.status).toBe(400);
    expect(JSON.stringify(await misfit.json())).toContain(`de.itinerary: ${days.length + 1} items, English has ${days.length}`);
    expect((await fetch(`${site.base}/de/safaris/${SLUG}`, { redirect: 'manual' })).status, 'the German page, translated').toBe(200);
  });

  it('marks the translation "needs review" on an English text edit, until it is marked as reviewed', async () => {
    const res = await owner.send(`/content/safaris/${item.id}`, { slug: SLUG, document: { ...item.document, title: `${String(item.document.title)} today` }, baseRevision: item.revision }, 'PUT');
    expect(res.status).toBe(200);
    const states = (await (await owner.get(base())).json()) as { languages: { language: string; state: string }[] };
    expect(states.languages).toEqual([
      { language: 'de', state: 'needs_review' },
      { language: 'fr', state: 'missing' },
      { language: 'es', state: 'missing' },
    ]);
    const todo = (await (await owner.get('/translations')).json()) as { todo: { language: string; type: string; needsReview: number; items: { slug: string; state: string }[] }[] };
    const safaris = todo.todo.find((t) => t.language === 'de' && t.type === 'safaris')!;
    expect(safaris.needsReview).toBe(1);
    expect(safaris.items).toContainEqual(expect.objectContaining({ slug: SLUG, state: 'needs_review' }));
    const reviewed = await owner.send(`${base()}/de/review`, { baseRevision: 1 });
    expect(reviewed.status).toBe(200);
    expect(((await reviewed.json()) as View).translation).toMatchObject({ revision: 2, status: 'current' });
  });

  it('gives the item a German address, the old one redirecting, and leaves audit lines', async () => {
    const view = (await (await owner.get(`${base()}/de`)).json()) as View;
    const res = await owner.send(`${base()}/de`, { document: view.translation!.document, slug: 'gorilla-tagestour', baseRevision: 2 }, 'PUT');
    expect(res.status).toBe(200);
    const moved = await fetch(`${site.base}/de/safaris/${SLUG}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/de/safaris/gorilla-tagestour');
    const again = await owner.send(`${base()}/de`, { document: view.translation!.document, slug: 'gorilla-tagestour-kabale', baseRevision: 3 }, 'PUT');
    expect(again.status).toBe(200);
    const old = await fetch(`${site.base}/de/safaris/gorilla-tagestour`, { redirect: 'manual' });
    expect(old.headers.get('location')).toBe('/de/safaris/gorilla-tagestour-kabale');
    const audit = rowsOf<{ action: string }>(await site.app.database!.db.execute(sql`select action from audit_log where action like 'content.translation.%' order by id`));
    expect(audit.map((a) => a.action)).toEqual(['content.translation.save', 'content.translation.review', 'content.translation.save', 'content.translation.save']);
  });

  it('names each enquiry’s language in the inbox and filters by it', async () => {
    const db = site.app.database!.db;
    const base = { phone: '+256700000000', country: 'Germany', message: 'Wir möchten Gorillas sehen.', preferred_contact_method: 'Email' };
    await db.insert(enquiries).values([
      { ...base, name: 'Greta Gast', email: 'greta@example.com', language: 'de' },
      { ...base, name: 'Emma English', email: 'emma@example.com', language: 'en' },
    ]);
    const german = (await (await owner.get('/enquiries?language=de')).json()) as { enquiries: { name: string; language: string }[] };
    expect(german.enquiries.map((e) => [e.name, e.language])).toEqual([['Greta Gast', 'de']]);
    const all = (await (await owner.get('/enquiries')).json()) as { enquiries: { name: string; language: string }[] };
    expect(all.enquiries.find((e) => e.name === 'Emma English')?.language).toBe('en');
    const bad = await owner.get('/enquiries?language=xx');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/language/);
    const page = await fetch(`${site.base}/admin/enquiries?language=de`, { headers: { cookie: owner.cookie } });
    const html = (await page.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Greta Gast');
    expect(html).toContain('greta@example.com · Germany · Deutsch');
    expect(html).not.toContain('Emma English');
  });
});
