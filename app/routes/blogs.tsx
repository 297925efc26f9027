// Blogs: 12 per page, newest first (?page=N).
import type { BlogsResponse } from '../../common/api-types.ts';
import { PAGE_SIZE } from '../../common/constants.ts';
import { BlogCard, Empty, Grid } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { api, pageHeaders, requestPage } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/blogs';
import { cachedList } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory; each valid ?page=N is its own page. */
export const handle = cachedList;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = requestPage(request);
  return api<BlogsResponse>(context, `/blogs?page=${page}&limit=${PAGE_SIZE.blogs}`);
}

export const headers = pageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.blogs[0]?.blogheaderimage });
}

export default function Blogs({ loaderData: data }: Route.ComponentProps) {
  const [lead] = data.blogs;
  return (
    <>
      <Hero
        title={data.title}
        image={lead?.blogheaderimage}
        imageAlt={lead?.blogheaderimagealt}
        eyebrow="Stories from the field"
        lead={<p>Trip reports, seasonal advice and practical guides from our guides in Kabale.</p>}
        crumbs={[{ label: 'Blogs' }]}
      />
      <div className="container page">
        {data.blogs.length ? (
          <Grid>
            {data.blogs.map((b) => (
              <BlogCard key={b.id} blog={b} headingLevel={2} />
            ))}
          </Grid>
        ) : (
          <Empty>No stories published yet.</Empty>
        )}
        <Pagination page={data.page} totalPages={data.totalPages} />
      </div>
    </>
  );
}
