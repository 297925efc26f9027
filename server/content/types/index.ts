// The registry of content types: one module per type (./<collection>.ts), in the order they are
// written (a type after every type it refers to; removed in the reverse order). What is kept per
// type elsewhere is derived from this list: the collections the content load reads
// (server/db/content.ts), the projection and its removals (server/db/seed.ts), the search index and
// its triggers (server/search/), the sitemap, the image build (server/media/jobs.ts) and the
// galleries' owners. The description the browser shares is each type's entry in
// common/content-types.ts.
import type { InferColumnsDataTypes } from 'drizzle-orm';
import type { z } from 'zod';
import animals from './animals.ts';
import birds from './birds.ts';
import blogs from './blogs.ts';
import destinations from './destinations.ts';
import experiences from './experiences.ts';
import faqs from './faqs.ts';
import guides from './guides.ts';
import lodges from './lodges.ts';
import pages from './pages.ts';
import parks from './parks.ts';
import places from './places.ts';
import reviews from './reviews.ts';
import safaris from './safaris.ts';
import vehicles from './vehicles.ts';
import type { ContentTypeModule } from './type.ts';

export const CONTENT_MODULES = [destinations, parks, places, lodges, experiences, guides, vehicles, safaris, blogs, animals, birds, faqs, reviews, pages] as const;

type Module = (typeof CONTENT_MODULES)[number];
export type CollectionName = Module['collection'];
type SchemaOf<C extends CollectionName> = Extract<Module, { collection: C }>['schema'];

/** Each collection's document schema, by name. */
export const collections = Object.fromEntries(CONTENT_MODULES.map((m) => [m.collection, m.schema])) as { [C in CollectionName]: SchemaOf<C> };

export type Item<C extends CollectionName> = z.output<SchemaOf<C>> & { slug: string };

/** The owner types of gallery rows (gallery_images.owner_type) and the collection each belongs to. */
export type GalleryOwner = Module extends ContentTypeModule<string, z.ZodType, infer G> ? G : never;
export const GALLERY_OWNERS = CONTENT_MODULES.flatMap((m) => ((m as ContentTypeModule).gallery ? [m as ContentTypeModule<CollectionName, z.ZodType, GalleryOwner> & { gallery: GalleryOwner }] : []));

/** What refers to others first: the registry's order reversed. */
export const REMOVAL_ORDER: readonly ContentTypeModule[] = [...CONTENT_MODULES].reverse();

type ModuleOf<C extends CollectionName> = Extract<Module, { collection: C }>;
/** The collections whose items have a card list and a detail answer read off their module. */
export type ListedCollection = { [C in CollectionName]: string extends keyof NonNullable<ModuleOf<C>['cardList']>['card'] ? never : C }[CollectionName];
/** A type's card on the wire: its card columns' values. */
export type CardOf<C extends ListedCollection> = InferColumnsDataTypes<NonNullable<ModuleOf<C>['cardList']>['card']>;
type BodyOf<C extends CollectionName> = NonNullable<Awaited<ReturnType<NonNullable<ModuleOf<C>['detail']>['read']>>>['body'];
/** The collections whose detail answer is read off their module. */
export type DetailedCollection = { [C in CollectionName]: string extends keyof BodyOf<C> ? never : C }[CollectionName];
/** A type's detail answer's own fields on the wire (besides the page metadata). */
export type DetailOf<C extends DetailedCollection> = BodyOf<C>;
