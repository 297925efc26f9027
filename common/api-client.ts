// How the React app's loaders and actions reach the JSON API: in-process (the API's Hono app
// answers a Request directly, no network hop) or over HTTP when API_URL is set.
export interface ApiClient {
  /** Calls the API; `path` starts with '/' and is relative to the API root (e.g. '/safaris?page=2'). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Public base path of the API as the browser sees it (images and other files). */
const PUBLIC_API_BASE = '/api';

/** URL of an image or gallery file whose path is relative to the API base. */
export function apiAsset(filepath: string | null | undefined): string {
  if (!filepath) return '';
  if (/^https?:\/\//.test(filepath)) return filepath;
  return `${PUBLIC_API_BASE}/${filepath.replace(/^\/+/, '')}`;
}
