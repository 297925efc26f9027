// What a route's loader returns travels twice (rendered into the HTML, and as the page's data for
// hydration), so loaders return only the fields the page, its meta and its structured data use,
// and the image metadata (server/media/annotate.ts) of the images among them. Used by loaders only.
import type { ImageMeta } from '../components/Image.tsx';
import { imageMetaOf } from '../components/Image.tsx';

export type PageData<T> = Omit<T, 'imageMeta'> & { imageMeta: Record<string, ImageMeta> };

function strings(value: unknown, out: Set<string>, depth = 0): Set<string> {
  if (depth > 12) return out;
  if (typeof value === 'string') out.add(value.replace(/^\/+/, ''));
  else if (Array.isArray(value)) for (const v of value) strings(v, out, depth + 1);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'imageMeta') strings(v, out, depth + 1);
  return out;
}

/**
 * `data` with an `imageMeta` map holding exactly the images it mentions, their metadata taken from
 * the API answers it was made of (`data` itself when it is an answer).
 */
export function pageData<T extends object>(data: T, ...answers: unknown[]): PageData<T> {
  const known = imageMetaOf(data, ...answers);
  const imageMeta: Record<string, ImageMeta> = {};
  for (const s of strings(data, new Set())) if (known[s]) imageMeta[s] = known[s];
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
