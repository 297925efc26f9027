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
} as const;

export const MAX_PAGE_LIMIT = 100;
export const NAV_SCROLL_THRESHOLD = 50;
export const NAV_MAX_SAFARIS = 3;
export const NAV_MAX_EXPERIENCES = 3;
export const NAV_MAX_PARKS = 4;
export const DEFAULT_DESTINATION_TAB = 'uganda';
export const DEFAULT_EXPERIENCE_TAB = 'gorilla-trekking';
export const SEARCH_TYPES = ['blog', 'park', 'experience', 'safari', 'faq', 'animal', 'bird'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const CONTACT_METHODS = ['Whatsapp', 'Email', 'Phone'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const DEFAULT_CONTACT_METHOD: ContactMethod = 'Email';
export const SHARE_TEXT = 'Check out this amazing post!';
export const DESTINATION_SLUGS = ['uganda', 'rwanda', 'kenya', 'tanzania', 'democratic-republic-of-congo'] as const;

export const LIGHTBOX = {
  animationMs: 300,
  maxZoom: 3,
  zoomStep: 1,
  keyRepeatLimitMs: 180,
  swipeRatio: 1.5,
  padding: 10,
} as const;
