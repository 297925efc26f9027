// A privacy-friendly video: until the visitor presses play, the page shows only a poster (the
// item's own picture, served by the site) with a play button, and nothing is fetched from
// YouTube: no script, no cookie, no request. Pressing play puts the youtube-nocookie.com player in
// its place (allowed by the page's frame-src), starting at once, and moves focus to it. Without
// JavaScript the poster is a link to the video on YouTube.
import { useState } from 'react';
import { youtubePlayerUrl, youtubeWatchUrl } from '../lib/video.ts';
import { Image } from './Image.tsx';
import { useT, useTParts } from '../i18n/pages.ts';

export interface VideoFacadeProps {
  /** The YouTube video id. */
  id: string;
  /** What the video is of (e.g. the destination): the player is titled "Video: {subject}". */
  subject: string;
  /** Stable path of the poster picture (a pipeline image). */
  poster: string;
}

export function VideoFacade({ id, subject, poster }: VideoFacadeProps) {
  const t = useT();
  const tParts = useTParts();
  const title = t('video.title', { subject });
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="video">
        <iframe
          // Focus moves to the player that replaced the button the visitor pressed.
          ref={(el) => el?.focus()}
          src={youtubePlayerUrl(id)}
          title={title}
          width={1280}
          height={720}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <figure className="video video--facade">
      <a
        className="video__play"
        href={youtubeWatchUrl(id)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setPlaying(true);
        }}
      >
        <Image src={poster} alt="" width={1280} height={720} sizes="(min-width: 860px) 760px, 100vw" className="video__poster" />
        <span className="video__button" aria-hidden="true">
          <svg width="34" height="34" viewBox="0 0 24 24">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </span>
        <span className="video__label">
          {t('video.play')}
          <span className="sr-only">{tParts('video.of', { subject })}</span>
        </span>
      </a>
      <figcaption className="video__note">{t('video.note')}</figcaption>
    </figure>
  );
}
