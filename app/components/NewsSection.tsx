// "News and updates": the latest journal posts at the foot of a safari, park, destination or
// experience page (nothing when there are none).
import type { BlogCard as Blog } from '../../common/api-types.ts';
import { BlogCard, Grid } from './Cards.tsx';
import { Section, type SectionProps } from './Section.tsx';
import { useT } from '../i18n/pages.ts';

export function NewsSection({ blogs, tone }: { blogs: readonly Blog[]; tone?: SectionProps['tone'] }) {
  const t = useT();
  if (!blogs.length) return null;
  return (
    <Section id="news" tone={tone} eyebrow={t('news.eyebrow')} title={t('news.title')} more={{ to: '/blogs', label: t('news.all') }}>
      <Grid>
        {blogs.map((b) => (
          <BlogCard key={b.id} blog={b} />
        ))}
      </Grid>
    </Section>
  );
}
