// GET /parks/:slug/location.svg — where the park is, on a map of East Africa (app/lib/map/). The
// park page shows it as an image with the location in words beside it (?size=phone: a square
// picture for phones).
import type { ParkResponse } from '../../common/api-types.ts';
import { formatCoordinates } from '../components/ParkLocationMap.tsx';
import { parkLayout, requestedSize } from '../lib/map/maps.server.ts';
import { cachedMap } from '../lib/cache-policy.ts';
import { mapSvg } from '../lib/map/route-map.ts';
import { apiOrNull, fileNotFound, fileResponse } from '../lib/resource.server.ts';
import type { Route } from './+types/park-location-map';

/** Kept in the page cache, the default picture and the phone one (?size=phone) each. */
export const handle = cachedMap;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const size = requestedSize(request);
  if (!size) return fileNotFound('map of that size');
  const data = await apiOrNull<ParkResponse>(context, `/parks/${encodeURIComponent(params.slug)}`);
  const park = data?.park;
  const layout = park && parkLayout(park, size);
  if (!park || !layout) return fileNotFound('location map');
  const title = `${park.parktitle}, ${park.destinationtitle}: ${formatCoordinates(park.latitude!, park.longitude!)}`;
  return fileResponse(mapSvg(layout, title), { 'Content-Type': 'image/svg+xml; charset=utf-8' });
}
