// All safaris: the whole list from the API, filtered by the country checkboxes
// (?country=uganda&country=rwanda), sorted by day count (?sort=asc|desc, ascending by default)
// and cut into pages of 12 (?page=N), all from the URL so every state is server-rendered and
// linkable. With JavaScript a change applies at once; without it the Apply button sends the form.
import { Form, useSubmit } from 'react-router';
import type { SafariCard as Safari, SafarisInResponse, SafarisResponse } from '../../common/api-types.ts';
import { MAX_PAGE_LIMIT, PAGE_SIZE } from '../../common/constants.ts';
import { Empty, Grid, SafariCard } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, notFound, pageHeaders, requestPage } from '../lib/load.ts';
import { pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { slicePage } from '../lib/pagination.ts';
import { dedupeById, parseSort, sortByDays } from '../lib/safari.ts';
import type { Route } from './+types/safaris';
import { cachedList } from '../lib/cache-policy.ts';
import { keyOf, useT, useTParts } from '../i18n/pages.ts';
import { useFormat } from '../lib/format.ts';
import { ListFailureBoundary } from '../components/ListFailure.tsx';
import { listFailureMeta, loadList, SAFARI_LIST_FAILURE } from '../lib/list-failure.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

/** The country checkboxes of spec point 2, in its order and with its words (the spec writes "Drc"). */
export const SAFARI_COUNTRIES = [
  { slug: 'uganda', label: 'Uganda' },
  { slug: 'rwanda', label: 'Rwanda' },
  { slug: 'tanzania', label: 'Tanzania' },
  { slug: 'democratic-republic-of-congo', label: 'Drc' },
  { slug: 'kenya', label: 'Kenya' },
] as const;

/** The countries' names in the page's language (keys written whole, for the split of the catalogues per route). */
const COUNTRY_KEYS: Record<(typeof SAFARI_COUNTRIES)[number]['slug'], string> = {
  uganda: 'country.uganda',
  rwanda: 'country.rwanda',
  tanzania: 'country.tanzania',
  'democratic-republic-of-congo': 'country.democratic-republic-of-congo',
  kenya: 'country.kenya',
};

async function safariIdsIn(context: Route.LoaderArgs['context'], slug: string): Promise<number[]> {
  const first = await api<SafarisInResponse>(context, `/safaris/in/${slug}?page=1&limit=${MAX_PAGE_LIMIT}`);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => api<SafarisInResponse>(context, `/safaris/in/${slug}?page=${i + 2}&limit=${MAX_PAGE_LIMIT}`)));
  return [first, ...rest].flatMap((r) => r.safaris.map((s) => s.id));
}

