// GET /trip/:token/route.svg — the route of a traveller's quoted trip on the map of East Africa,
// drawn like a safari's (app/lib/map/): private as the page (no-store, noindex, no Referer).
import { quoteRouteDays } from '../../common/quote-document.ts';
import { safariRoute } from '../../common/route.ts';
import { TRIP_PAGE_HEADERS, type TripView } from '../../common/trip-page.ts';
import { ApiError } from '../lib/load.ts';
import { requestedSize, routeDescription, routeLayout } from '../lib/map/maps.server.ts';
import { mapSvg } from '../lib/map/route-map.ts';
import { apiOrNull, fileNotFound } from '../lib/resource.server.ts';
import type { Route } from './+types/trip-map';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const size = requestedSize(request);
  if (!size) return fileNotFound('map of that size');
  const view = await apiOrNull<TripView>(context, `/trip/${encodeURIComponent(params.token)}`).catch((e: unknown) => {
    if (e instanceof ApiError && e.status === 429) return 'throttled' as const;
    throw e;
  });
  if (view === 'throttled') return new Response('Too many attempts.\n', { status: 429, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  if (!view) return fileNotFound('route map');
  const route = safariRoute(quoteRouteDays(view.document));
  const layout = routeLayout(route, size);
  if (!layout) return fileNotFound('route map');
  return new Response(mapSvg(layout, routeDescription(view.document.title, route)), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', ...TRIP_PAGE_HEADERS },
  });
}
