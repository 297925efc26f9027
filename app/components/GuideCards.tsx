// The guides: a guide's card on the list of the team, and the "Your guides" section of a safari's
// page (a portrait, the name linking to the guide's page, the role, the languages and years).
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { GuideCard as GuideCardData } from '../../common/api-types.ts';
import { Card } from './Cards.tsx';
import { Image } from './Image.tsx';
import { formatList } from '../../common/intl.ts';
import { usePageLanguage, useT, useTParts } from '../i18n/pages.ts';

/** The languages a guide speaks, as a list of the page's language: "English, Luganda and Swahili". */
export function useSpoken(): (languages: readonly string[]) => string {
  const language = usePageLanguage();
  return (languages) => formatList(languages, language);
}

const firstName = (name: string) => name.split(' ')[0] ?? name;

export function GuideCard({ guide, headingLevel }: { guide: GuideCardData; headingLevel?: 2 | 3 }) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const spoken = useSpoken();
  return (
    <Card
      to={local(`/guides/${guide.guidetitleslug}`)}
      image={guide.guideheaderimage}
      alt={guide.guideheaderimagealt}
      variant="tall"
      eyebrow={guide.guiderole}
      title={guide.guidetitle}
      text={t('guides.cardText', { text: guide.guidedescription, languages: spoken(guide.guidelanguages) })}
      headingLevel={headingLevel}
      footer={<span className="card__more">{tParts('guides.meet', { name: firstName(guide.guidetitle) })}</span>}
    />
  );
}

/** A safari's guides, when it names some. */
export function YourGuides({ guides }: { guides: readonly GuideCardData[] }) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const spoken = useSpoken();
  if (!guides.length) return null;
  return (
    <section className="your-guides" aria-labelledby="your-guides-title">
      <p className="eyebrow">{t('guides.whoLeads')}</p>
      <h2 id="your-guides-title">{t('guides.yours')}</h2>
      <ul className="your-guides__list">
        {guides.map((g) => (
          <li key={g.id} className="guide-chip">
            <span className="guide-chip__media">
              <Image src={g.guideheaderimage} alt="" width={192} height={192} sizes="88px" />
            </span>
            <span className="guide-chip__body">
              <Link to={local(`/guides/${g.guidetitleslug}`)} className="guide-chip__name">
                {g.guidetitle}
              </Link>
              <span className="guide-chip__role">{g.guiderole}</span>
              <span className="guide-chip__facts">
                {tParts('guides.speaksList', { languages: spoken(g.guidelanguages) })}
                {t('guides.years', { count: g.guideyears })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="your-guides__note">
        {t('guides.confirmed')}
        <Link to={local('/guides')}>{t('guides.meetTeam')}</Link>.
      </p>
    </section>
  );
}
