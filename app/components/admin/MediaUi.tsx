// Small pieces of the media library's screens: an image's state and its thumbnail.
import { MEDIA_PROGRESS_LABEL, type MediaImage } from '../../../common/media-library.ts';
import { Image } from '../Image.tsx';
import './MediaUi.css';

const STATUS_TONE: Record<MediaImage['status'], string> = { queued: 'wait', processing: 'sending', done: 'on', failed: 'off' };

export function MediaStatusBadge({ image }: { image: MediaImage }) {
  const text =
    image.status === 'processing'
      ? `${MEDIA_PROGRESS_LABEL.processing} ${image.variantsDone}/${image.variantsTotal}`
      : image.status === 'done'
        ? `${MEDIA_PROGRESS_LABEL.done} · ${image.variantsTotal} variants`
        : MEDIA_PROGRESS_LABEL[image.status];
  return <span className={`c-badge c-badge--${STATUS_TONE[image.status]}`}>{text}</span>;
}

export function MediaThumb({ image, sizes = '(min-width: 900px) 240px, 50vw' }: { image: MediaImage; sizes?: string }) {
  if (image.status === 'done' && image.meta) return <Image src={image.path} alt={image.alt} width={image.meta.w} height={image.meta.h} sizes={sizes} meta={image.meta} className="c-media__img" />;
  return (
    <div className="c-media__pending" role="img" aria-label={`${image.alt} (${MEDIA_PROGRESS_LABEL[image.status].toLowerCase()})`}>
      <span aria-hidden="true">{image.status === 'failed' ? 'Failed' : `${image.variantsDone}/${image.variantsTotal}`}</span>
    </div>
  );
}