/** The months with group departures, and (for ?month=YYYY-MM among them) the safaris departing then. */
async function departingIn(context: Route.LoaderArgs['context'], asked: string | null): Promise<{ months: string[]; month: string; slugs?: Set<string> }> {
  const { months } = await api<{ months: string[] }>(context, '/departures/months');
  if (!asked || !months.includes(asked)) return { months, month: '' };
  const { safaris } = await api<{ safaris: string[] }>(context, `/departures/in/${asked}`);
  return { months, month: asked, slugs: new Set(safaris) };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = requestPage(request);
  const sort = parseSort(url.searchParams.get('sort'));
  const known = new Set<string>(SAFARI_COUNTRIES.map((c) => c.slug));
  const countries = [...new Set(url.searchParams.getAll('country'))].filter((c) => known.has(c));
  const asked = url.searchParams.get('month');
  const [[all, ...idLists], departing] = await loadList(async () => {
    // Both asked at once; the list's own failure (and its sentence) wins over the departures'.
    const departures = departingIn(context, asked).then(
      (d) => ({ ok: true as const, d }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    const lists = await Promise.all([api<SafarisResponse>(context, '/safaris'), ...countries.map((c) => safariIdsIn(context, c))]);
    const dep = await departures;
    if (dep.ok) return [lists, dep.d] as const;
    // Without departures the list still shows, without the month filter; a month asked for cannot be honoured.
    if (asked) throw dep.e;
    return [lists, { months: [] as string[], month: '' } as Awaited<ReturnType<typeof departingIn>>] as const;
  });
  let list: Safari[] = dedupeById(all.allsafaris);
  if (countries.length) {
    const ids = new Set(idLists.flat());
    list = list.filter((s) => ids.has(s.id));
  }
  if (departing.slugs) list = list.filter((s) => departing.slugs!.has(s.safarititleslug));
  const { months, month } = departing;
  const { items, totalPages } = slicePage(sortByDays(list, sort), page, PAGE_SIZE.safaris);
  if (page > totalPages) notFound();
  const { allsafaris: _all, ...pageMeta } = all;
  // Only this page's safaris (and their images' metadata) travel with the page.
  return pageData({ ...pageMeta, safaris: items, total: list.length, page, totalPages, sort, countries, months, month }, all);
}

export const headers = pageHeaders;

/** Spec point 8: the server's error field, or 'Failed to fetch safaris'. */
export function ErrorBoundary() {
  return <ListFailureBoundary fallback={SAFARI_LIST_FAILURE} />;
}

export function meta({ loaderData, error, location, matches }: Route.MetaArgs) {
  if (error) return listFailureMeta(error, location.pathname);
  return buildMeta(loaderData, { image: loaderData?.safaris[0]?.safariheaderimage }, { location, matches });
}

export default function Safaris({ loaderData: data }: Route.ComponentProps) {
  const submit = useSubmit();
  const t = useT();
  const tParts = useTParts();
  const monthName = useFormat().month;
  const [lead] = data.safaris;
  return (
    <>
      <Hero
        title={data.title}
        image={lead?.safariheaderimage}
        imageAlt={lead?.safariheaderimagealt}
        eyebrow={t('safaris.eyebrow')}
        lead={<p>{t('safaris.lead')}</p>}
        crumbs={[{ label: t('safaris.crumb') }]}
      />
      <div className="container page">
        <Form method="get" action="/safaris" className="filters filters--row" aria-label={t('safaris.filterLabel')} onChange={(e) => submit(e.currentTarget, { method: 'get', action: '/safaris' })}>
          <fieldset>
            <legend>{t('filters.country')}</legend>
            <div className="check-list">
              {SAFARI_COUNTRIES.map((c) => (
                <label key={c.slug} className="check">
                  <input type="checkbox" name="country" value={c.slug} defaultChecked={data.countries.includes(c.slug)} key={`${c.slug}-${data.countries.includes(c.slug)}`} />
                  {t(keyOf(COUNTRY_KEYS, c.slug))}
                </label>
              ))}
            </div>
          </fieldset>
          {data.months.length > 0 && <DepartureMonth months={data.months} month={data.month} />}
          <div className="filters__actions">
            <label className="filters__label" htmlFor="safari-sort">
              {t('safaris.sortByDays')}
            </label>
            <select id="safari-sort" name="sort" className="select" defaultValue={data.sort} key={data.sort}>
              <option value="asc">{t('safaris.sortAsc')}</option>
              <option value="desc">{t('safaris.sortDesc')}</option>
            </select>
            <button type="submit" className="btn btn--ghost filters__apply">
              {t('filters.apply')}
            </button>
          </div>
        </Form>
        <p className="result-count" role="status">
          {data.total} {t('safaris.noun', { count: data.total })}
          {data.countries.length ? t('safaris.inCountries', { countries: data.countries.map((c) => t(keyOf(COUNTRY_KEYS, c))).join(', ') }) : ''}
          {data.month ? t('safaris.withDeparture', { month: monthName(data.month) }) : ''}
          {tParts('list.pageOf', { page: String(data.page), total: String(data.totalPages) })}
        </p>
        {data.safaris.length ? (
          <Grid>
            {data.safaris.map((s) => (
              <SafariCard key={s.id} safari={s} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>{data.month ? t('safaris.noneWithDeparture', { month: monthName(data.month) }) : t('safaris.none')}</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}

/** "Group departure in": any month, or one of the months with departures on sale. */
function DepartureMonth({ months, month }: { months: string[]; month: string }) {
  const t = useT();
  const monthName = useFormat().month;
  return (
    <div className="filters__actions">
      <label className="filters__label" htmlFor="safari-month">
        {t('safaris.departureIn')}
      </label>
      <select id="safari-month" name="month" className="select" defaultValue={month} key={month}>
        <option value="">{t('safaris.anyMonth')}</option>
        {months.map((m) => (
          <option key={m} value={m}>
            {monthName(m)}
          </option>
        ))}
      </select>
    </div>
  );
}
