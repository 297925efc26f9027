// Blogs: 12 per page, newest first (?page=N).
import type { BlogsResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { BlogCard } from '../components/Cards.tsx';
import { CardListPage } from '../components/CardListPage.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT } from '../i18n/pages.ts';
import type { Route } from './+types/blogs';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<BlogsResponse>(context, `/blogs?page=${page}&limit=${PAGE_SIZE.blogs}`);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.blogs[0]?.blogheaderimage }, { location, matches });
}

export default function Blogs({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const [lead] = data.blogs;
  return (
    <CardListPage
      title={data.title}
      image={lead?.blogheaderimage}
      imageAlt={lead?.blogheaderimagealt}
      eyebrow={t('blogs.eyebrow')}
      lead={t('blogs.lead')}
      crumb={t('blogs.crumb')}
      items={data.blogs}
      card={(b) => <BlogCard key={b.id} blog={b} headingLevel={2} />}
      empty={t('blogs.empty')}
      page={data.page}
      totalPages={data.totalPages}
    />
  );
}
