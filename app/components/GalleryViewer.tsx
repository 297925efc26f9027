// The gallery viewer (loaded on demand): captions, keyboard, wrap-around, 'This image failed to
// load.' for a broken image, and the behaviour of spec point 9 (app/lib/lightbox.ts):
//   zoom     from 100% to 300% in steps of 100: the toolbar's buttons and the + and - keys step,
//            a double click or tap steps in once and back out; a pinch or the wheel zooms freely
//            within those bounds;
//   keys     at most one key action every 180 ms (a held arrow key moves a picture at a time);
//   swipe    a picture changes when the movement is at least 1.5 times as wide as it is tall and,
//            under 200 px, covers a quarter of the viewer's width; a swipe may start anywhere in
//            the viewer, on the previous and next buttons too (they are not clicked then);
//   counter  "2 of 4" in the top corner, announced when the picture changes;
//   focus    Tab and Shift+Tab go round the viewer's buttons and never leave it.
// yet-another-react-lightbox draws the viewer; its own swipe and double-click handling are off and
// these rules take their place. Pictures are a slide type of our own so that the zoom plugin's
// maximum is the fixed 300% (for its image slides it depends on each file's pixel size).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Lightbox, { createIcon, IconButton, useLightboxState, type ControllerRef, type GenericSlide, type RenderSlideProps, type ZoomRef } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import type { GalleryImage } from '../../common/api-types.ts';
import { apiAsset } from '../../common/api-client.ts';
import { LIGHTBOX } from '../../common/constants.ts';
import { doubleClickZoom, keyRepeatGate, LIMITED_KEYS, MAX_ZOOM, MIN_ZOOM, swipeAction, zoomInStep, zoomOutStep, zoomPercent } from '../lib/lightbox.ts';
import { useT, useTParts } from '../i18n/pages.ts';

export interface GallerySlide extends GenericSlide {
  type: 'gallery-image';
  src: string;
  alt: string;
  description?: string;
}

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    'gallery-image': GallerySlide;
  }
}

export function toSlides(images: GalleryImage[]): GallerySlide[] {
  return images.map((img) => ({
    type: 'gallery-image',
    src: apiAsset(img.filepath),
    alt: img.filename,
    description: img.caption || undefined,
  }));
}

/** Longest time between the two taps of a double tap, and between the clicks of a double click. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_CLICK_MS = 500;
/** A pointer that moved less than this (px) tapped or clicked rather than swiped. */
const TAP_SLOP = 8;

const ZoomInIcon = createIcon(
  'ZoomIn',
  <path d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14zM12 10h-2v2H9v-2H7V9h2V7h1v2h2v1z" />,
);
const ZoomOutIcon = createIcon(
  'ZoomOut',
  <path d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14zM7 9h5v1H7z" />,
);

/** One picture: fitted into the slide, or the failure text. */
function GalleryPicture({ slide, rect }: { slide: GallerySlide; rect: RenderSlideProps['rect'] }) {
  const [failed, setFailed] = useState(false);
  const t = useT();
  if (failed) {
    return (
      <p className="lightbox-error" role="alert">
        {t('gallery.failed')}
      </p>
    );
  }
  return (
    <img
      className="yarl__slide_image lightbox-picture"
      src={slide.src}
      alt={slide.alt}
      draggable={false}
      decoding="async"
      style={{ maxWidth: rect.width, maxHeight: rect.height }}
      onError={() => setFailed(true)}
    />
  );
}

/** The toolbar's zoom buttons: one step in or out; focus moves to the other when one runs out. */
function ZoomButtons({ zoom, onStep }: { zoom: ZoomRef; onStep: (dir: 'in' | 'out') => void }) {
  const t = useT();
  const inRef = useRef<HTMLButtonElement>(null);
  const outRef = useRef<HTMLButtonElement>(null);
  const atMax = zoom.disabled || zoom.zoom >= MAX_ZOOM - 0.01;
  const atMin = zoom.disabled || zoom.zoom <= MIN_ZOOM + 0.01;
  useEffect(() => {
    if (atMax && document.activeElement === inRef.current) outRef.current?.focus();
    if (atMin && document.activeElement === outRef.current) inRef.current?.focus();
  }, [atMax, atMin]);
  return (
    <>
      <span className="sr-only" aria-live="polite">
        {zoom.zoom > MIN_ZOOM + 0.01 ? t('gallery.zoomedTo', { percent: zoomPercent(zoom.zoom) }) : ''}
      </span>
      <IconButton ref={inRef} label="Zoom in" icon={ZoomInIcon} disabled={atMax} onClick={() => onStep('in')} />
      <IconButton ref={outRef} label="Zoom out" icon={ZoomOutIcon} disabled={atMin} onClick={() => onStep('out')} />
    </>
  );
}

