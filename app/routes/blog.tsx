// Blog post: date, text, Previous Post / Next Post (full page navigations), share prompt and
// related posts.
import type { BlogResponse } from '../../common/api-types.ts';
import { BlogCard, Grid } from '../components/Cards.tsx';
import { Hero } from '../components/Hero.tsx';
import { CalendarIcon } from '../components/Icons.tsx';
import { PostNav } from '../components/PostNav.tsx';
import { RichText } from '../components/RichText.tsx';
import { Section } from '../components/Section.tsx';
import { ShareBlock } from '../components/ShareBlock.tsx';
import { useFormat } from '../lib/format.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import type { Route } from './+types/blog';
import { cachedPage } from '../lib/cache-policy.ts';
import { useT } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await api<BlogResponse>(context, `/blogs/${encodeURIComponent(params.slug)}`);
  const link = (b: BlogResponse['prevPost']) => (b ? { blogtitle: b.blogtitle, blogtitleslug: b.blogtitleslug } : null);
  return pageData({ ...r, prevPost: link(r.prevPost), nextPost: link(r.nextPost) }, r);
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.blog.blogheaderimage, imageAlt: loaderData?.blog.blogheaderimagealt, type: 'article' }, { location, matches });
}

export default function BlogPost({ loaderData: data }: Route.ComponentProps) {
  const { blog } = data;
  const d = useFormat().date(blog.created_at);
  const t = useT();
  return (
    <>
      <Hero
        title={blog.blogtitle}
        image={blog.blogheaderimage}
        imageAlt={blog.blogheaderimagealt}
        eyebrow={
          <>
            <CalendarIcon size={14} /> <time dateTime={d.iso}>{d.text}</time>
          </>
        }
        crumbs={[{ label: t('blogs.crumb'), to: '/blogs' }, { label: blog.blogtitle }]}
      />
      <article className="container container--narrow page">
        <p className="standfirst">{blog.blogdescription}</p>
        <RichText html={blog.blogparagraph} />
        <ShareBlock url={data.pageUrl} />
        <PostNav
          prev={data.prevPost ? { to: `/blogs/${data.prevPost.blogtitleslug}`, title: data.prevPost.blogtitle } : null}
          next={data.nextPost ? { to: `/blogs/${data.nextPost.blogtitleslug}`, title: data.nextPost.blogtitle } : null}
        />
      </article>
      {data.relatedBlogs.length > 0 && (
        <Section id="related" tone="sand" eyebrow={t('blogs.keepReading')} title={t('blogs.related')} more={{ to: '/blogs', label: t('news.all') }}>
          <Grid>
            {data.relatedBlogs.map((b) => (
              <BlogCard key={b.id} blog={b} />
            ))}
          </Grid>
        </Section>
      )}
    </>
  );
}
