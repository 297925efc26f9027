// Loader-only module: every old address answers with a permanent redirect (a replace navigation
// on the client). The targets live in lib/redirects.ts.
import { redirect } from 'react-router';
import { notFound } from '../lib/load.ts';
import { redirectTarget } from '../lib/redirects.ts';
import type { Route } from './+types/redirect';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectTarget(url.pathname, url.search);
  if (!target) notFound();
  return redirect(target, 301);
}
