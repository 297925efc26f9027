// The safari page's group departures: each upcoming date with its guide, its price per person and
// single supplement, the seats left (as words and as a bar), and "Book a seat", which opens the
// departure's booking page. Nothing shows when the safari has no departures.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import { formatMinor } from '../../common/booking-money.ts';
import { FEW_SEATS, onSale, type DepartureStatus, type PublicDeparture } from '../../common/departures.ts';
import { keyOf, useT, useTParts, type Translate } from '../i18n/pages.ts';
import { useFormat } from '../lib/format.ts';
import './SafariDepartures.css';

/** The seats left, in words of the page's language. */
/** A departure's status in words (keys written whole, for the split of the catalogues per route). */
export const STATUS_KEYS: Record<DepartureStatus, string> = {
  open: 'departures.status.open',
  guaranteed: 'departures.status.guaranteed',
  full: 'departures.status.full',
  cancelled: 'departures.status.cancelled',
};

export function seatsWords(d: PublicDeparture, t: Translate): string {
  if (d.status === 'full' || d.seatsLeft <= 0) return t('departures.full');
  if (d.seatsLeft <= FEW_SEATS) return t('departures.fewLeft', { count: d.seatsLeft });
  return t('departures.seatsLeft', { left: d.seatsLeft, seats: d.seats });
}

function Departure({ d, slug }: { d: PublicDeparture; slug: string }) {
  const local = useLocalLink();
  const t = useT();
  const tParts = useTParts();
  const f = useFormat();
  const day = (value: string) => f.day(value, 'weekdayShort');
  const open = onSale(d);
  const taken = Math.round(((d.seats - d.seatsLeft) / d.seats) * 100);
  return (
    <li className={`departures__item${open ? '' : ' departures__item--full'}`}>
      <div className="departures__when">
        <strong>{day(d.startsOn)}</strong>
        {d.endsOn !== d.startsOn && <span>{tParts('departures.to', { date: day(d.endsOn) })}</span>}
      </div>
      <div className="departures__facts">
        <span className={`departures__status departures__status--${d.status}`}>{t(keyOf(STATUS_KEYS, d.status))}</span>
        {d.guide && (
          <span>
            {t('departures.guide')}
            <Link to={local(`/guides/${d.guide.slug}`)}>{d.guide.name}</Link>
          </span>
        )}
      </div>
      <div className="departures__price">
        <strong>{formatMinor(d.priceMinor, d.currency, f.language)}</strong>
        {t('departures.perPerson')}
        {d.singleSupplementMinor > 0 && <span>{tParts('departures.single', { amount: formatMinor(d.singleSupplementMinor, d.currency, f.language) })}</span>}
      </div>
      <div className="departures__seats">
        <span className={d.seatsLeft <= FEW_SEATS ? 'departures__few' : undefined}>{seatsWords(d, t)}</span>
        <span className="departures__bar" aria-hidden="true">
          <span style={{ width: `${taken}%` }} />
        </span>
      </div>
      <div className="departures__action">
        {open ? (
          <Link className="btn btn--primary" to={local(`/safaris/${slug}/departures/${d.id}`)}>
            {t('departures.book')}
            <span className="sr-only">{tParts('departures.bookOn', { date: day(d.startsOn) })}</span>
          </Link>
        ) : (
          <span className="departures__closed">{t('departures.soldOut')}</span>
        )}
      </div>
    </li>
  );
}

export function SafariDepartures({ departures, slug }: { departures: PublicDeparture[]; slug: string }) {
  const t = useT();
  if (!departures.length) return null;
  return (
    <section className="departures" aria-labelledby="departures-title">
      <p className="eyebrow">{t('departures.eyebrow')}</p>
      <h2 id="departures-title">{t('departures.title')}</h2>
      <p className="departures__lead">{t('departures.lead')}</p>
      <ul className="departures__list" role="list">
        {departures.map((d) => (
          <Departure key={d.id} d={d} slug={slug} />
        ))}
      </ul>
    </section>
  );
}
