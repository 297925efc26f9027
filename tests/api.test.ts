// Integration tests of every read path of spec point 7, on PGlite and (when TEST_DATABASE_URL is
// set) on a real PostgreSQL. Expectations are derived from the content files, so they hold as the
// content grows.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAV_MAX_EXPERIENCES, NAV_MAX_PARKS, NAV_MAX_SAFARIS, PAGE_SIZE } from '../common/constants.ts';
import { aboutPath } from '../common/site.ts';
import type { Api } from '../server/api/index.ts';
import type { Content } from '../server/db/content.ts';
import { contentApi } from './helpers/api.ts';
import { backends, type TestDatabase } from './helpers/db.ts';
import { rowsOf } from './helpers/forms.ts';

const SITE = 'https://www.kigezitrails.example';

const K = {
  meta: ['title', 'pageKeywords', 'pageDescription', 'pageUrl'],
  safariCard: ['id', 'safarititle', 'safarititleslug', 'safariday', 'safariprice', 'safariheaderimage', 'safariheaderimagealt', 'safarimetadescription'],
  safariFull: [] as string[],
  blogCard: ['id', 'blogtitle', 'blogtitleslug', 'blogheaderimage', 'blogheaderimagealt', 'blogdescription', 'created_at'],
  parkCard: ['id', 'parktitle', 'parktitleslug', 'parkheaderimage', 'parkheaderimagealt', 'parkdescription', 'created_at', 'destination_id', 'destinationtitle', 'destinationtitleslug'],
  destinationCard: ['id', 'destinationtitle', 'destinationtitleslug', 'destinationtag', 'destinationheaderimage', 'destinationheaderimagealt', 'destinationdescription'],
  experienceCard: ['id', 'experiencetitle', 'experiencetitleslug', 'experiencedescription', 'experienceheaderimage', 'experienceheaderimagealt'],
  animalCard: ['id', 'animaltitle', 'animaltitleslug', 'animaldescription', 'animalheaderimage', 'animalheaderimagealt'],
  birdCard: ['id', 'birdtitle', 'birdtitleslug', 'birddescription', 'birdheaderimage', 'birdheaderimagealt'],
  faq: ['id', 'question', 'answer', 'faqslug'],
  gallery: ['id', 'filepath', 'filename', 'caption'],
  review: ['id', 'name', 'date', 'title', 'overview', 'details', 'profileimage', 'rating'],
  day: ['id', 'day_number', 'title', 'description', 'breakfast', 'lunch', 'dinner', 'drinking_water', 'experiences', 'stops', 'lodge'],
};
K.safariFull = [...K.safariCard, 'safaridescription', 'safariincludes', 'safariexcludes'];

type Json = Record<string, any>;

function expectKeys(obj: Json, keys: string[]) {
  expect(Object.keys(obj).sort()).toEqual([...keys].sort());
}
function expectHasKeys(obj: Json, keys: string[]) {
  for (const k of keys) expect(obj, `missing ${k}`).toHaveProperty(k);
}
function expectMeta(body: Json, path: string) {
  expectHasKeys(body, K.meta);
  expect(typeof body.title).toBe('string');
  expect(body.title.length).toBeGreaterThan(0);
  expect(typeof body.pageKeywords).toBe('string');
  expect(typeof body.pageDescription).toBe('string');
  expect(body.pageUrl).toBe(SITE + path);
}
function uniqueIds(items: { id: number }[]) {
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
}

