// GET /lodges/:slug/location.svg — where the lodge is, on a map of East Africa (app/lib/map/), drawn
// like a park's location map (?size=phone: a square picture for phones).
import type { LodgeResponse } from '../../common/api-types.ts';
import { lodgeSetting } from '../../common/route.ts';
import { formatCoordinates } from '../components/ParkLocationMap.tsx';
import { cachedMap } from '../lib/cache-policy.ts';
import { parkLayout, requestedSize } from '../lib/map/maps.server.ts';
import { mapSvg } from '../lib/map/route-map.ts';
import { apiOrNull, fileNotFound, fileResponse } from '../lib/resource.server.ts';
import type { Route } from './+types/lodge-location-map';

/** Kept in the page cache, the default picture and the phone one (?size=phone) each. */
export const handle = cachedMap;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const size = requestedSize(request);
  if (!size) return fileNotFound('map of that size');
  const lodge = (await apiOrNull<LodgeResponse>(context, `/lodges/${encodeURIComponent(params.slug)}`))?.lodge;
  const layout = lodge && parkLayout({ parktitle: lodge.lodgetitle, latitude: lodge.latitude, longitude: lodge.longitude }, size);
  if (!lodge || !layout) return fileNotFound('location map');
  const title = `${lodge.lodgetitle}, ${lodgeSetting(lodge)}, ${lodge.destinationtitle}: ${formatCoordinates(lodge.latitude, lodge.longitude)}`;
  return fileResponse(mapSvg(layout, title), { 'Content-Type': 'image/svg+xml; charset=utf-8' });
}
