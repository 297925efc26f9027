// What a route's loader returns travels twice (rendered into the HTML, and as the page's data for
// hydration), so loaders return only the fields the page, its meta and its structured data use,
// and the image metadata (server/media/annotate.ts) of the images among them. Used by loaders only.
import type { ImageMeta } from '../components/Image.tsx';
import { imageMetaOf } from '../components/Image.tsx';

export type PageData<T> = Omit<T, 'imageMeta'> & { imageMeta: Record<string, ImageMeta> };

/**
 * The images of `known` that `value` mentions, into `out` in the order they are first mentioned (a
 * path may start with slashes). Looks each string up as it walks: no set of every string is made
 * (hashing a page's long HTML fields cost more than the look-ups).
 */
function mentioned(value: unknown, known: Record<string, ImageMeta>, out: Record<string, ImageMeta>, depth = 0): void {
  if (depth > 12) return;
  if (typeof value === 'string') {
    const s = value.charCodeAt(0) === 0x2f ? value.replace(/^\/+/, '') : value;
    if (Object.hasOwn(known, s) && known[s]) out[s] = known[s];
  } else if (Array.isArray(value)) for (const v of value) mentioned(v, known, out, depth + 1);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'imageMeta') mentioned(v, known, out, depth + 1);
}

/**
 * `data` with an `imageMeta` map holding exactly the images it mentions, their metadata taken from
 * the API answers it was made of (`data` itself when it is an answer).
 */
export function pageData<T extends object>(data: T, ...answers: unknown[]): PageData<T> {
  const imageMeta: Record<string, ImageMeta> = {};
  mentioned(data, imageMetaOf(data, ...answers), imageMeta);
  return { ...data, imageMeta };
}

/** Each item of a list with the given fields only (e.g. the chips of a list page: slug and title). */
export function only<T extends object, K extends keyof T>(items: readonly T[], ...keys: K[]): Pick<T, K>[] {
  return items.map((item) => {
    const out = {} as Pick<T, K>;
    for (const k of keys) out[k] = item[k];
    return out;
  });
}
