// The route of a safari: a map of East Africa with the stops numbered in itinerary order (a
// same-origin SVG image drawn on the server, no script) and, as its caption, the same stops as an
// ordered list with their days, which is also the map's text alternative.
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { SafariDay } from '../../common/api-types.ts';
import { dayRange, safariRoute } from '../../common/route.ts';
import { PHONE_MAP, routeMapPath } from '../lib/map/paths.ts';

/** The pictures' sizes (app/lib/map/route-map.ts MAP_SIZES), and when the phone one is used. */
const MAP_W = 400;
const MAP_H = 300;
const PHONE_SIZE = 300;
const PHONE_MEDIA = 'screen and (max-width: 759px)';

export function SafariRouteMap({ slug, heading, days }: { slug: string; heading: string; days: readonly SafariDay[] }) {
  const route = safariRoute(days);
  if (!route.length) return null;
  const onMap = route.some((s) => s.latitude !== null && s.longitude !== null);
  return (
    <section className="route-map" aria-labelledby="route-map-title">
      <p className="eyebrow">Where you go</p>
      <h2 id="route-map-title">Route map</h2>
      <figure className="route-map__figure">
        {onMap && (
          // A square picture with the same labels on phones, where the wide one would shrink them.
          <picture>
            <source media={PHONE_MEDIA} srcSet={routeMapPath(slug) + PHONE_MAP} width={PHONE_SIZE} height={PHONE_SIZE} />
            <img
              className="route-map__img"
              src={routeMapPath(slug)}
              width={MAP_W}
              height={MAP_H}
              loading="lazy"
              decoding="async"
              alt={`Map of East Africa showing the route of the ${heading}: ${route.length} ${route.length === 1 ? 'stop' : 'stops'}, numbered in the order listed beside the map.`}
            />
          </picture>
        )}
        <figcaption className="route-map__caption">
          <p className="route-map__lead">The route, stop by stop</p>
          <ol className="route-map__stops" role="list" style={{ '--rows': Math.ceil(route.length / 2) } as CSSProperties}>
            {route.map((stop) => (
              <li key={stop.number} className="route-map__stop">
                <span className="route-map__num">{stop.number}</span>
                <span className="route-map__name">
                  {stop.parktitleslug ? <Link to={`/parks/${stop.parktitleslug}`}>{stop.title}</Link> : stop.title}
                  <span className="route-map__days">{dayRange(stop.days)}</span>
                </span>
              </li>
            ))}
          </ol>
        </figcaption>
      </figure>
    </section>
  );
}
