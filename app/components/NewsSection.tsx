// "News and updates": the latest journal posts at the foot of a safari, park, destination or
// experience page (nothing when there are none).
import type { BlogCard as Blog } from '../../common/api-types.ts';
import { BlogCard, Grid } from './Cards.tsx';
import { Section, type SectionProps } from './Section.tsx';

export function NewsSection({ blogs, tone }: { blogs: readonly Blog[]; tone?: SectionProps['tone'] }) {
  if (!blogs.length) return null;
  return (
    <Section id="news" tone={tone} eyebrow="From the journal" title="News and updates" more={{ to: '/blogs', label: 'All stories' }}>
      <Grid>
        {blogs.map((b) => (
          <BlogCard key={b.id} blog={b} />
        ))}
      </Grid>
    </Section>
  );
}
