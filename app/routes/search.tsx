// The search results page (/search?query=&types=&page=): server-rendered, every state in the URL.
// The filter form is a plain GET form (works without JavaScript); with JavaScript a change of the
// type checkboxes submits it at once. A new query or filter starts again at page 1.
import { useRef, type ReactNode } from 'react';
import { data, Form, Link, useNavigation, useSubmit } from 'react-router';
import type { PageMeta, SearchAnswer, SearchItem, SearchItemType } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { SEARCH_TYPES, searchResultView } from '../../common/content-types.ts';
import { lodgeSetting } from '../../common/route.ts';
import { Hero } from '../components/Hero.tsx';
import { SearchIcon } from '../components/Icons.tsx';
import { Image } from '../components/Image.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { apiContext } from '../context.ts';
import { Price } from '../components/Price.tsx';
import { notFound, pageHeaders, requestPage, unavailableWhen } from '../lib/load.ts';
import { useLocalPath } from '../lib/languages.ts';
import { pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { keyOf, TIER_KEYS, useT, useTParts } from '../i18n/pages.ts';
import type { Route } from './+types/search';
import { cachedPage } from '../lib/cache-policy.ts';

/** Only the bare search page is kept: any query (terms, types, page) is rendered for its request. */
export const handle = cachedPage;

/** The type filter from the URL: ?types=blog&types=park or ?types=blog,park; unknown names are ignored. */
/** Each type's name (keys written whole, for the split of the catalogues per route). */
const TYPE_KEYS: Record<SearchItemType, string> = {
  blog: 'search.type.blog',
  park: 'search.type.park',
  experience: 'search.type.experience',
  safari: 'search.type.safari',
  faq: 'search.type.faq',
  animal: 'search.type.animal',
  bird: 'search.type.bird',
  lodge: 'search.type.lodge',
  guide: 'search.type.guide',
  vehicle: 'search.type.vehicle',
};

export function typesParam(url: URL): SearchItemType[] {
  const wanted = new Set(
    url.searchParams
      .getAll('types')
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase()),
  );
  return SEARCH_TYPES.filter((t) => wanted.has(t));
}

/** Link and display fields of a hit, whatever its type (read off its type's description). FAQ
 * answers have no page of their own. */
export function describe(item: SearchItem): { title: string; href: string | null; text: string; image: string; alt: string } {
  return searchResultView(item);
}

/** Splits text into plain and matched parts: a word matches when it starts with a highlight term
 * (terms are the query's words and stems, so "gorilla" marks "Gorillas"). */
