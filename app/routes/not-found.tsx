// The catch-all route: every unknown address is the not-found view with HTTP status 404.
import { cachedNotFound } from '../lib/cache-policy.ts';
import { notFound } from '../lib/load.ts';

/** The view is the same for every unknown address: rendered once, kept with its 404 status. */
export const handle = cachedNotFound;

export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
