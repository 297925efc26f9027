// A vehicle's page: its picture in the hero, the facts (kind, seats, window seats), what it carries,
// its description, the safaris it usually runs, and the rest of the fleet.
import type { DetailResponse } from '../../common/api-types.ts';
import { SafariGrid } from '../components/Cards.tsx';
import { FactList } from '../components/FactList.tsx';
import { Hero } from '../components/Hero.tsx';
import { RichText } from '../components/RichText.tsx';
import { MoreLink, Section } from '../components/Section.tsx';
import { SideList } from '../components/SideList.tsx';
import { cachedPage } from '../lib/cache-policy.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/vehicle';
import { useT } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  return api<DetailResponse<'vehicles'>>(context, `/vehicles/${encodeURIComponent(params.slug)}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.vehicle.vehicleheaderimage, imageAlt: loaderData?.vehicle.vehicleheaderimagealt }, { location, matches });
}

export default function VehicleDetail({ loaderData: data }: Route.ComponentProps) {
  const { vehicle } = data;
  const t = useT();
  return (
    <>
      <Hero
        title={vehicle.vehicletitle}
        image={vehicle.vehicleheaderimage}
        imageAlt={vehicle.vehicleheaderimagealt}
        eyebrow={vehicle.vehiclekind}
        lead={<p>{vehicle.vehicledescription}</p>}
        crumbs={[{ label: t('vehicles.crumb'), to: '/vehicles' }, { label: vehicle.vehicletitle }]}
      />
      <div className="container page">
        <div className="page__grid">
          <article>
            <FactList
              className="vehicle-facts"
              facts={[
                [t('vehicles.kind'), vehicle.vehiclekind],
                [t('vehicles.seats'), t('vehicles.travellers', { count: vehicle.vehicleseats })],
                [t('vehicles.windowSeats'), vehicle.vehiclewindowseats ? t('vehicles.windowAll') : t('vehicles.windowNotAll')],
              ]}
            />
            {vehicle.vehiclefeatures.length > 0 && (
              <>
                <h2 className="vehicle-features__title">{t('vehicles.onBoard')}</h2>
                <ul className="chips vehicle-features">
                  {vehicle.vehiclefeatures.map((f) => (
                    <li key={f} className="chip">
                      {f}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h2>{t('vehicles.about')}</h2>
            <RichText html={vehicle.vehicleparagraph} />
          </article>
          <aside className="page__aside">
            <SideList
              id="other-vehicles"
              title={t('vehicles.rest')}
              items={data.otherVehicles.map((v) => ({ key: v.id, to: `/vehicles/${v.vehicletitleslug}`, image: v.vehicleheaderimage, alt: v.vehicleheaderimagealt, title: v.vehicletitle }))}
              more={<MoreLink to="/vehicles">{t('vehicles.all')}</MoreLink>}
            />
          </aside>
        </div>
      </div>
      {data.safaris.length > 0 && (
        <Section id="vehicle-safaris" tone="sand" eyebrow={t('vehicles.travelIn')} title={t('vehicles.safaris')} more={{ to: '/safaris', label: t('safaris.all') }}>
          <SafariGrid safaris={data.safaris} />
        </Section>
      )}
    </>
  );
}
