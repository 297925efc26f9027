// Content cards, and a grid of safari cards. The title link covers the whole card; images keep
// a fixed aspect ratio.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalLink } from '../lib/languages.ts';
import type {
  AnimalCard as Animal,
  BirdCard as Bird,
  BlogCard as Blog,
  DestinationCard as Destination,
  ExperienceCard as Experience,
  LodgeCard as Lodge,
  ParkCard as Park,
  SafariCard as Safari,
} from '../../common/api-types.ts';
import type { LodgeTier } from '../../common/constants.ts';
import { lodgeSetting, shortStopName } from '../../common/route.ts';
import { useFormat } from '../lib/format.ts';
import { keyOf, TIER_KEYS, usePageLanguage, useT, useTParts } from '../i18n/pages.ts';
import { safariCardTitle } from '../../common/safari-title.ts';
import { Price } from './Price.tsx';
import { Image } from './Image.tsx';
import { ArrowRight, CalendarIcon, CompassIcon, PinIcon } from './Icons.tsx';

const GRID_SIZES = '(min-width: 1200px) 380px, (min-width: 700px) 45vw, 92vw';

interface CardProps {
  to: string;
  image: string | null | undefined;
  alt: string;
  title: ReactNode;
  text?: ReactNode;
  eyebrow?: ReactNode;
  badge?: ReactNode;
  footer?: ReactNode;
  /** A visible call-to-action link (e.g. "View details"); otherwise an arrow marks the card. */
  cta?: string;
  /** Plain text name for the cta's accessible name. */
  name?: string;
  headingLevel?: 2 | 3;
  variant?: 'default' | 'tall' | 'tile';
  sizes?: string;
  reloadDocument?: boolean;
}

