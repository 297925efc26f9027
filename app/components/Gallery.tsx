// Image gallery: a grid of thumbnails; a click opens the viewer at that image. The viewer's code
// (yet-another-react-lightbox) is fetched only when a gallery is first opened. Without JavaScript
// each thumbnail links to the full image.
import { lazy, Suspense, useState } from 'react';
import type { GalleryImage } from '../../common/api-types.ts';
import { apiAsset } from '../../common/api-client.ts';
import { Image } from './Image.tsx';
import { ExpandIcon } from './Icons.tsx';
import { useT } from '../i18n/pages.ts';

const loadViewer = () => import('./GalleryViewer.tsx');
const GalleryViewer = lazy(loadViewer);

export function Gallery({ images, title }: { images: GalleryImage[]; title?: string }) {
  const [index, setIndex] = useState(-1);
  const t = useT();
  if (images.length === 0) return null;
  // One large lead picture when the rest fill whole rows of four; otherwise an even grid.
  const lead = images.length >= 5 && (images.length - 1) % 4 === 0;
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="gallery__title">
        {title ?? t('gallery.title')}
      </h2>
      <ul className={`gallery__grid gallery__grid--${Math.min(images.length, 4)}`}>
        {images.map((img, i) => (
          <li key={img.id} className={lead && i === 0 ? 'gallery__item gallery__item--lead' : 'gallery__item'}>
            <a
              href={apiAsset(img.filepath)}
              className="gallery__thumb"
              onPointerEnter={() => void loadViewer()}
              onFocus={() => void loadViewer()}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                e.preventDefault();
                setIndex(i);
              }}
              aria-label={img.caption ? t('gallery.openCaption', { n: i + 1, total: images.length, caption: img.caption }) : t('gallery.open', { n: i + 1, total: images.length })}
              aria-haspopup="dialog"
            >
              <Image src={img.filepath} alt={img.filename} width={600} height={450} sizes="(min-width: 900px) 25vw, 50vw" />
              <span className="gallery__zoom" aria-hidden="true">
                <ExpandIcon size={18} />
              </span>
            </a>
          </li>
        ))}
      </ul>
      {index >= 0 && (
        <Suspense fallback={null}>
          <GalleryViewer images={images} index={index} onClose={() => setIndex(-1)} />
        </Suspense>
      )}
    </section>
  );
}
