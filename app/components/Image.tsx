// Every content image on the site goes through this component.
// `src` is the API's image field: a stable path relative to the API base ("images/parks/bwindi.jpg").
//
// It renders <picture> with AVIF and WebP sources, each with a srcset of the widths the image
// pipeline built (server/media/pipeline.ts), and a JPEG <img> for browsers that take neither, with
// explicit width and height and the image's colour painted behind it while it loads (a blurred
// placeholder in the console's media library).
// Pictures are lazy and list only the widths up to the first one of at least 960 px (enough for
// the cards and side images they are), unless `priority`: the hero (LCP) image lists every width,
// loads eagerly with fetchpriority high and is preloaded from the document's head (AVIF).
//
// How the component learns about an image without shipping a manifest in the bundle: the variants
// have deterministic names derived from the stable path (bwindi.w960.avif), so a srcset can always
// be built from `src` alone. When the page's loader data carries the image's metadata (an
// `imageMeta` map that the server's API client adds to the JSON it hands to loaders, see
// server/media/annotate.ts), the component uses the hashed names (bwindi.3fa9c1d2.w960.avif, cached
// as immutable), the real widths and the placeholder colour. Loader data is the same on the server and in
// the browser, so the markup hydrates without mismatch, and client-side navigations get the map with
// their new loader data. Without the map the same markup falls back to the hash-free names.
import { preload } from 'react-dom';
import { useMatches } from 'react-router';
import { apiAsset } from '../../common/api-client.ts';
import type { ImageMeta } from '../../common/media.ts';

export interface ImageProps {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic aspect: rendered width and height attributes (no layout shift). */
  width: number;
  height: number;
  /** The `sizes` attribute, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes?: string;
  /** The hero / LCP image: eager, fetchpriority high. Others are lazy. */
  priority?: boolean;
  className?: string;
  /** The image's metadata, when it does not come with the page's loader data (the nav panels). */
  meta?: ImageMeta;
}

/** Per-image metadata, as put in loader data by server/media/annotate.ts. */
export type { ImageMeta };

// Keep in step with server/media/variants.ts (a test checks that they agree).
type Kind = 'header' | 'gallery' | 'avatar' | 'social';
export const IMAGE_WIDTHS: Record<Kind, readonly number[]> = {
  header: [480, 960, 1600],
  gallery: [480, 1280],
  avatar: [160, 320],
  social: [1200],
};
/** Lazy pictures list the widths up to the first one at least this wide. */
const LAZY_MAX_WIDTH = 960;
/** Shown when an item has no image: the pipeline builds it like any other. */
export const FALLBACK_IMAGE = 'images/pages/default.jpg';

const STABLE = /^images\/([a-z0-9-]+)\/(?:([a-z0-9-]+)\/)?([a-z0-9][a-z0-9_.-]*)\.jpg$/;

export function imageKind(path: string): Kind | undefined {
  const m = STABLE.exec(path);
  if (!m) return undefined;
  if (path === 'images/pages/social.jpg') return 'social';
  if (m[2]) return 'gallery';
  return m[1] === 'reviews' ? 'avatar' : 'header';
}

/** images/x/y.jpg -> images/x/y[.token].w960.avif */
export function variantPath(stable: string, width: number, format: 'avif' | 'webp' | 'jpg', token?: string): string {
  return `${stable.replace(/\.jpg$/, '')}${token ? `.${token}` : ''}.w${width}.${format}`;
}

/**
 * For loaders that reshape API answers instead of returning them: the merged `imageMeta` of the
 * answers, to return alongside the reshaped data (`return { nav, imageMeta: imageMetaOf(a, b) }`).
 */
export function imageMetaOf(...answers: unknown[]): Record<string, ImageMeta> {
  const out: Record<string, ImageMeta> = {};
  for (const a of answers) if (a && typeof a === 'object') Object.assign(out, lookupMap(a));
  return out;
}

function lookupMap(data: object): Record<string, ImageMeta> | undefined {
  const map = (data as { imageMeta?: Record<string, ImageMeta> }).imageMeta;
  return map && typeof map === 'object' ? map : undefined;
}

/**
 * A route's loader data's image metadata, its own map first, then its values' maps (one level
 * down) in their order: the first map naming a path wins. Made once per loader data object (the
 * data of a render or a navigation), instead of once per picture.
 */
const metaOfData = new WeakMap<object, Map<string, ImageMeta>>();
function dataMeta(data: object): Map<string, ImageMeta> {
  let found = metaOfData.get(data);
  if (found) return found;
  found = new Map();
  const maps = [lookupMap(data), ...Object.values(data).map((value) => (value && typeof value === 'object' && !Array.isArray(value) ? lookupMap(value) : undefined))];
  for (const map of maps) if (map) for (const [path, meta] of Object.entries(map)) if (meta && !found.has(path)) found.set(path, meta);
  metaOfData.set(data, found);
  return found;
}

/** The image's metadata from any matched route's loader data (top level, or one level down), the deepest route first. */
function useImageMeta(path: string | undefined): ImageMeta | undefined {
  const matches = useMatches();
  if (!path) return undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.loaderData;
    if (!data || typeof data !== 'object') continue;
    const found = dataMeta(data).get(path);
    if (found) return found;
  }
  return undefined;
}

export function Image({ src, alt, width, height, sizes, priority, className, meta: given }: ImageProps) {
  const path = src && !/^https?:\/\//.test(src) ? src.replace(/^\/+/, '') : src ? undefined : FALLBACK_IMAGE;
  const kind = path ? imageKind(path) : undefined;
  const found = useImageMeta(kind && !given ? path : undefined);
  const meta = given ?? found;
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;

  if (!path || !kind) {
    // Not a pipeline image (an absolute URL or an unexpected path): show it as it is.
    return <img src={apiAsset(src) || apiAsset(FALLBACK_IMAGE)} alt={alt} width={width} height={height} loading={loading} fetchPriority={fetchPriority} decoding="async" className={className} />;
  }

  const all = meta?.widths?.length ? meta.widths : IMAGE_WIDTHS[kind];
  const widths = priority ? all : all.slice(0, all.findIndex((w) => w >= LAZY_MAX_WIDTH) + 1 || all.length);
  const url = (w: number, format: 'avif' | 'webp' | 'jpg') => apiAsset(variantPath(path, w, format, meta?.v));
  const srcSet = (format: 'avif' | 'webp') => widths.map((w) => `${url(w, format)} ${w}w`).join(', ');
  // Not sizes="auto": images React inserts on client navigations are chosen before layout, when
  // "auto" still means 100vw, so they would fetch the largest width first.
  const sizesAttr = sizes ?? '100vw';
  const fallbackWidth = widths.find((w) => w >= LAZY_MAX_WIDTH) ?? widths[widths.length - 1]!;
  const style = meta?.p ? { backgroundImage: `url("${meta.p}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : meta?.c ? { backgroundColor: meta.c } : undefined;
  // The LCP image: a <link rel=preload> in the head, so it is fetched before the body is parsed.
  if (priority) preload(url(fallbackWidth, 'avif'), { as: 'image', type: 'image/avif', imageSrcSet: srcSet('avif'), imageSizes: sizesAttr, fetchPriority: 'high' });

  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizesAttr} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizesAttr} />
      <img
        src={url(fallbackWidth, 'jpg')}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? undefined : 'async'}
        className={className}
        style={style}
      />
    </picture>
  );
}
