// The route of a safari: a map of East Africa with the stops numbered in itinerary order (a
// same-origin SVG image drawn on the server, no script) and, as its caption, the same stops as an
// ordered list with their days, which is also the map's text alternative.
import { useLocalLink } from '../lib/languages.ts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { SafariDay } from '../../common/api-types.ts';
import { safariRoute } from '../../common/route.ts';
import { useT, type Translate } from '../i18n/pages.ts';
import { PHONE_MAP, routeMapPath } from '../lib/map/paths.ts';

/** The pictures' sizes (app/lib/map/route-map.ts MAP_SIZES), and when the phone one is used. */
const MAP_W = 400;
const MAP_H = 300;
const PHONE_SIZE = 300;
const PHONE_MEDIA = 'screen and (max-width: 759px)';

/** "Day 2", "Days 2–3", "Days 2, 5" in the page's language (common/route.ts writes the English of the PDFs). */
function stopDays(days: readonly number[], t: Translate): string {
  if (days.length === 0) return '';
  const contiguous = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  return t('routeMap.days', { count: days.length, days: days.length > 1 && contiguous ? `${days[0]}–${days[days.length - 1]}` : days.join(', ') });
}

export function SafariRouteMap({ slug, heading, days }: { slug: string; heading: string; days: readonly SafariDay[] }) {
  const local = useLocalLink();
  const t = useT();
  const route = safariRoute(days);
  if (!route.length) return null;
  const onMap = route.some((s) => s.latitude !== null && s.longitude !== null);
  return (
    <section className="route-map" aria-labelledby="route-map-title">
      <p className="eyebrow">{t('routeMap.eyebrow')}</p>
      <h2 id="route-map-title">{t('routeMap.title')}</h2>
      <figure className="route-map__figure">
        {onMap && (
          // A square picture with the same labels on phones, where the wide one would shrink them.
          <picture>
            <source media={PHONE_MEDIA} srcSet={routeMapPath(slug) + PHONE_MAP} width={PHONE_SIZE} height={PHONE_SIZE} />
            <img className="route-map__img" src={routeMapPath(slug)} width={MAP_W} height={MAP_H} loading="lazy" decoding="async" alt={t('routeMap.alt', { heading, count: route.length })} />
          </picture>
        )}
        <figcaption className="route-map__caption">
          <p className="route-map__lead">{t('routeMap.lead')}</p>
          <ol className="route-map__stops" role="list" style={{ '--rows': Math.ceil(route.length / 2) } as CSSProperties}>
            {route.map((stop) => (
              <li key={stop.number} className="route-map__stop">
                <span className="route-map__num">{stop.number}</span>
                <span className="route-map__name">
                  {stop.parktitleslug ? <Link to={local(`/parks/${stop.parktitleslug}`)}>{stop.title}</Link> : stop.title}
                  <span className="route-map__days">{stopDays(stop.days, t)}</span>
                </span>
              </li>
            ))}
          </ol>
        </figcaption>
      </figure>
    </section>
  );
}
