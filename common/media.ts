// Names of derived images both sides use: the 1200x630 share picture of every header image
// (og:image, twitter:image) and the site-wide share and default pictures; and an image's metadata
// as the pages carry it (put there by server/media/annotate.ts, read by app/components/Image.tsx).

/** Share picture (1200x630 crop) of a header image: images/parks/bwindi.jpg -> images/parks/bwindi.share.jpg */
export function shareImagePath(stablePath: string): string {
  return stablePath.replace(/\.jpg$/, '.share.jpg');
}

export const SHARE_SIZE = { width: 1200, height: 630 } as const;
/** The site-wide share picture, for pages without an image of their own. */
export const SITE_SHARE_IMAGE = 'images/pages/social.jpg';

/** What a page needs to render one image, from the media manifest. */
export interface ImageMeta {
  /** Content token of the hashed variant names. */
  v: string;
  w: number;
  h: number;
  widths: number[];
  /** The colour painted behind the image while it loads ("#rrggbb"): what the pages carry. */
  c?: string;
  /** A blurred placeholder (data URI), painted instead: the console's media library shows it. */
  p?: string;
}
