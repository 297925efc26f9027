// Every content image on the site goes through this component.
// `src` is the API's image field (a path relative to the API base, e.g. "images/parks/bwindi.jpg").
// The responsive image pipeline upgrades this to <picture> with AVIF/WebP/JPEG srcsets.
import { apiAsset } from '../../common/api-client.ts';

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
}

export function Image({ src, alt, width, height, sizes, priority, className }: ImageProps) {
  return (
    <img
      src={apiAsset(src) || '/default-image.svg'}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
