// Which content uses a library image: deleting an image is refused while anything references it.
// Nothing references uploads yet; the content editor adds a check per content type (a header
// image, a gallery entry, an image in Markdown) with addMediaReferenceCheck() where its API is
// mounted, and the media library's delete route asks findMediaReferences() before it deletes.
import type { Db } from '../db/index.ts';

/** One place an image is used, as the console shows it ("Safari: Gorillas and chimps"). */
export interface MediaReference {
  /** The content type, as the console names it. */
  type: string;
  /** The item's title or slug. */
  label: string;
  /** Where to edit it in the console, when there is a screen for it. */
  href?: string;
}

/** Looks for uses of an image given its stable path (images/uploads/<name>.jpg). */
export type MediaReferenceCheck = (db: Db, stablePath: string) => Promise<MediaReference[]>;

const checks = new Set<MediaReferenceCheck>();

/** Adds a check; returns the function that removes it again. */
export function addMediaReferenceCheck(check: MediaReferenceCheck): () => void {
  checks.add(check);
  return () => {
    checks.delete(check);
  };
}

/** Every use of the image found by the registered checks (empty: it may be deleted). */
export async function findMediaReferences(db: Db, stablePath: string): Promise<MediaReference[]> {
  const found: MediaReference[] = [];
  for (const check of checks) found.push(...(await check(db, stablePath)));
  return found;
}