for (const backend of backends()) {
  describe(`read API on ${backend}`, () => {
    const site = contentApi(backend, SITE);
    let db: TestDatabase;
    let api: Api;
    let content: Content;
    beforeAll(() => ({ db, api, content } = site));

    async function get(path: string, headers?: Record<string, string>) {
      const res = await api.request(path, { headers });
      const text = await res.text();
      return { res, status: res.status, body: (text ? JSON.parse(text) : null) as Json };
    }
    async function ok(path: string) {
      const r = await get(path);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return r.body;
    }
    const countWhere = <T>(items: T[], f: (x: T) => boolean) => items.filter(f).length;
    const pages = (n: number, size: number) => Math.ceil(n / size);

    it('answers liveness and readiness', async () => {
      expect(await ok('/healthz')).toEqual({ status: 'ok' });
      expect((await ok('/readyz')).status).toBe('ready');
    });

    it('GET / carries the home content and page metadata', async () => {
      const body = await ok('/');
      expectMeta(body, '/');
      expectHasKeys(body, ['blogs', 'parks', 'safaris', 'ugchimpsafaris', 'uggorillasafaris', 'experiences', 'faqs']);
      for (const b of body.blogs) expectKeys(b, K.blogCard);
      for (const p of body.parks) expectKeys(p, K.parkCard);
      for (const s of [...body.safaris, ...body.ugchimpsafaris, ...body.uggorillasafaris]) expectKeys(s, K.safariCard);
      for (const e of body.experiences) expectKeys(e, K.experienceCard);
      for (const f of body.faqs) expectKeys(f, K.faq);
      for (const r of body.reviews) expectKeys(r, K.review);
      expect(body.faqs.length).toBe(countWhere(content.faqs, (f) => f.home));
      expect(body.reviews.length).toBe(
        Math.min(
          3,
          countWhere(content.reviews, (r) => r.featured),
        ),
      );
      const ugWith = (exp: string) => new Set(content.safaris.filter((s) => s.destinations.includes('uganda') && s.experiences.includes(exp)).map((s) => s.slug));
      const gorilla = ugWith('gorilla-trekking');
      const chimp = ugWith('chimpanzee-trekking');
      expect(body.uggorillasafaris.length).toBe(Math.min(3, gorilla.size));
      expect(body.ugchimpsafaris.length).toBe(Math.min(3, chimp.size));
      for (const s of body.uggorillasafaris) expect(gorilla.has(s.safarititleslug)).toBe(true);
      for (const s of body.ugchimpsafaris) expect(chimp.has(s.safarititleslug)).toBe(true);
      uniqueIds(body.uggorillasafaris);
      uniqueIds(body.ugchimpsafaris);
    });

    it("GET /reviews/{id} answers a featured review's full text, and 404 for any other id", async () => {
      const home = await ok('/');
      for (const r of home.reviews) expect(await ok(`/reviews/${r.id}`)).toEqual({ id: r.id, details: r.details });
      const featured = new Set<number>(home.reviews.map((r: Json) => r.id));
      const others = rowsOf<{ id: number }>(await db.db.execute(sql.raw('select id from reviews where not featured order by id limit 1')));
      expect(others.length, 'the content has a review that is not featured').toBe(1);
      const odd = ['0', '-1', 'abc', '1.5', '99999999999', String(2 ** 31), '2147483647', ...others.map((r) => String(r.id))];
      for (const id of odd) {
        if (featured.has(Number(id))) continue;
        const r = await get(`/reviews/${id}`);
        expect(r.status, id).toBe(404);
        expect(r.body).toEqual({ error: 'Review not found' });
      }
    });

    it('GET /blogs/nav lists the navigation blogs, with page metadata like every other answer', async () => {
      const body = await ok('/blogs/nav');
      expectKeys(body, [...K.meta, 'blogs']);
      expectMeta(body, '/blogs');
      const nav = new Set(content.blogs.filter((b) => b.nav).map((b) => b.slug));
      expect(body.blogs.length).toBe(Math.min(6, nav.size));
      for (const b of body.blogs) {
        expectKeys(b, K.blogCard);
        expect(nav.has(b.blogtitleslug)).toBe(true);
      }
    });

    it('GET /parks/in/{slug}?navbar=true answers the nav panel', async () => {
      for (const d of content.destinations) {
        const body = await ok(`/parks/in/${d.slug}?navbar=true`);
        expectHasKeys(body, ['parks', 'destinationTitle', 'destinationTitleSlug', 'destinations']);
        expect(body.destinationTitle).toBe(d.title);
        expect(body.destinationTitleSlug).toBe(d.slug);
        expect(body.destinations.length).toBe(content.destinations.length);
        for (const x of body.destinations) expectKeys(x, K.destinationCard);
        const inCountry = countWhere(content.parks, (p) => p.destination === d.slug);
        expect(body.parks.length).toBe(Math.min(NAV_MAX_PARKS, inCountry));
        for (const p of body.parks) expect(p.destinationtitleslug).toBe(d.slug);
      }
    });

    it('GET /experiences/in/{slug}?navbar=true gives up to 3, deduplicated', async () => {
      const body = await ok('/experiences/in/uganda?navbar=true');
      expectHasKeys(body, ['experiences', 'destinationTitle', 'destinationTitleSlug', 'destinations']);
      const offered = new Set(content.experiences.filter((e) => e.destinations.includes('uganda')).map((e) => e.slug));
      expect(body.experiences.length).toBe(Math.min(NAV_MAX_EXPERIENCES, offered.size));
      uniqueIds(body.experiences);
      for (const e of body.experiences) {
        expectKeys(e, K.experienceCard);
        expect(offered.has(e.experiencetitleslug)).toBe(true);
      }
    });

    it('GET /safaris/experiences/{slug} in its nav and paginated forms', async () => {
      const withGorillas = content.safaris.filter((s) => s.experiences.includes('gorilla-trekking'));
      const nav = await ok('/safaris/experiences/gorilla-trekking?navbar=true');
      expectHasKeys(nav, ['safaris', 'experienceTitle', 'experienceTitleSlug', 'safariexperiences']);
      expect(nav.experienceTitleSlug).toBe('gorilla-trekking');
      expect(nav.safaris.length).toBe(Math.min(NAV_MAX_SAFARIS, withGorillas.length));
      expect(nav.safariexperiences.length).toBe(content.experiences.length);
      uniqueIds(nav.safaris);

      const total = pages(withGorillas.length, PAGE_SIZE.safarisByExperience);
      const p1 = await ok('/safaris/experiences/gorilla-trekking?page=1&limit=9');
      expectHasKeys(p1, ['safaris', 'totalPages', 'experienceTitle', 'experienceImage', 'experienceImageAlt']);
      expect(p1.totalPages).toBe(total);
      expect(p1.safaris.length).toBe(Math.min(9, withGorillas.length));
      const all: Json[] = [];
      for (let page = 1; page <= total; page++) all.push(...(await ok(`/safaris/experiences/gorilla-trekking?page=${page}`)).safaris);
      expect(all.map((s) => s.safarititleslug).sort()).toEqual(withGorillas.map((s) => s.slug).sort());
      uniqueIds(all as { id: number }[]);
      // Shortest first.
      expect(all.map((s) => s.safariday)).toEqual([...all.map((s) => s.safariday)].sort((a, b) => a - b));
      expect((await get(`/safaris/experiences/gorilla-trekking?page=${total + 1}`)).status).toBe(400);
      expect((await get('/safaris/experiences/no-such-thing')).body).toEqual({ error: 'Experience not found' });
    });

    it('GET the about page, tips and static pages with page metadata', async () => {
      const about = await ok(aboutPath);
      expectMeta(about, aboutPath);
      expectHasKeys(about, ['safaris', 'blogs']);
      for (const s of about.safaris) expectKeys(s, K.safariCard);
      for (const b of about.blogs) expectKeys(b, K.blogCard);

      const tips = await ok('/gorilla-tracking-tips');
      expectMeta(tips, '/gorilla-tracking-tips');
      const gorillaSlugs = new Set(content.safaris.filter((s) => s.experiences.includes('gorilla-trekking')).map((s) => s.slug));
      expect(tips.gorillasafaris.length).toBeGreaterThan(0);
      uniqueIds(tips.gorillasafaris);
      for (const s of tips.gorillasafaris) expect(gorillaSlugs.has(s.safarititleslug)).toBe(true);

      for (const path of ['/terms-and-conditions', '/privacy-policy', '/travel-advice', '/plan-a-safari', '/contact-us', '/our-impact', '/our-conservation-promise']) {
        const body = await ok(path);
        expectMeta(body, path);
        expect(typeof body.content).toBe('string');
      }
      for (const path of ['/why-book-with-us', '/sustainability-and-environmental-conservation']) {
        const body = await ok(path);
        expectMeta(body, path);
        expect(body.safaris.length).toBeGreaterThan(0);
        expect(body.blogs.length).toBeGreaterThan(0);
      }
      const why = await ok('/why-book-with-us');
      expect(why.blocks.vision).toContain('<p>');
      expect(why.blocks.mission).toContain('<p>');
    });

    it('GET /frequently-asked-questions lists every FAQ in order', async () => {
      const body = await ok('/frequently-asked-questions');
      expectMeta(body, '/frequently-asked-questions');
      expect(body.faqs.length).toBe(content.faqs.length);
      const orders = [...content.faqs].sort((a, b) => a.order - b.order).map((f) => f.slug);
      expect(body.faqs.map((f: Json) => f.faqslug)).toEqual(orders);
      for (const f of body.faqs) expectKeys(f, K.faq);
    });

    it('paginates animals and birds 8 per page and refuses bad pages', async () => {
      for (const [path, key, n, card] of [
        ['/animals', 'animals', content.animals.length, K.animalCard],
        ['/birds', 'birds', content.birds.length, K.birdCard],
      ] as const) {
        const total = pages(n, 8);
        const first = await ok(`${path}?page=1&limit=8`);
        expectMeta(first, path);
        expect(first.totalPages).toBe(total);
        expect(first[key].length).toBe(Math.min(8, n));
        for (const x of first[key]) expectKeys(x, card);
        const def = await ok(path);
        expect(def[key]).toEqual(first[key]);
        if (total > 0) {
          const last = await ok(`${path}?page=${total}&limit=8`);
          expect(last[key].length).toBe(n - (total - 1) * 8);
        }
        for (const bad of ['page=abc', 'page=0', 'page=-1', 'page=1.5', `page=${Math.max(total, 1) + 1}`, 'limit=101', 'limit=0', 'limit=x', 'page=99999999999999999999']) {
          const r = await get(`${path}?${bad}`);
          expect(r.status, bad).toBe(400);
          expect(typeof r.body.error).toBe('string');
        }
        expect((await ok(`${path}?limit=100`))[key].length).toBe(Math.min(100, n));
      }
    });

    it('GET /animals/{slug} and /birds/{slug} with related lists and galleries', async () => {
      const a = content.animals.find((x) => x.slug === 'mountain-gorillas') ?? content.animals[0]!;
      const body = await ok(`/animals/${a.slug}`);
      expectMeta(body, `/animals/${a.slug}`);
      expectHasKeys(body, ['animal', 'relatedAnimals', 'otherAnimals', 'galleryImages']);
      expectKeys(body.animal, [...K.animalCard, 'animalparagraph']);
      expect(body.animal.animaltitle).toBe(a.title);
      expect(body.galleryImages.length).toBe(a.gallery.length);
      for (const g of body.galleryImages) {
        expectKeys(g, K.gallery);
        expect(g.filepath).toMatch(new RegExp(`^images/animals/${a.slug}/[a-z0-9-]+\\.jpg$`));
      }
      for (const r of [...body.relatedAnimals, ...body.otherAnimals]) expect(r.id).not.toBe(body.animal.id);
      expect((await get('/animals/no-such-animal')).body).toEqual({ error: 'Animal not found' });
      expect((await get('/animals/no-such-animal')).status).toBe(404);

      if (content.birds.length) {
        const b = content.birds[0]!;
        const bird = await ok(`/birds/${b.slug}`);
        expectHasKeys(bird, ['bird', 'relatedBirds', 'otherBirds', 'galleryImages']);
        expectKeys(bird.bird, [...K.birdCard, 'birdoverview', 'birddetails']);
      }
      expect((await get('/birds/no-such-bird')).body).toEqual({ error: 'Bird not found' });
    });

    it('GET /parks paginates 12 per page and filters by destination_id', async () => {
      const total = pages(content.parks.length, 12);
      const body = await ok('/parks?page=1&limit=12');
      expectMeta(body, '/parks');
      expect(body.totalPages).toBe(total);
      for (const p of body.parks) expectKeys(p, K.parkCard);
      const seen: Json[] = [];
      for (let page = 1; page <= total; page++) seen.push(...(await ok(`/parks?page=${page}`)).parks);
      expect(seen.length).toBe(content.parks.length);
      uniqueIds(seen as { id: number }[]);

      const dests = (await ok('/destinations')).destinations as Json[];
      const uganda = dests.find((d) => d.destinationtitleslug === 'uganda')!;
      const filtered = await ok(`/parks?destination_id=${uganda.id}`);
      const inUganda = countWhere(content.parks, (p) => p.destination === 'uganda');
      expect(filtered.totalPages).toBe(pages(inUganda, 12));
      for (const p of filtered.parks) expect(p.destination_id).toBe(uganda.id);
      expect((await get('/parks?destination_id=abc')).status).toBe(400);
      const none = await ok('/parks?destination_id=999999');
      expect(none.parks).toEqual([]);
      expect(none.totalPages).toBe(0);
    });

    it('GET /destinations and /destinations/{slug} with previous and next', async () => {
      const list = await ok('/destinations');
      expectMeta(list, '/destinations');
      expect(list.destinations.map((d: Json) => d.destinationtitleslug)).toEqual([...content.destinations].sort((a, b) => a.order - b.order).map((d) => d.slug));
      const slugs = list.destinations.map((d: Json) => d.destinationtitleslug) as string[];
      for (const [i, slug] of slugs.entries()) {
        const body = await ok(`/destinations/${slug}`);
        expectHasKeys(body, ['destination', 'otherDestinations', 'blogs', 'prevPost', 'nextPost']);
        expectKeys(body.destination, [...K.destinationCard, 'destinationparagraph', 'youtubeembedlink']);
        expect(body.prevPost?.destinationtitleslug ?? null).toBe(i > 0 ? slugs[i - 1] : null);
        expect(body.nextPost?.destinationtitleslug ?? null).toBe(i < slugs.length - 1 ? slugs[i + 1] : null);
        expect(body.otherDestinations.length).toBe(slugs.length - 1);
      }
      expect((await get('/destinations/atlantis')).body).toEqual({ error: 'Destination not found' });
    });

    it('GET /parks/{slug} and /parks/in/{slug}', async () => {
      const p = content.parks.find((x) => x.slug === 'bwindi-impenetrable-forest-national-park') ?? content.parks[0]!;
      const body = await ok(`/parks/${p.slug}`);
      expectMeta(body, `/parks/${p.slug}`);
      expectHasKeys(body, ['park', 'relatedParks', 'otherParks', 'blogs', 'galleryImages', 'lodges']);
      expect(body.lodges.map((l: Json) => l.lodgetitleslug).sort()).toEqual(
        content.lodges
          .filter((l) => l.park === p.slug)
          .map((l) => l.slug)
          .sort(),
      );
      expectKeys(body.park, [...K.parkCard, 'parkoverview', 'parkdetails', 'latitude', 'longitude']);
      expect(body.park.destinationtitleslug).toBe(p.destination);
      expect([body.park.latitude, body.park.longitude]).toEqual([p.location.lat, p.location.lng]);
      for (const r of body.relatedParks) {
        expect(r.destinationtitleslug).toBe(p.destination);
        expect(r.id).not.toBe(body.park.id);
      }
      expect(body.galleryImages.length).toBe(p.gallery.length);
      expect((await get('/parks/no-such-park')).body).toEqual({ error: 'Park not found' });

      const inCountry = countWhere(content.parks, (x) => x.destination === 'uganda');
      const byCountry = await ok('/parks/in/uganda?page=1&limit=9');
      expectHasKeys(byCountry, ['parks', 'totalPages', 'destinationTitle', 'destinationImage', 'destinationImageAlt']);
      expect(byCountry.totalPages).toBe(pages(inCountry, 9));
      expect(byCountry.parks.length).toBe(Math.min(9, inCountry));
      expect((await get('/parks/in/atlantis')).body).toEqual({ error: 'Destination not found' });
    });

    it('GET /safaris lists every safari once', async () => {
      const body = await ok('/safaris');
      expectMeta(body, '/safaris');
      expect(body.allsafaris.length).toBe(content.safaris.length);
      uniqueIds(body.allsafaris);
      for (const s of body.allsafaris) expectKeys(s, K.safariCard);
    });

    /** A day's stop as the API names it: a park with its page, or a place. */
    function stopOf(slug: string) {
      const park = content.parks.find((p) => p.slug === slug);
      if (park) return { title: park.title, parktitleslug: slug, latitude: park.location.lat, longitude: park.location.lng };
      const place = content.places.find((p) => p.slug === slug)!;
      return { title: place.title, parktitleslug: null, latitude: place.location.lat, longitude: place.location.lng };
    }

    it('GET /safaris/{slug} with days in order, meal flags, activities and stops', async () => {
      // The first five, and the longest (every kind of stop).
      const longest = [...content.safaris].sort((a, b) => b.itinerary.length - a.itinerary.length)[0]!;
      for (const s of [...content.safaris.slice(0, 5), longest]) {
        const body = await ok(`/safaris/${s.slug}`);
        expectMeta(body, `/safaris/${s.slug}`);
        expectHasKeys(body, ['safari', 'safaridays', 'otherSafaris', 'blogs', 'title']);
        expectKeys(body.safari, K.safariFull);
        expect(body.title).toBe(`${s.itinerary.length} Day ${s.title}`);
        expect(body.safari.safariday).toBe(s.itinerary.length);
        expect(body.safari.safariprice).toBe(s.price);
        expect(body.safari.safariincludes).toBe(s.includes.join(', '));
        expect(body.safaridays.map((d: Json) => d.day_number)).toEqual(s.itinerary.map((_, i) => i + 1));
        for (const [i, d] of body.safaridays.entries()) {
          expectKeys(d, K.day);
          const src = s.itinerary[i]!;
          expect(d.title).toBe(src.title);
          expect(d.breakfast).toBe(src.meals.breakfast);
          expect(d.drinking_water).toBe(src.meals.water);
          expect(d.experiences.map((e: Json) => e.experiencetitleslug)).toEqual([...new Set(src.activities)]);
          for (const e of d.experiences) expect(typeof e.image).toBe('boolean');
          expect(d.stops).toEqual(src.stops.map(stopOf));
          expect(d.lodge?.lodgetitleslug ?? null).toBe(src.lodge ?? null);
        }
        uniqueIds(body.otherSafaris);
        for (const o of body.otherSafaris) expect(o.id).not.toBe(body.safari.id);
      }
      expect((await get('/safaris/no-such-safari')).body).toEqual({ error: 'Safari not found' });
    });

    it('GET /safaris/in/{slug} paginates 9 per page', async () => {
      for (const d of content.destinations) {
        const n = countWhere(content.safaris, (s) => s.destinations.includes(d.slug));
        const body = await ok(`/safaris/in/${d.slug}?page=1&limit=9`);
        expectHasKeys(body, ['safaris', 'totalPages', 'destinationTitle', 'destinationImage', 'destinationImageAlt']);
        expect(body.totalPages).toBe(pages(n, 9));
        expect(body.safaris.length).toBe(Math.min(9, n));
        uniqueIds(body.safaris);
      }
      expect((await get('/safaris/in/atlantis')).body).toEqual({ error: 'Destination not found' });
    });

    it('GET /blogs newest first and /blogs/{slug} with previous (older) and next (newer)', async () => {
      const sorted = [...content.blogs].sort((a, b) => b.created.getTime() - a.created.getTime());
      const body = await ok('/blogs?page=1&limit=12');
      expectMeta(body, '/blogs');
      expect(body.totalPages).toBe(pages(sorted.length, 12));
      expect(body.blogs.map((b: Json) => b.blogtitleslug)).toEqual(sorted.slice(0, 12).map((b) => b.slug));
      for (const b of body.blogs) expectKeys(b, K.blogCard);
      const mid = sorted[1] ?? sorted[0]!;
      const post = await ok(`/blogs/${mid.slug}`);
      expectHasKeys(post, ['blog', 'prevPost', 'nextPost', 'relatedBlogs']);
      expectKeys(post.blog, [...K.blogCard, 'blogparagraph']);
      const i = sorted.findIndex((b) => b.slug === mid.slug);
      expect(post.nextPost?.blogtitleslug ?? null).toBe(i > 0 ? sorted[i - 1]!.slug : null);
      expect(post.prevPost?.blogtitleslug ?? null).toBe(i < sorted.length - 1 ? sorted[i + 1]!.slug : null);
      expect((await get('/blogs/no-such-blog')).body).toEqual({ error: 'Blog not found' });
    });

    it('GET /experiences, /experiences/{slug} and /experiences/in/{slug}', async () => {
      const list = await ok('/experiences?page=1&limit=12');
      expectMeta(list, '/experiences');
      expect(list.totalPages).toBe(pages(content.experiences.length, 12));
      for (const e of list.experiences) expectKeys(e, K.experienceCard);

      const body = await ok('/experiences/gorilla-trekking');
      expectMeta(body, '/experiences/gorilla-trekking');
      expectHasKeys(body, ['experience', 'relatedExperiences', 'relatedSafaris', 'blogs', 'galleryImages']);
      expectKeys(body.experience, [...K.experienceCard, 'experienceparagraph']);
      uniqueIds(body.relatedSafaris);
      const gorillaSlugs = new Set(content.safaris.filter((s) => s.experiences.includes('gorilla-trekking')).map((s) => s.slug));
      for (const s of body.relatedSafaris) expect(gorillaSlugs.has(s.safarititleslug)).toBe(true);
      for (const e of body.relatedExperiences) expect(e.id).not.toBe(body.experience.id);
      expect((await get('/experiences/no-such-experience')).body).toEqual({ error: 'Experience not found' });

      const inKenya = await ok('/experiences/in/kenya');
      expectHasKeys(inKenya, ['experiences', 'destinationTitle', 'destinationImage', 'destinationImageAlt']);
      const offered = content.experiences.filter((e) => e.destinations.includes('kenya')).length;
      expect(inKenya.experiences.length).toBe(Math.min(PAGE_SIZE.experiencesByCountry, offered));
      uniqueIds(inKenya.experiences);
    });

    it('answers If-None-Match with 304 and sends CDN-friendly caching headers', async () => {
      for (const path of ['/', '/safaris', '/animals?page=1', `/safaris/${content.safaris[0]!.slug}`]) {
        const first = await get(path);
        const etag = first.res.headers.get('etag');
        expect(etag).toMatch(/^"[\w-]+"$/);
        expect(first.res.headers.get('cache-control')).toMatch(/max-age=\d+.*stale-while-revalidate=\d+/);
        const again = await api.request(path, { headers: { 'if-none-match': etag! } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        const other = await api.request(path, { headers: { 'if-none-match': 'W/"different"' } });
        expect(other.status).toBe(200);
      }
    });

    it('answers unknown paths and odd input with JSON errors, never a 500', async () => {
      const r = await get('/no/such/path');
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'Not found' });
      for (const path of ['/safaris/%27%3B%20drop%20table%20safaris%3B--', `/parks/${'x'.repeat(5000)}`, '/blogs/%F0%9F%A6%8D', '/animals?page=%00', '/birds?page=1e3', '/parks?destination_id=-1']) {
        const res = await api.request(path);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
        expect(typeof ((await res.json()) as Json).error).toBe('string');
      }
    });

    it('never serves a script in stored HTML', async () => {
      const bodies = await Promise.all([ok('/frequently-asked-questions'), ok(`/safaris/${content.safaris[0]!.slug}`), ok(`/parks/${content.parks[0]!.slug}`)]);
      expect(JSON.stringify(bodies)).not.toMatch(/<script|javascript:|onerror=/i);
    });
  });
}
