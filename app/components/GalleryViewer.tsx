// The gallery viewer (loaded on demand): zoom up to 3x, captions, swipe, keyboard, wrap-around,
// and 'This image failed to load.' for a broken image.
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import type { GalleryImage } from '../../common/api-types.ts';
import { apiAsset } from '../../common/api-client.ts';
import { LIGHTBOX } from '../../common/constants.ts';

export const IMAGE_ERROR_TEXT = 'This image failed to load.';

export function toSlides(images: GalleryImage[]) {
  return images.map((img) => ({
    src: apiAsset(img.filepath),
    alt: img.filename,
    description: img.caption || undefined,
  }));
}

export default function GalleryViewer({ images, index, onClose }: { images: GalleryImage[]; index: number; onClose: () => void }) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={toSlides(images)}
      plugins={[Zoom, Captions]}
      carousel={{ finite: false, padding: LIGHTBOX.padding, preload: 1 }}
      animation={{ fade: LIGHTBOX.animationMs, swipe: LIGHTBOX.animationMs, zoom: LIGHTBOX.animationMs }}
      zoom={{
        maxZoomPixelRatio: LIGHTBOX.maxZoom,
        zoomInMultiplier: 1 + LIGHTBOX.zoomStep,
        doubleClickMaxStops: LIGHTBOX.maxZoom - 1,
        scrollToZoom: true,
      }}
      controller={{ closeOnBackdropClick: true, closeOnEscape: true }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      labels={{ Previous: 'Previous image', Next: 'Next image', Close: 'Close gallery' }}
      render={{
        iconError: () => (
          <p className="lightbox-error" role="alert">
            {IMAGE_ERROR_TEXT}
          </p>
        ),
      }}
    />
  );
}
