// Names and sizes of the responsive variants the pipeline writes next to each stable image path.
//
//   images/parks/bwindi.jpg                    the stable JPEG the database stores (largest width)
//   images/parks/bwindi.w960.avif              a variant, named only by width: always present
//   images/parks/bwindi.3fa9c1d2.w960.avif     the same file under its content hash: immutable
//
// The hash-free name lets any page build a srcset from the stable path alone; the hashed name is
// used when the page knows the image's token (from the media manifest), and is cached for a year.
// app/components/Image.tsx builds the same names (it may not import server code); a test checks
// that the two agree.

export type ImageKind = 'header' | 'gallery' | 'avatar' | 'social';
export type ImageFormat = 'avif' | 'webp' | 'jpg';

export const FORMATS: readonly ImageFormat[] = ['avif', 'webp', 'jpg'];

/** Widths rendered per kind of image: heroes and cards, gallery thumbnails and viewer, faces, share cards. */
export const WIDTHS: Record<ImageKind, readonly number[]> = {
  header: [480, 960, 1600],
  gallery: [480, 1280],
  avatar: [160, 320],
  social: [1200],
};

/** Aspect of generated artwork per kind (real photos keep their own). */
export const ART_SIZE: Record<ImageKind, { width: number; height: number }> = {
  header: { width: 1600, height: 900 },
  gallery: { width: 1280, height: 720 },
  avatar: { width: 320, height: 320 },
  social: { width: 1200, height: 630 },
};

/** The social-share picture and the fallback picture, as stable paths. */
export const SOCIAL_IMAGE = 'images/pages/social.jpg';
export const DEFAULT_IMAGE = 'images/pages/default.jpg';

const STABLE = /^images\/([a-z0-9-]+)\/(?:([a-z0-9-]+)\/)?([a-z0-9][a-z0-9_.-]*)\.jpg$/;

/** Kind of a stable path: images/<collection>/<name>.jpg or images/<collection>/<slug>/<file>.jpg. */
export function kindOf(stablePath: string): ImageKind | undefined {
  const m = STABLE.exec(stablePath);
  if (!m) return undefined;
  if (stablePath === SOCIAL_IMAGE) return 'social';
  if (m[2]) return 'gallery';
  return m[1] === 'reviews' ? 'avatar' : 'header';
}

/** The path of one variant: images/x/y.w960.avif, or with a token images/x/y.<token>.w960.avif. */
export function variantPath(stablePath: string, width: number, format: ImageFormat, token?: string): string {
  const base = stablePath.replace(/\.jpg$/, '');
  return `${base}${token ? `.${token}` : ''}.w${width}.${format}`;
}
