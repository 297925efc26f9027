// Loads the content files into the database. Items are matched by slug, so ids stay stable
// across re-seeds; items whose file was removed are deleted. Runs at start when the content
// differs from what was last loaded (a hash of the content is stored in content_version).
import { createHash } from 'node:crypto';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { PgTable, PgColumn } from 'drizzle-orm/pg-core';
import type { CollectionName, Content } from './content.ts';
import { markdownToHtml } from './html.ts';
import type { Db } from './index.ts';
import * as t from './schema.ts';
import { galleryImagePath, headerImagePath, type ImageCollection } from '../media/paths.ts';
import { forgetReferenceData } from './queries.ts';
import { currentTrace, traced } from './reads.ts';
import { slugTableOf } from '../content/definitions.ts';
import { recordContentChange } from './version.ts';

function contentHash(content: Content): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Keeps ids stable: update the row with this slug, or insert it. Returns the id. */
async function upsert(
  tx: Db,
  table: PgTable & { id: PgColumn },
  slugColumn: PgColumn,
  slug: string,
  values: Record<string, unknown>,
): Promise<number> {
  const updated = await tx
    .update(table)
    .set({ ...values, updated_at: new Date() } as never)
    .where(eq(slugColumn, slug))
    .returning({ id: table.id });
  if (updated[0]) return updated[0].id as number;
  const inserted = await tx.insert(table).values(values as never).returning({ id: table.id });
  return inserted[0]!.id as number;
}

async function removeMissing(tx: Db, table: PgTable, slugColumn: PgColumn, slugs: string[]) {
  if (slugs.length === 0) await tx.delete(table);
  else await tx.delete(table).where(notInArray(slugColumn, slugs));
}

async function replaceGallery(
  tx: Db,
  ownerType: 'park' | 'animal' | 'bird' | 'experience' | 'lodge',
  collection: 'parks' | 'animals' | 'birds' | 'experiences' | 'lodges',
  ownerId: number,
  slug: string,
  gallery: { file?: string; upload?: string; alt: string; caption: string }[],
) {
  await tx.delete(t.galleryImages).where(and(eq(t.galleryImages.owner_type, ownerType), eq(t.galleryImages.owner_id, ownerId)));
  if (gallery.length)
    await tx.insert(t.galleryImages).values(
      gallery.map((g, position) => ({
        owner_type: ownerType,
        owner_id: ownerId,
        filepath: g.upload ?? galleryImagePath(collection, slug, g.file!),
        filename: g.alt,
        caption: g.caption,
        position,
      })),
    );
}

/** The header image of an item: a library upload when it names one, else its content image. */
function headerImage(collection: ImageCollection, slug: string, image: { file?: string; upload?: string }): string {
  return image.upload ?? headerImagePath(collection, slug, image.file);
}

/**
 * The columns every page-backed type shares, named after its prefix ("park" -> parktitle,
 * parktitleslug, parkdescription, parkheaderimage, parkheaderimagealt) and its search-engine
 * metadata.
 */
function pageColumns(
  prefix: string,
  collection: ImageCollection,
  item: { slug: string; title: string; description: string; image: { alt: string; file?: string; upload?: string }; seo: { title?: string; keywords: string; description: string } },
): Record<string, unknown> {
  return {
    [`${prefix}title`]: item.title,
    [`${prefix}titleslug`]: item.slug,
    [`${prefix}description`]: item.description,
    [`${prefix}headerimage`]: headerImage(collection, item.slug, item.image),
    [`${prefix}headerimagealt`]: item.image.alt,
    metatitle: item.seo.title ?? null,
    metakeywords: item.seo.keywords,
    metadescription: item.seo.description,
  };
}

/** Projects only this item (a console edit) instead of the whole content. */
export interface ProjectOnly {
  collection: CollectionName;
  slug: string;
}

