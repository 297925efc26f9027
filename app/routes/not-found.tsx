// The catch-all route: every unknown address is the not-found view with HTTP status 404.
import { notFound } from '../lib/load.ts';

export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