/** Which picture is shown, of how many: "2 of 4". */
function Counter() {
  const { currentIndex, slides } = useLightboxState();
  const tParts = useTParts();
  if (slides.length < 2) return null;
  return (
    <p className="lightbox-counter" aria-live="polite" aria-atomic="true">
      {tParts('gallery.counter', { n: String(currentIndex + 1), total: String(slides.length) })}
    </p>
  );
}

/** The viewer's elements that Tab reaches, in order. */
function tabbable(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]')).filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );
}

type Ref<T> = { readonly current: T | null };

/** One zoom step in or out, when the picture can zoom. */
function stepZoom(zoomRef: Ref<ZoomRef>, dir: 'in' | 'out'): void {
  const z = zoomRef.current;
  if (!z || z.disabled) return;
  z.changeZoom(dir === 'in' ? zoomInStep(z.zoom) : zoomOutStep(z.zoom));
}

/**
 * Keys: the repeat limit for every key action but Escape, and the zoom keys' steps. Listened to on
 * the window's capture phase, before the viewer's own handlers see the key.
 */
function useKeyRules(zoomRef: Ref<ZoomRef>): void {
  useEffect(() => {
    const gate = keyRepeatGate(LIGHTBOX.keyRepeatLimitMs);
    const onKey = (e: KeyboardEvent) => {
      if (!LIMITED_KEYS.has(e.key) || e.altKey) return;
      const zoomKey = e.key === '+' || e.key === '=' ? 'in' : e.key === '-' || e.key === '_' ? 'out' : e.key === '0' && (e.ctrlKey || e.metaKey) ? 'reset' : null;
      if (e.key === '0' && !zoomKey) return;
      if (!gate.accept(performance.now())) {
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (!zoomKey) return; // arrows: the viewer moves to the next picture, or pans a zoomed one
      e.preventDefault();
      e.stopPropagation();
      if (zoomKey === 'reset') zoomRef.current?.changeZoom(MIN_ZOOM);
      else stepZoom(zoomRef, zoomKey);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [zoomRef]);
}

/**
 * Tab and Shift+Tab go round the viewer: from the last button to the first and back, and from
 * anywhere else (the picture's container has the focus when the viewer opens) into the viewer.
 */
function useFocusLoop(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
      const root = document.querySelector('.yarl__root');
      if (!root) return;
      const stops = tabbable(root);
      e.preventDefault();
      if (!stops.length) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? (e.shiftKey ? stops.length - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + stops.length) % stops.length;
      stops[next]!.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** Where a pointer went down: which one, where, when, on what, and the previous or next button under it. */
interface PointerStart {
  id: number;
  x: number;
  y: number;
  t: number;
  target: Element;
  button: Element | null;
}

const viewerContainer = () => document.querySelector('.yarl__container');

/** A swipe that started on a previous or next button does not click it as well. */
function swallowNextClick(button: Element): void {
  const swallow = (c: MouseEvent) => {
    if (button.contains(c.target as Node)) {
      c.preventDefault();
      c.stopPropagation();
    }
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', swallow, true), 0);
}

/**
 * The pointer rules over the viewer's life: swipes between pictures, double click or tap to zoom,
 * a click beside the picture closes. Returns the window's pointer handlers.
 */
function pointerRules(controller: Ref<ControllerRef>, zoomRef: Ref<ZoomRef>) {
  let down: PointerStart | null = null;
  let others = 0;
  let lastTap: { t: number; x: number; y: number } | null = null;

  /** A pointer that moved: a swipe to the previous or next picture (a zoomed one is panned instead). */
  const swiped = (start: PointerStart, dx: number, dy: number, box: DOMRect | undefined) => {
    lastTap = null;
    if (start.button) swallowNextClick(start.button);
    // A zoomed picture is panned by dragging; only a fitted one is swiped.
    if ((zoomRef.current?.zoom ?? MIN_ZOOM) > MIN_ZOOM + 0.01 || !box) return;
    const action = swipeAction(dx, dy, box.width);
    if (action === 'prev') controller.current?.prev();
    else if (action === 'next') controller.current?.next();
  };

  /** A tap or click on the picture: the second of two close together steps the zoom at that point. */
  const tappedPicture = (e: PointerEvent, box: DOMRect | undefined) => {
    const limit = e.pointerType === 'touch' ? DOUBLE_TAP_MS : DOUBLE_CLICK_MS;
    if (lastTap && e.timeStamp - lastTap.t <= limit && Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) < 3 * TAP_SLOP) {
      lastTap = null;
      const z = zoomRef.current;
      if (z && !z.disabled && box) z.changeZoom(doubleClickZoom(z.zoom), false, e.clientX - box.left - box.width / 2, e.clientY - box.top - box.height / 2);
    } else lastTap = { t: e.timeStamp, x: e.clientX, y: e.clientY };
  };

  const onDown = (e: PointerEvent) => {
    const target = e.target as Element;
    const button = target.closest('button');
    // Of the buttons, only previous and next may start a swipe (they sit where a thumb swipes).
    if (!viewerContainer()?.contains(target) || (button && !button.matches('.yarl__navigation_prev, .yarl__navigation_next'))) return;
    if (down) {
      others++; // a second finger: a pinch, not a swipe
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    down = { id: e.pointerId, x: e.clientX, y: e.clientY, t: e.timeStamp, target, button };
    others = 0;
  };
  const onUp = (e: PointerEvent) => {
    if (!down || e.pointerId !== down.id) {
      if (down && others > 0) others--;
      return;
    }
    const start = down;
    const pinched = others > 0;
    down = null;
    if (pinched) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    const box = viewerContainer()?.getBoundingClientRect();
    if (Math.hypot(dx, dy) >= TAP_SLOP) return swiped(start, dx, dy, box);
    if (start.button) return; // a tap on previous or next: the button's click does it
    if (start.target.closest('.lightbox-picture') !== null) return tappedPicture(e, box);
    lastTap = null;
    // A click on the dark area around the picture closes the viewer.
    if (start.target.matches('.yarl__slide, .yarl__slide_wrapper, .yarl__container') && start.target === e.target) controller.current?.close();
  };
  const onCancel = (e: PointerEvent) => {
    if (down?.id === e.pointerId) down = null;
  };
  return { onDown, onUp, onCancel };
}

/** The pointer rules (pointerRules), listened to on the window's capture phase while the viewer is open. */
function usePointerRules(controller: Ref<ControllerRef>, zoomRef: Ref<ZoomRef>): void {
  useEffect(() => {
    const { onDown, onUp, onCancel } = pointerRules(controller, zoomRef);
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointerup', onUp, true);
    window.addEventListener('pointercancel', onCancel, true);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointerup', onUp, true);
      window.removeEventListener('pointercancel', onCancel, true);
    };
  }, [controller, zoomRef]);
}

export default function GalleryViewer({ images, index, onClose }: { images: GalleryImage[]; index: number; onClose: () => void }) {
  const controller = useRef<ControllerRef>(null);
  const zoomRef = useRef<ZoomRef>(null);
  const t = useT();
  useKeyRules(zoomRef);
  useFocusLoop();
  usePointerRules(controller, zoomRef);

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
        ref: zoomRef,
        supports: ['gallery-image'],
        maxZoom: MAX_ZOOM,
        // The viewer's own double click and tap are replaced by the steps above.
        doubleClickDelay: 0,
        doubleTapDelay: 0,
        scrollToZoom: true,
      }}
      controller={{ ref: controller, closeOnBackdropClick: false, closeOnEscape: true, disableSwipeNavigation: true }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      labels={{ Previous: t('gallery.prev'), Next: t('gallery.next'), Close: t('gallery.close'), 'Zoom in': t('gallery.zoomIn'), 'Zoom out': t('gallery.zoomOut') }}
      render={{
        slide: ({ slide, rect }): ReactNode => (slide.type === 'gallery-image' ? <GalleryPicture slide={slide} rect={rect} /> : undefined),
        buttonZoom: (zoom) => <ZoomButtons zoom={zoom} onStep={(dir) => stepZoom(zoomRef, dir)} />,
        controls: () => <Counter />,
      }}
    />
  );
}
