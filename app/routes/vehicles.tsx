// Our safari vehicles: the fleet travellers ride in, 12 per page (?page=N), in the console's order.
import { useLocalLink } from '../lib/languages.ts';
import type { ListResponse } from '../../common/api-types.ts';
import { contentTypeInfo } from '../../common/content-types.ts';
import { Card } from '../components/Cards.tsx';
import { CardListPage } from '../components/CardListPage.tsx';
import { cachedList } from '../lib/cache-policy.ts';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/vehicles';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<ListResponse<'vehicles'>>(context, `/vehicles?page=${page}&limit=${contentTypeInfo('vehicles')!.page!.pageSize}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.vehicles[0]?.vehicleheaderimage }, { location, matches });
}

export default function Vehicles({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const t = useT();
  /** "6 seats, each at a window". */
  const seatsLine = (seats: number, windowSeats: boolean) => `${t('vehicles.seatsLine', { count: seats })}${windowSeats ? t('safari.windowSeats') : ''}`;
  return (
    <CardListPage
      title={data.title}
      image={data.vehicles[0]?.vehicleheaderimage}
      imageAlt=""
      eyebrow={t('safari.travelIn')}
      lead={t('vehicles.lead')}
      crumb={t('vehicles.crumb')}
      items={data.vehicles}
      card={(v) => (
        <Card
          key={v.id}
          to={local(`/vehicles/${v.vehicletitleslug}`)}
          image={v.vehicleheaderimage}
          alt={v.vehicleheaderimagealt}
          eyebrow={v.vehiclekind}
          title={v.vehicletitle}
          text={`${v.vehicledescription} ${seatsLine(v.vehicleseats, v.vehiclewindowseats)}.`}
          headingLevel={2}
          footer={<span className="card__more">{t('vehicles.seeInside')}</span>}
        />
      )}
      empty={t('vehicles.empty')}
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
