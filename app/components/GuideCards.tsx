// The guides: a guide's card on the list of the team, and the "Your guides" section of a safari's
// page (a portrait, the name linking to the guide's page, the role, the languages and years).
import { Link } from 'react-router';
import type { GuideCard as GuideCardData } from '../../common/api-types.ts';
import { Card } from './Cards.tsx';
import { Image } from './Image.tsx';

/** "English, Luganda and Swahili". */
export function spoken(languages: readonly string[]): string {
  if (languages.length < 2) return languages[0] ?? '';
  return `${languages.slice(0, -1).join(', ')} and ${languages[languages.length - 1]}`;
}

export function yearsGuiding(n: number): string {
  return n === 1 ? '1 year guiding' : `${n} years guiding`;
}

const firstName = (name: string) => name.split(' ')[0] ?? name;

export function GuideCard({ guide, headingLevel }: { guide: GuideCardData; headingLevel?: 2 | 3 }) {
  return (
    <Card
      to={`/guides/${guide.guidetitleslug}`}
      image={guide.guideheaderimage}
      alt={guide.guideheaderimagealt}
      variant="tall"
      eyebrow={guide.guiderole}
      title={guide.guidetitle}
      text={`${guide.guidedescription} Speaks ${spoken(guide.guidelanguages)}.`}
      headingLevel={headingLevel}
      footer={<span className="card__more">Meet {firstName(guide.guidetitle)}</span>}
    />
  );
}

/** A safari's guides, when it names some. */
export function YourGuides({ guides }: { guides: readonly GuideCardData[] }) {
  if (!guides.length) return null;
  return (
    <section className="your-guides" aria-labelledby="your-guides-title">
      <p className="eyebrow">Who leads this safari</p>
      <h2 id="your-guides-title">Your guides</h2>
      <ul className="your-guides__list">
        {guides.map((g) => (
          <li key={g.id} className="guide-chip">
            <span className="guide-chip__media">
              <Image src={g.guideheaderimage} alt="" width={192} height={192} sizes="88px" />
            </span>
            <span className="guide-chip__body">
              <Link to={`/guides/${g.guidetitleslug}`} className="guide-chip__name">
                {g.guidetitle}
              </Link>
              <span className="guide-chip__role">{g.guiderole}</span>
              <span className="guide-chip__facts">
                Speaks {spoken(g.guidelanguages)} · {yearsGuiding(g.guideyears)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="your-guides__note">
        Guides are confirmed when you book; <Link to="/guides">meet the whole team</Link>.
      </p>
    </section>
  );
}