export function highlightParts(text: string, terms: string[]): { text: string; match: boolean }[] {
  const useful = terms.map((t) => t.toLowerCase()).filter((t) => t.length >= 2);
  if (!text || !useful.length) return text ? [{ text, match: false }] : [];
  const parts: { text: string; match: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const word = m[0].toLowerCase();
    const hit = useful.some((t) => (t.length >= 3 ? word.startsWith(t) : word === t));
    if (!hit) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

function Highlight({ text, terms }: { text: string; terms: string[] }) {
  return <>{highlightParts(text, terms).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

type LoaderData = ({ state: 'results' } & SearchAnswer) | ({ state: 'prompt' | 'invalid'; query: string; types: SearchItemType[]; message: string } & PageMeta);

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams.get('query') ?? '';
  const types = typesParam(url);
  const page = requestPage(request);
  const client = context.get(apiContext);
  if (!query.trim()) {
    const site = (await (await client.fetch('/seo/site')).json()) as { siteUrl: string };
    return {
      state: 'prompt',
      query,
      types,
      message: 'Please enter a search term.',
      title: 'Search',
      pageKeywords: 'search safaris, parks, lodges, experiences, animals, birds, blog posts',
      pageDescription: 'Search our safaris, parks, lodges, experiences, animals, birds, blog posts and frequently asked questions.',
      pageUrl: `${site.siteUrl}/search`,
    } satisfies LoaderData;
  }
  // The page lists `results` (one page of hits across types): the per-type lists are not asked for.
  const params = new URLSearchParams({ query, lists: 'none' });
  if (types.length) params.set('types', types.join(','));
  if (page > 1) params.set('page', String(page));
  const res = await client.fetch(`/search?${params}`, { headers: { accept: 'application/json' } });
  if (res.status === 400) {
    const { error } = (await res.json()) as { error: string };
    // A page past the last is a missing page, like on every list.
    if (/page/i.test(error)) notFound();
    const site = (await (await client.fetch('/seo/site')).json()) as { siteUrl: string };
    return data(
      {
        state: 'invalid',
        query,
        types,
        message: error,
        title: 'Search',
        pageKeywords: '',
        pageDescription: 'Search our safaris, parks, lodges, experiences, animals, birds, blog posts and frequently asked questions.',
        pageUrl: `${site.siteUrl}/search`,
      } satisfies LoaderData,
      { status: 400 },
    );
  }
  unavailableWhen(res);
  if (!res.ok) throw new Error(`Search answered ${res.status}`);
  const answer = (await res.json()) as SearchAnswer;
  const found: Extract<LoaderData, { state: 'results' }> = { state: 'results', ...answer };
  return pageData(found, answer);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const lead = loaderData?.state === 'results' ? loaderData.results.find((r) => describe(r).image) : undefined;
  // Result pages are for visitors, not for search engines' indexes; their links are followed.
  return [...buildMeta(loaderData, { image: lead ? describe(lead).image : null }, { location, matches }), { name: 'robots', content: 'noindex, follow' }];
}

function SearchForm({ query, types, counts }: { query: string; types: SearchItemType[]; counts?: Record<SearchItemType, number> }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const local = useLocalPath();
  const t = useT();
  return (
    <Form method="get" action={local('/search')} className="filters search-page__form" role="search" ref={form}>
      <div className="search-form">
        <label htmlFor="search-page-input" className="sr-only">
          {t('search.label')}
        </label>
        <SearchIcon size={22} className="search-form__icon" />
        <input id="search-page-input" name="query" type="search" defaultValue={query} key={query} autoComplete="off" maxLength={500} placeholder={t('search.placeholder')} />
        <button type="submit" className="btn btn--primary">
          {t('search.button')}
        </button>
      </div>
      <fieldset>
        <legend>{t('search.showOnly')}</legend>
        <div className="check-list">
          {SEARCH_TYPES.map((type) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                name="types"
                value={type}
                defaultChecked={types.includes(type)}
                key={`${type}-${types.includes(type)}`}
                onChange={() => {
                  if (form.current?.querySelector<HTMLInputElement>('input[name=query]')?.value.trim()) submit(form.current, { preventScrollReset: true });
                }}
              />
              {t(keyOf(TYPE_KEYS, type))}
              {counts && <span className="check__count">{counts[type]}</span>}
            </label>
          ))}
        </div>
        <p className="search-page__hint">{t('search.hint')}</p>
      </fieldset>
      <button type="submit" className="btn btn--ghost filters__apply">
        {t('search.apply')}
      </button>
    </Form>
  );
}

function Result({ item, terms }: { item: SearchItem; terms: string[] }) {
  const t = useT();
  const d = describe(item);
  const local = useLocalPath();
  let meta: ReactNode = null;
  if (item.type === 'safari')
    meta = (
      <>
        {t('format.days', { count: item.safariday })}
        {` · ${t('side.from')}`}
        <Price usd={item.safariprice} />
      </>
    );
  else if (item.type === 'park' && item.destinationtitle) meta = item.destinationtitle;
  else if (item.type === 'lodge') meta = `${t(keyOf(TIER_KEYS, item.lodgetier))} · ${lodgeSetting(item)}`;
  return (
    <li className={`search-hit search-hit--${item.type}`}>
      <div className="search-hit__media">
        <Image src={d.image} alt={d.alt} width={320} height={214} sizes="(min-width: 700px) 220px, 100vw" />
      </div>
      <div className="search-hit__body">
        <p className="search-hit__tags">
          <span className={`type-tag type-tag--${item.type}`}>{t(keyOf(TYPE_KEYS, item.type))}</span>
          {meta && <span className="search-hit__meta">{meta}</span>}
        </p>
        <h2 className="search-hit__title">
          {d.href ? (
            <Link to={local(d.href)}>
              <Highlight text={d.title} terms={terms} />
            </Link>
          ) : (
            <Highlight text={d.title} terms={terms} />
          )}
        </h2>
        {item.type === 'faq' ? (
          <div className="prose search-hit__answer" dangerouslySetInnerHTML={{ __html: item.answer }} />
        ) : (
          d.text && (
            <p className="search-hit__text">
              <Highlight text={d.text} terms={terms} />
            </p>
          )
        )}
      </div>
    </li>
  );
}

export default function Search({ loaderData: data }: Route.ComponentProps) {
  const navigation = useNavigation();
  const local = useLocalPath();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === local('/search');
  const results = data.state === 'results' ? data : null;
  const t = useT();
  const tParts = useTParts();
  const heading = results ? (
    <>
      {t('search.resultsFor')}
      <q>{results.query}</q>
    </>
  ) : (
    t('search.title')
  );
  return (
    <>
      <Hero title={heading} size="compact" eyebrow={t('search.label')} lead={<p>{t('search.lead')}</p>} crumbs={[{ label: t('search.title') }]} />
      <div className={`container page search-page${busy ? ' is-busy' : ''}`}>
        <SearchForm query={data.query} types={data.types} counts={results?.counts} />
        <div className="search-page__results" aria-live="polite">
          {results ? (
            <>
              <p className="result-count" role="status">
                {tParts('search.count', { count: String(results.total), unit: t('search.unit', { count: results.total }) })}
                {results.totalPages > 1 && <span className="search-page__pageinfo"> {tParts('search.pageOf', { page: String(results.page), total: String(results.totalPages) })}</span>}
              </p>
              {results.correctedQuery && (
                <p className="search-page__corrected">
                  {t('search.including')}
                  <strong>{results.correctedQuery}</strong>
                </p>
              )}
              {results.results.length ? (
                <ol className="search-hits" start={(results.page - 1) * PAGE_SIZE.search + 1}>
                  {results.results.map((r) => (
                    <Result key={`${r.type}-${r.id}`} item={r} terms={results.highlight} />
                  ))}
                </ol>
              ) : (
                <div className="empty">
                  <SearchIcon size={28} />
                  <p>{tParts('search.nothing', { what: results.types.length ? t('search.inTypes') : t('search.inWords') })}</p>
                  <span>{t('search.tryAnother')}</span>
                  <span className="search-page__suggest">
                    <Link to={local('/search?query=gorilla%20trekking')}>{t('search.gorillaTrekking')}</Link>
                    <Link to={local('/search?query=chimpanzee')}>{t('search.chimpanzees')}</Link>
                    <Link to={local('/safaris')}>{t('safaris.all')}</Link>
                  </span>
                </div>
              )}
              <Pagination page={results.page} totalPages={results.totalPages} label={t('search.pagesLabel')} />
            </>
          ) : data.state === 'results' ? null : (
            <p className={`result-count${data.state === 'invalid' ? ' search-page__error' : ''}`} role={data.state === 'invalid' ? 'alert' : 'status'}>
              {data.state === 'prompt' ? t('search.prompt') : data.message}
            </p>
          )}
        </div>
      </div>
    </>
  );
}
