// Page sizes and interface constants of spec point 9.
export const PAGE_SIZE = {
  search: 10,
  animals: 8,
  birds: 8,
  parks: 12,
  parksByCountry: 9,
  safaris: 12,
  safarisByCountry: 9,
  safarisByExperience: 9,
  blogs: 12,
  experiences: 12,
  experiencesByCountry: 12,
  lodges: 12,
} as const;

export const MAX_PAGE_LIMIT = 100;
export const NAV_SCROLL_THRESHOLD = 50;
export const NAV_MAX_SAFARIS = 3;
export const NAV_MAX_EXPERIENCES = 3;
export const NAV_MAX_PARKS = 4;
export const DEFAULT_DESTINATION_TAB = 'uganda';
export const DEFAULT_EXPERIENCE_TAB = 'gorilla-trekking';
export const CONTACT_METHODS = ['Whatsapp', 'Email', 'Phone'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const DEFAULT_CONTACT_METHOD: ContactMethod = 'Email';
export const SHARE_TEXT = 'Check out this amazing post!';
/** A lodge's standard, cheapest first (content/lodges/*.yaml `tier`). */
export const LODGE_TIERS = ['budget', 'mid-range', 'luxury'] as const;
export type LodgeTier = (typeof LODGE_TIERS)[number];
export const LODGE_TIER_LABELS: Record<LodgeTier, string> = { budget: 'Budget', 'mid-range': 'Mid-range', luxury: 'Luxury' };
export const DESTINATION_SLUGS = ['uganda', 'rwanda', 'kenya', 'tanzania', 'democratic-republic-of-congo'] as const;

/**
 * The gallery viewer (spec point 9): animation 300 ms; zoom from 100% to a maximum level of 300%
 * in steps of 100 (zoom factors 1, 2 and 3); at most one key action every 180 ms (Escape
 * excepted); a swipe changes the picture when its horizontal movement is at least 1.5 times the
 * vertical and, when it is shorter than 200 px, at least a quarter of the viewer's width; images
 * padded by 10 px.
 */
export const LIGHTBOX = {
  animationMs: 300,
  /** Zoom levels in percent: 100 (fit) up to maxZoomLevel in steps of zoomStepLevel. */
  maxZoomLevel: 300,
  zoomStepLevel: 100,
  keyRepeatLimitMs: 180,
  swipeRatio: 1.5,
  /** Below this horizontal distance (px) a swipe must also cover swipeMinWidthShare of the width. */
  swipeMinDistance: 200,
  swipeMinWidthShare: 0.25,
  padding: 10,
} as const;
