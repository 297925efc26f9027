// Stable, public paths of content images, relative to the API base (spec point 7:
// "Images come from {host}/images/..."; gallery filepath is relative to the API base).
// The image pipeline renders each source to these paths plus responsive variants.
import type { Collection } from '../../common/content-types.ts';

/** A collection whose items have pictures. */
export type ImageCollection = Collection;

function stem(file: string): string {
  return file.replace(/\.[a-z0-9]+$/i, '');
}

/** Header image of an item: images/<collection>/<slug>.jpg */
export function headerImagePath(collection: ImageCollection, slug: string, file?: string): string {
  return `images/${collection}/${stem(file ?? slug)}.jpg`;
}

/** Gallery image of an item: images/<collection>/<slug>/<file>.jpg */
export function galleryImagePath(collection: ImageCollection, slug: string, file: string): string {
  return `images/${collection}/${slug}/${stem(file)}.jpg`;
}
