// The gallery viewer's rules of spec point 9, as plain functions (components/GalleryViewer.tsx
// wires them to yet-another-react-lightbox): the zoom steps, the swipe thresholds and the
// key-repeat limit.
import { LIGHTBOX } from '../../common/constants.ts';

/** Zoom factors the steps stop at: 1 (100%), 2 (200%), 3 (300%). */
export const ZOOM_LEVELS: readonly number[] = Array.from({ length: LIGHTBOX.maxZoomLevel / LIGHTBOX.zoomStepLevel }, (_, i) => ((i + 1) * LIGHTBOX.zoomStepLevel) / 100);
export const MIN_ZOOM = ZOOM_LEVELS[0]!;
export const MAX_ZOOM = ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;

/** Tolerance for zoom factors that went through floating-point arithmetic (pinch, wheel). */
const EPS = 0.01;

/** The next step up from any zoom factor (a pinch may leave it between steps); the maximum stays. */
export function zoomInStep(zoom: number): number {
  return ZOOM_LEVELS.find((z) => z > zoom + EPS) ?? MAX_ZOOM;
}

/** The next step down; the fitted picture stays. */
export function zoomOutStep(zoom: number): number {
  return [...ZOOM_LEVELS].reverse().find((z) => z < zoom - EPS) ?? MIN_ZOOM;
}

/** A double click or tap: one step in from the fitted picture, back to it from any zoom. */
export function doubleClickZoom(zoom: number): number {
  return zoom > MIN_ZOOM + EPS ? MIN_ZOOM : zoomInStep(zoom);
}

/** The zoom factor as the level the controls announce ("200%"). */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/**
 * What a finished swipe does: 'prev' (moved right), 'next' (moved left) or nothing. It must be
 * mostly horizontal (at least 1.5 times the vertical movement), and a short one (under 200 px)
 * must also cover a quarter of the viewer's width.
 */
export function swipeAction(dx: number, dy: number, width: number): 'prev' | 'next' | null {
  const ax = Math.abs(dx);
  if (ax === 0 || ax < LIGHTBOX.swipeRatio * Math.abs(dy)) return null;
  if (ax < LIGHTBOX.swipeMinDistance && ax < width * LIGHTBOX.swipeMinWidthShare) return null;
  return dx > 0 ? 'prev' : 'next';
}

/**
 * The key-repeat limit: `accept(now)` is true for a key action at least `limitMs` after the last
 * accepted one (a held key repeats every 30 ms or so; only one action in 180 ms goes through).
 */
export function keyRepeatGate(limitMs: number = LIGHTBOX.keyRepeatLimitMs) {
  let last = -Infinity;
  return {
    accept(now: number): boolean {
      if (now - last < limitMs) return false;
      last = now;
      return true;
    },
  };
}

/** Keys the viewer acts on, all under the key-repeat limit (Escape always closes at once). */
export const LIMITED_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', '+', '-', '=', '_', '0']);