export function Card({ to, image, alt, title, text, eyebrow, badge, footer, cta, name, headingLevel = 3, variant = 'default', sizes, reloadDocument }: CardProps) {
  const local = useLocalLink();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const [w, h] = variant === 'default' ? [600, 400] : [600, 750];
  return (
    <article className={`card card--${variant}`}>
      <div className="card__media">
        <Image src={image} alt={alt} width={w} height={h} sizes={sizes ?? GRID_SIZES} />
        {badge && <div className="card__badge">{badge}</div>}
      </div>
      <div className="card__body">
        {eyebrow && <p className="card__eyebrow">{eyebrow}</p>}
        <H className="card__title">
          <Link to={local(to)} className="card__link" reloadDocument={reloadDocument}>
            {title}
          </Link>
        </H>
        {text && <p className="card__text">{text}</p>}
        {(footer || cta) && (
          <div className="card__foot">
            {footer}
            {cta ? (
              <Link to={local(to)} className="card__cta" aria-label={name ? `${cta}: ${name}` : undefined} reloadDocument={reloadDocument}>
                {cta} <ArrowRight size={16} />
              </Link>
            ) : (
              <span className="card__arrow" aria-hidden="true">
                <ArrowRight size={18} />
              </span>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

export function Grid({ children, cols = 3, className }: { children: ReactNode; cols?: 2 | 3 | 4; className?: string }) {
  return <div className={`grid grid--${cols}${className ? ` ${className}` : ''}`}>{children}</div>;
}

/** A grid of safari cards (the rail on the home page). */
export function SafariGrid({ safaris, className }: { safaris: Safari[]; className?: string }) {
  return (
    <Grid className={className}>
      {safaris.map((s) => (
        <SafariCard key={s.id} safari={s} />
      ))}
    </Grid>
  );
}

function DaysBadge({ n }: { n: number }) {
  const t = useT();
  return (
    <span className="days-badge">
      <strong>{n}</strong>
      <span>{t('format.dayWord', { count: n })}</span>
    </span>
  );
}

export function SafariCard({ safari, cta, headingLevel }: { safari: Safari; cta?: string; headingLevel?: 2 | 3 }) {
  const t = useT();
  const title = safariCardTitle(safari.safariday, safari.safarititle, usePageLanguage());
  return (
    <Card
      to={`/safaris/${safari.safarititleslug}`}
      image={safari.safariheaderimage}
      alt={safari.safariheaderimagealt}
      badge={<DaysBadge n={safari.safariday} />}
      title={title}
      name={title}
      text={safari.safarimetadescription}
      cta={cta}
      headingLevel={headingLevel}
      footer={
        <p className="price">
          <span className="price__from">{t('cards.perPaxFrom')}</span>{' '}
          <strong>
            <Price usd={safari.safariprice} />
          </strong>
        </p>
      }
    />
  );
}

/** The fields a park card shows. */
export type ParkCardData = Pick<Park, 'id' | 'parktitle' | 'parktitleslug' | 'parkheaderimage' | 'parkheaderimagealt' | 'parkdescription' | 'destinationtitle'>;

export function ParkCard({ park, headingLevel }: { park: ParkCardData; headingLevel?: 2 | 3 }) {
  const t = useT();
  return (
    <Card
      to={`/parks/${park.parktitleslug}`}
      image={park.parkheaderimage}
      alt={park.parkheaderimagealt}
      eyebrow={
        <>
          <PinIcon size={14} /> {park.destinationtitle}
        </>
      }
      title={park.parktitle}
      text={park.parkdescription}
      headingLevel={headingLevel}
      footer={<span className="card__more">{t('cards.explore')}</span>}
    />
  );
}

/** A lodge's standard as a small label ("Mid-range"). */
function TierBadge({ tier }: { tier: LodgeTier }) {
  const t = useT();
  return <span className={`tier-badge tier-badge--${tier}`}>{t(keyOf(TIER_KEYS, tier))}</span>;
}

/** The fields a lodge card shows. */
export type LodgeCardData = Pick<
  Lodge,
  'id' | 'lodgetitle' | 'lodgetitleslug' | 'lodgeheaderimage' | 'lodgeheaderimagealt' | 'lodgedescription' | 'lodgetier' | 'parktitle' | 'placetitle' | 'destinationtitle'
>;

/** A lodge: its tier on the picture, its park and country above the name (left out where the park is the page's subject). */
export function LodgeCard({ lodge, headingLevel, showPark = true }: { lodge: LodgeCardData; headingLevel?: 2 | 3; showPark?: boolean }) {
  const t = useT();
  return (
    <Card
      to={`/lodges/${lodge.lodgetitleslug}`}
      image={lodge.lodgeheaderimage}
      alt={lodge.lodgeheaderimagealt}
      badge={<TierBadge tier={lodge.lodgetier} />}
      eyebrow={
        showPark ? (
          <>
            <PinIcon size={14} /> {shortStopName(lodgeSetting(lodge))}, {lodge.destinationtitle}
          </>
        ) : undefined
      }
      title={lodge.lodgetitle}
      text={lodge.lodgedescription}
      headingLevel={headingLevel}
      footer={<span className="card__more">{t('cards.seeLodge')}</span>}
    />
  );
}

export function BlogCard({ blog, headingLevel, reloadDocument }: { blog: Blog; headingLevel?: 2 | 3; reloadDocument?: boolean }) {
  const t = useT();
  const d = useFormat().date(blog.created_at);
  return (
    <Card
      to={`/blogs/${blog.blogtitleslug}`}
      image={blog.blogheaderimage}
      alt={blog.blogheaderimagealt}
      eyebrow={
        <>
          <CalendarIcon size={14} /> <time dateTime={d.iso}>{d.text}</time>
        </>
      }
      title={blog.blogtitle}
      text={blog.blogdescription}
      headingLevel={headingLevel}
      reloadDocument={reloadDocument}
      footer={<span className="card__more">{t('cards.readStory')}</span>}
    />
  );
}

export function ExperienceCard({ experience, headingLevel, to }: { experience: Experience; headingLevel?: 2 | 3; to?: string }) {
  const t = useT();
  return (
    <Card
      to={to ?? `/experiences/${experience.experiencetitleslug}`}
      image={experience.experienceheaderimage}
      alt={experience.experienceheaderimagealt}
      title={experience.experiencetitle}
      text={experience.experiencedescription}
      headingLevel={headingLevel}
      variant="tile"
      footer={<span className="card__more">{t('cards.discover')}</span>}
    />
  );
}

export function DestinationCard({ destination, headingLevel }: { destination: Destination; headingLevel?: 2 | 3 }) {
  const tParts = useTParts();
  return (
    <Card
      to={`/destinations/${destination.destinationtitleslug}`}
      image={destination.destinationheaderimage}
      alt={destination.destinationheaderimagealt}
      eyebrow={destination.destinationtag}
      title={destination.destinationtitle}
      text={destination.destinationdescription}
      headingLevel={headingLevel}
      variant="tile"
      footer={<span className="card__more">{tParts('cards.exploreCountry', { country: destination.destinationtitle })}</span>}
    />
  );
}

export function AnimalCard({ animal, headingLevel }: { animal: Animal; headingLevel?: 2 | 3 }) {
  const t = useT();
  return (
    <Card
      to={`/animals/${animal.animaltitleslug}`}
      image={animal.animalheaderimage}
      alt={animal.animalheaderimagealt}
      title={animal.animaltitle}
      text={animal.animaldescription}
      cta={t('cards.viewDetails')}
      name={animal.animaltitle}
      headingLevel={headingLevel}
    />
  );
}

export function BirdCard({ bird, headingLevel }: { bird: Bird; headingLevel?: 2 | 3 }) {
  const t = useT();
  return (
    <Card
      to={`/birds/${bird.birdtitleslug}`}
      image={bird.birdheaderimage}
      alt={bird.birdheaderimagealt}
      title={bird.birdtitle}
      text={bird.birddescription}
      cta={t('cards.viewDetails')}
      name={bird.birdtitle}
      headingLevel={headingLevel}
    />
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="empty">
      <CompassIcon size={28} />
      <p>{children}</p>
    </div>
  );
}
