// GET /safaris/:slug/route.svg — the safari's route on a map of East Africa: its stops in
// itinerary order, numbered and joined by a line (app/lib/map/). The safari page shows it as an
// image beside the list of stops (a square picture for phones with ?size=phone); kept in the page
// cache like the page itself.
import { safariRoute } from '../../common/route.ts';
import { languageOfPath } from '../../common/languages.ts';
import { safariHeading } from '../../common/safari-title.ts';
import type { SafariResponse } from '../../common/api-types.ts';
import { requestedSize, routeDescription, routeLayout } from '../lib/map/maps.server.ts';
import { cachedMap } from '../lib/cache-policy.ts';
import { mapSvg } from '../lib/map/route-map.ts';
import { apiOrNull, fileNotFound, fileResponse } from '../lib/resource.server.ts';
import type { Route } from './+types/safari-route-map';

/** Kept in the page cache, the default picture and the phone one (?size=phone) each. */
export const handle = cachedMap;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const size = requestedSize(request);
  if (!size) return fileNotFound('map of that size');
  const data = await apiOrNull<SafariResponse>(context, `/safaris/${encodeURIComponent(params.slug)}`);
  if (!data) return fileNotFound('route map');
  const route = safariRoute(data.safaridays);
  const layout = routeLayout(route, size);
  if (!layout) return fileNotFound('route map');
  const heading = safariHeading(data.safari.safariday, data.safari.safarititle, languageOfPath(new URL(request.url).pathname));
  return fileResponse(mapSvg(layout, routeDescription(heading, route)), { 'Content-Type': 'image/svg+xml; charset=utf-8' });
}
