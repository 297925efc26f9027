// Loader-only module: every old address answers with a permanent redirect (a replace navigation
// on the client). The targets live in lib/redirects.ts.
import { redirect } from 'react-router';
import { notFound, requestPath } from '../lib/load.ts';
import { redirectTarget } from '../lib/redirects.ts';
import type { Route } from './+types/redirect';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  const target = redirectTarget(requestPath(request), url.search);
  if (!target) notFound();
  return redirect(target, 301);
}

// A component (never shown: the loader always redirects) makes this a page route, so a client
// navigation to an old address follows the redirect in place as a replace navigation.
export default function Redirect() {
  return null;
}
