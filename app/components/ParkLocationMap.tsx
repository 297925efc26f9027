// Where a park is: a map of East Africa with the park marked (a same-origin SVG image drawn on the
// server by /parks/{slug}/location.svg, no script) and the location in words as its caption.
// Kept apart from the safari's route map so that each page's code carries only its own map.
import { useT } from '../i18n/pages.ts';

/** "1.03° S, 29.70° E" */
export function formatCoordinates(latitude: number, longitude: number): string {
  const ns = latitude < 0 ? 'S' : 'N';
  const ew = longitude < 0 ? 'W' : 'E';
  return `${Math.abs(latitude).toFixed(2)}° ${ns}, ${Math.abs(longitude).toFixed(2)}° ${ew}`;
}

export function ParkLocationMap({
  slug,
  src = `/parks/${slug}/location.svg`,
  title,
  country,
  latitude,
  longitude,
}: {
  slug: string;
  /** The map picture (default: the park's); a lodge's page shows its own (app/routes/lodge-location-map.ts). */
  src?: string;
  title: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
}) {
  const t = useT();
  if (latitude === null || longitude === null) return null;
  const where = formatCoordinates(latitude, longitude);
  // Drawn by app/routes/park-location-map.ts; a square picture on phones (cachedMap's ?size=phone).
  return (
    <section className="park-map" aria-labelledby="park-map-title">
      <h2 id="park-map-title">{t('map.whereItIs')}</h2>
      <figure className="park-map__figure">
        <picture>
          <source media="screen and (max-width: 759px)" srcSet={`${src}?size=phone`} width={300} height={300} />
          <img className="route-map__img" src={src} width={400} height={300} loading="lazy" decoding="async" alt={t('map.alt', { title, country })} />
        </picture>
        <figcaption className="park-map__caption">{t('map.caption', { title, country, where })}</figcaption>
      </figure>
    </section>
  );
}
