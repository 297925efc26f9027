// The two maps the site draws: a safari's route (its stops in itinerary order) and a park's
// location, laid out for the SVG routes and the itinerary PDF (server only: the pages show the
// maps as same-origin images, so neither the map data nor this code reaches the browser).
import type { Park } from '../../../common/api-types.ts';
import { dayRange, shortStopName, type RouteStop } from '../../../common/route.ts';
import { layoutMap, type MapLayout, type MapSize } from './route-map.ts';

/** How far a route map may zoom in (degrees of longitude across the picture). */
const ROUTE_MIN_SPAN = 3.5;
/** The width of a park's location map, in degrees: the park with its country around it. */
const LOCATION_SPAN = 7;

/** The picture asked for by ?size=, or null for a value there is no picture for. */
export function requestedSize(request: Request): MapSize | null {
  const size = new URL(request.url).searchParams.getAll('size');
  if (size.length === 0) return 'wide';
  return size.length === 1 && size[0] === 'phone' ? 'phone' : null;
}

/** The label of a stop on the map: a park's short name, a place's title. */
export function stopLabel(stop: Pick<RouteStop, 'title' | 'parktitleslug'>): string {
  return stop.parktitleslug ? shortStopName(stop.title) : stop.title;
}

export function routeLayout(route: readonly RouteStop[], size: MapSize = 'wide'): MapLayout | null {
  const located = route.filter((s): s is RouteStop & { latitude: number; longitude: number } => s.latitude !== null && s.longitude !== null);
  return layoutMap(
    located.map((s) => ({ latitude: s.latitude, longitude: s.longitude, label: stopLabel(s), number: s.number })),
    { minSpanDegrees: ROUTE_MIN_SPAN, route: true, size },
  );
}

/** The text alternative of a route map: every stop in order, with its days. */
export function routeDescription(heading: string, route: readonly RouteStop[]): string {
  return `Route of the ${heading}: ${route.map((s) => `${s.number}. ${s.title} (${dayRange(s.days)})`).join('; ')}.`;
}

export function parkLayout(park: Pick<Park, 'parktitle' | 'latitude' | 'longitude'>, size: MapSize = 'wide'): MapLayout | null {
  if (park.latitude === null || park.longitude === null) return null;
  return layoutMap([{ latitude: park.latitude, longitude: park.longitude, label: shortStopName(park.parktitle) }], {
    minSpanDegrees: LOCATION_SPAN,
    route: false,
    size,
  });
}
