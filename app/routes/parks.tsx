// Parks and attractions: 12 per page with a single-choice country filter (?destination=<slug>,
// sent to the API as destination_id). Works as a GET form without JavaScript.
import { Form, useNavigate } from 'react-router';
import type { DestinationsResponse, ParksResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { Empty, Grid, ParkCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, notFound, pageHeaders, requestPage } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import type { Route } from './+types/parks';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

/** The one selected destination: with several ticked (a form sent without JavaScript), the newly
 * ticked one wins over the previously selected `current`. */
export function chooseDestination(values: string[], current: string | null): string | null {
  const picked = values.filter((v) => v !== '');
  if (picked.length === 0) return null;
  if (picked.length === 1) return picked[0]!;
  return picked.find((v) => v !== current) ?? picked[0]!;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = requestPage(request);
  const selected = chooseDestination(url.searchParams.getAll('destination'), url.searchParams.get('current'));
  const { destinations } = await api<DestinationsResponse>(context, '/destinations');
  const destination = selected ? destinations.find((d) => d.destinationtitleslug === selected) : undefined;
  if (selected && !destination) notFound();
  const query = `page=${page}&limit=${PAGE_SIZE.parks}${destination ? `&destination_id=${destination.id}` : ''}`;
  const parks = await api<ParksResponse>(context, `/parks?${query}`);
  return pageData(
    {
      ...parks,
      parks: only(parks.parks, 'id', 'parktitle', 'parktitleslug', 'parkheaderimage', 'parkheaderimagealt', 'parkdescription', 'destinationtitle'),
      selected: destination?.destinationtitleslug ?? null,
      destinations: destinations.map((d) => ({ slug: d.destinationtitleslug, title: d.destinationtitle })),
    },
    parks,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.parks[0]?.parkheaderimage }, { location, matches });
}

export default function Parks({ loaderData: data }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [lead] = data.parks;
  const selectedTitle = data.destinations.find((d) => d.slug === data.selected)?.title;
  const t = useT();
  const tParts = useTParts();
  return (
    <>
      <Hero
        title={data.title}
        image={lead?.parkheaderimage}
        imageAlt={lead?.parkheaderimagealt}
        eyebrow={t('parks.eyebrow')}
        lead={<p>{t('parks.lead')}</p>}
        crumbs={[{ label: t('destinations.crumb'), to: '/destinations' }, { label: t('parks.crumb') }]}
      />
      <div className="container page">
        <Form method="get" action="/parks" className="filters filters--row" aria-label={t('parks.filterLabel')}>
          <fieldset>
            <legend>{t('filters.country')}</legend>
            <div className="check-list">
              {data.destinations.map((d) => (
                <label key={d.slug} className="check">
                  <input
                    key={`${d.slug}-${data.selected === d.slug}`}
                    type="checkbox"
                    name="destination"
                    value={d.slug}
                    defaultChecked={data.selected === d.slug}
                    onChange={(e) => {
                      const box = e.currentTarget;
                      // Single choice: ticking one clears the others at once.
                      box.form?.querySelectorAll<HTMLInputElement>('input[name="destination"]').forEach((other) => {
                        if (other !== box) other.checked = false;
                      });
                      navigate(box.checked ? `/parks?destination=${encodeURIComponent(d.slug)}` : '/parks');
                    }}
                  />
                  {d.title}
                </label>
              ))}
            </div>
          </fieldset>
          {data.selected && <input type="hidden" name="current" value={data.selected} />}
          <div className="filters__actions">
            <button type="submit" className="btn btn--ghost filters__apply">
              {t('parks.apply')}
            </button>
          </div>
        </Form>
        <p className="result-count" role="status">
          {selectedTitle ? t('parks.inCountry', { country: selectedTitle }) : t('parks.all')}
          {tParts('list.pageOf', { page: String(data.page), total: String(Math.max(data.totalPages, 1)) })}
        </p>
        {data.parks.length ? (
          <Grid>
            {data.parks.map((p) => (
              <ParkCard key={p.id} park={p} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{t('parks.empty')}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