async function idsBySlug(tx: Db, table: PgTable & { id: PgColumn }, slugColumn: PgColumn): Promise<Map<string, number>> {
  const rows = (await tx.select({ id: table.id, slug: slugColumn }).from(table as never)) as { id: number; slug: string }[];
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export interface SeedResult {
  changed: boolean;
  counts: Record<string, number>;
}

/**
 * Writes the content into the content tables: all of it (the set-up step), or with `only` just
 * that item (a console edit; the item is removed from its table when `content` no longer has it).
 */
export async function syncContent(db: Db, content: Content, opts: { force?: boolean; only?: ProjectOnly } = {}): Promise<SeedResult> {
  const result = await writeContent(db, content, opts);
  if (result.changed) forgetReferenceData(db);
  return result;
}

async function writeContent(db: Db, content: Content, opts: { force?: boolean; only?: ProjectOnly }): Promise<SeedResult> {
  const only = opts.only;
  const want = (collection: CollectionName, slug: string) => !only || (only.collection === collection && only.slug === slug);
  const hash = contentHash(content);
  const counts = Object.fromEntries(Object.entries(content).flatMap(([k, v]) => (Array.isArray(v) ? [[k, v.length]] : [])));
  // The tables the change writes are traced (server/db/reads.ts): one item's change records them,
  // so that only what was made from them is dropped from the caches.
  return db.transaction((txRaw) => traced(() => writeInTransaction(txRaw as unknown as Db)).then((r) => r.value));
  async function writeInTransaction(tx: Db): Promise<SeedResult> {
    // Serialise concurrent seeders (several processes starting on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const [current] = await tx.select().from(t.contentVersion).where(eq(t.contentVersion.id, 1));
    if (!only && !opts.force && current?.content_hash === hash) return { changed: false, counts };

    // Ids of what is already there, for the references of the items written below.
    const destIds = await idsBySlug(tx, t.destinations, t.destinations.destinationtitleslug);
    const expIds = await idsBySlug(tx, t.experiences, t.experiences.experiencetitleslug);
    const parkIds = await idsBySlug(tx, t.parks, t.parks.parktitleslug);
    const placeIds = await idsBySlug(tx, t.places, t.places.placetitleslug);
    for (const d of content.destinations) {
      if (!want('destinations', d.slug)) continue;
      destIds.set(
        d.slug,
        await upsert(tx, t.destinations, t.destinations.destinationtitleslug, d.slug, {
          ...pageColumns('destination', 'destinations', d),
          destinationtag: d.tag,
          destinationparagraph: markdownToHtml(d.body),
          youtubeembedlink: d.video ?? null,
          sort_order: d.order,
        }),
      );
    }

    for (const e of content.experiences) {
      if (!want('experiences', e.slug)) continue;
      const id = await upsert(tx, t.experiences, t.experiences.experiencetitleslug, e.slug, {
        ...pageColumns('experience', 'experiences', e),
        experienceparagraph: markdownToHtml(e.body),
        sort_order: e.order,
      });
      expIds.set(e.slug, id);
      await tx.delete(t.experienceDestinations).where(eq(t.experienceDestinations.experience_id, id));
      await tx
        .insert(t.experienceDestinations)
        .values([...new Set(e.destinations)].map((d) => ({ experience_id: id, destination_id: destIds.get(d)! })));
      await replaceGallery(tx, 'experience', 'experiences', id, e.slug, e.gallery);
    }

    for (const p of content.parks) {
      if (!want('parks', p.slug)) continue;
      const id = await upsert(tx, t.parks, t.parks.parktitleslug, p.slug, {
        ...pageColumns('park', 'parks', p),
        parkoverview: markdownToHtml(p.overview),
        parkdetails: markdownToHtml(p.details),
        destination_id: destIds.get(p.destination)!,
        sort_order: p.order,
        latitude: p.location.lat,
        longitude: p.location.lng,
        created_at: p.created,
      });
      parkIds.set(p.slug, id);
      await replaceGallery(tx, 'park', 'parks', id, p.slug, p.gallery);
    }

    for (const p of content.places) {
      if (!want('places', p.slug)) continue;
      placeIds.set(
        p.slug,
        await upsert(tx, t.places, t.places.placetitleslug, p.slug, {
          placetitle: p.title,
          placetitleslug: p.slug,
          latitude: p.location.lat,
          longitude: p.location.lng,
        }),
      );
    }

    const lodgeIds = await idsBySlug(tx, t.lodges, t.lodges.lodgetitleslug);
    for (const l of content.lodges) {
      if (!want('lodges', l.slug)) continue;
      const id = await upsert(tx, t.lodges, t.lodges.lodgetitleslug, l.slug, {
        ...pageColumns('lodge', 'lodges', l),
        lodgeparagraph: markdownToHtml(l.body),
        lodgetier: l.tier,
        amenities: l.amenities,
        park_id: parkIds.get(l.park)!,
        sort_order: l.order,
        latitude: l.location.lat,
        longitude: l.location.lng,
      });
      lodgeIds.set(l.slug, id);
      await replaceGallery(tx, 'lodge', 'lodges', id, l.slug, l.gallery);
    }

    for (const s of content.safaris) {
      if (!want('safaris', s.slug)) continue;
      const id = await upsert(tx, t.safaris, t.safaris.safarititleslug, s.slug, {
        safarititle: s.title,
        safarititleslug: s.slug,
        safariday: s.itinerary.length,
        safariprice: s.price,
        safariheaderimage: headerImage('safaris', s.slug, s.image),
        safariheaderimagealt: s.image.alt,
        safarimetadescription: s.metaDescription,
        safaridescription: markdownToHtml(s.description),
        safariincludes: s.includes.join(', '),
        safariexcludes: s.excludes.join(', '),
        popular: s.popular,
        sort_order: s.order,
        metakeywords: s.keywords,
        metadescription: s.metaDescription,
      });
      await tx.delete(t.safariDestinations).where(eq(t.safariDestinations.safari_id, id));
      await tx.insert(t.safariDestinations).values([...new Set(s.destinations)].map((d) => ({ safari_id: id, destination_id: destIds.get(d)! })));
      await tx.delete(t.safariExperiences).where(eq(t.safariExperiences.safari_id, id));
      await tx.insert(t.safariExperiences).values([...new Set(s.experiences)].map((e) => ({ safari_id: id, experience_id: expIds.get(e)! })));
      await tx.delete(t.safariDays).where(eq(t.safariDays.safari_id, id));
      for (const [i, day] of s.itinerary.entries()) {
        const [row] = await tx
          .insert(t.safariDays)
          .values({
            safari_id: id,
            day_number: i + 1,
            title: day.title,
            description: markdownToHtml(day.description),
            breakfast: day.meals.breakfast,
            lunch: day.meals.lunch,
            dinner: day.meals.dinner,
            drinking_water: day.meals.water,
            lodge_id: day.lodge === undefined ? null : lodgeIds.get(day.lodge)!,
          })
          .returning({ id: t.safariDays.id });
        const acts = [...new Set(day.activities)];
        if (acts.length)
          await tx
            .insert(t.safariDayExperiences)
            .values(acts.map((a, position) => ({ safari_day_id: row!.id, experience_id: expIds.get(a)!, position })));
        if (day.stops.length)
          await tx.insert(t.safariDayStops).values(
            day.stops.map((stop, position) => ({
              safari_day_id: row!.id,
              position,
              park_id: parkIds.get(stop) ?? null,
              place_id: parkIds.has(stop) ? null : placeIds.get(stop)!,
            })),
          );
      }
    }

    for (const b of content.blogs) {
      if (!want('blogs', b.slug)) continue;
      await upsert(tx, t.blogs, t.blogs.blogtitleslug, b.slug, {
        ...pageColumns('blog', 'blogs', b),
        blogparagraph: markdownToHtml(b.body),
        show_in_nav: b.nav,
        created_at: b.created,
      });
    }

    for (const a of content.animals) {
      if (!want('animals', a.slug)) continue;
      const id = await upsert(tx, t.animals, t.animals.animaltitleslug, a.slug, {
        ...pageColumns('animal', 'animals', a),
        animalparagraph: markdownToHtml(a.body),
        sort_order: a.order,
      });
      await replaceGallery(tx, 'animal', 'animals', id, a.slug, a.gallery);
    }

    for (const b of content.birds) {
      if (!want('birds', b.slug)) continue;
      const id = await upsert(tx, t.birds, t.birds.birdtitleslug, b.slug, {
        ...pageColumns('bird', 'birds', b),
        birdoverview: markdownToHtml(b.overview),
        birddetails: markdownToHtml(b.details),
        sort_order: b.order,
      });
      await replaceGallery(tx, 'bird', 'birds', id, b.slug, b.gallery);
    }

    for (const f of content.faqs) {
      if (!want('faqs', f.slug)) continue;
      await upsert(tx, t.faqs, t.faqs.faqslug, f.slug, {
        question: f.question,
        answer: markdownToHtml(f.answer),
        faqslug: f.slug,
        sort_order: f.order,
        show_on_home: f.home,
      });
    }

    // The home page's reviews are few: they are replaced whole.
    if (!only || only.collection === 'reviews') await tx.delete(t.reviews);
    if ((!only || only.collection === 'reviews') && content.reviews.length)
      await tx.insert(t.reviews).values(
        content.reviews.map((r) => ({
          slug: r.slug,
          name: r.name,
          date: r.date.toISOString().slice(0, 10),
          title: r.title,
          overview: r.overview,
          details: r.details,
          // The photo when the review names one, else the portrait the image build draws (server/media/jobs.ts).
          profileimage: headerImagePath('reviews', r.slug, r.image),
          rating: r.rating,
          featured: r.featured,
        })),
      );

    for (const p of content.pages) {
      if (!want('pages', p.slug)) continue;
      const values = {
        slug: p.slug,
        title: p.title,
        pagekeywords: p.keywords,
        pagedescription: p.description,
        body: p.body ? markdownToHtml(p.body) : '',
        blocks: Object.fromEntries(Object.entries(p.blocks).map(([k, v]) => [k, markdownToHtml(v)])),
        updated_at: new Date(),
      };
      await tx.insert(t.pages).values(values).onConflictDoUpdate({ target: t.pages.slug, set: values });
    }

    // Currency rates from content/currency-rates.yaml, except those an owner has set in the
    // console since (server/currency.ts): the file never overrides a person's choice.
    if (!only && content.currencyRates) {
      const { date, rates } = content.currencyRates;
      const entries = Object.entries(rates) as [string, number][];
      for (const [currency, perUsd] of entries) {
        await tx
          .insert(t.currencyRates)
          .values({ currency, per_usd: perUsd, updated_at: date, updated_by: null })
          .onConflictDoUpdate({ target: t.currencyRates.currency, set: { per_usd: perUsd, updated_at: date }, setWhere: sql`${t.currencyRates.updated_by} is null` });
      }
      const listed = entries.map(([c]) => c);
      await tx
        .delete(t.currencyRates)
        .where(and(isNull(t.currencyRates.updated_by), listed.length ? notInArray(t.currencyRates.currency, listed) : undefined));
    }

    // Remove what is no longer in the content (children first): everything missing, or the one item.
    if (only) await removeItem(tx, content, only);
    else await removeAllMissing(tx, content);
    await removeOrphanGalleries(tx);

    const [bumped] = await tx
      .insert(t.contentVersion)
      .values({ id: 1, version: 1, content_hash: only ? null : hash })
      .onConflictDoUpdate({
        target: t.contentVersion.id,
        set: { version: sql`${t.contentVersion.version} + 1`, changed_at: new Date(), content_hash: only ? null : hash },
      })
      .returning({ version: t.contentVersion.version });
    // A whole load records nothing: every process drops all it keeps.
    if (only) await recordContentChange(tx, bumped!.version, currentTrace()!.writes);
    return { changed: true, counts };
  }
}

/** Removal order: what refers to others first. */
const REMOVAL_ORDER: CollectionName[] = ['safaris', 'lodges', 'parks', 'places', 'experiences', 'destinations', 'blogs', 'animals', 'birds', 'faqs', 'pages'];

async function removeItem(tx: Db, content: Content, only: ProjectOnly) {
  const items = content[only.collection] as { slug: string }[];
  if (items.some((i) => i.slug === only.slug)) return;
  const target = slugTableOf(only.collection);
  if (target) await tx.delete(target.table).where(eq(target.slug, only.slug));
}

async function removeAllMissing(tx: Db, content: Content) {
  for (const collection of REMOVAL_ORDER) {
    const target = slugTableOf(collection)!;
    await removeMissing(tx, target.table, target.slug, (content[collection] as { slug: string }[]).map((i) => i.slug));
  }
}

/** Gallery rows whose owner is gone. */
async function removeOrphanGalleries(tx: Db) {
  for (const [type, table] of [
    ['park', t.parks],
    ['animal', t.animals],
    ['bird', t.birds],
    ['experience', t.experiences],
    ['lodge', t.lodges],
  ] as const) {
    await tx
      .delete(t.galleryImages)
      .where(and(eq(t.galleryImages.owner_type, type), notInArray(t.galleryImages.owner_id, tx.select({ id: table.id }).from(table))));
  }
}
