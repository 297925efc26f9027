// The safari page's group departures: each upcoming date with its guide, its price per person and
// single supplement, the seats left (as words and as a bar), and "Book a seat", which opens the
// departure's booking page. Nothing shows when the safari has no departures.
import { Link } from 'react-router';
import { formatMinor } from '../../common/booking-money.ts';
import { DEPARTURE_STATUS_LABELS, FEW_SEATS, onSale, type PublicDeparture } from '../../common/departures.ts';
import './SafariDepartures.css';

const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function seatsWords(d: PublicDeparture): string {
  if (d.status === 'full' || d.seatsLeft <= 0) return 'Full';
  if (d.seatsLeft <= FEW_SEATS) return `Only ${d.seatsLeft} ${d.seatsLeft === 1 ? 'seat' : 'seats'} left`;
  return `${d.seatsLeft} of ${d.seats} seats left`;
}

function Departure({ d, slug }: { d: PublicDeparture; slug: string }) {
  const open = onSale(d);
  const taken = Math.round(((d.seats - d.seatsLeft) / d.seats) * 100);
  return (
    <li className={`departures__item${open ? '' : ' departures__item--full'}`}>
      <div className="departures__when">
        <strong>{day(d.startsOn)}</strong>
        {d.endsOn !== d.startsOn && <span>to {day(d.endsOn)}</span>}
      </div>
      <div className="departures__facts">
        <span className={`departures__status departures__status--${d.status}`}>{DEPARTURE_STATUS_LABELS[d.status]}</span>
        {d.guide && (
          <span>
            Guide: <Link to={`/guides/${d.guide.slug}`}>{d.guide.name}</Link>
          </span>
        )}
      </div>
      <div className="departures__price">
        <strong>{formatMinor(d.priceMinor, d.currency)}</strong> per person
        {d.singleSupplementMinor > 0 && <span>Single room +{formatMinor(d.singleSupplementMinor, d.currency)}</span>}
      </div>
      <div className="departures__seats">
        <span className={d.seatsLeft <= FEW_SEATS ? 'departures__few' : undefined}>{seatsWords(d)}</span>
        <span className="departures__bar" aria-hidden="true">
          <span style={{ width: `${taken}%` }} />
        </span>
      </div>
      <div className="departures__action">
        {open ? (
          <Link className="btn btn--primary" to={`/safaris/${slug}/departures/${d.id}`}>
            Book a seat<span className="sr-only"> on {day(d.startsOn)}</span>
          </Link>
        ) : (
          <span className="departures__closed">Sold out</span>
        )}
      </div>
    </li>
  );
}

export function SafariDepartures({ departures, slug }: { departures: PublicDeparture[]; slug: string }) {
  if (!departures.length) return null;
  return (
    <section className="departures" aria-labelledby="departures-title">
      <p className="eyebrow">Join a small group</p>
      <h2 id="departures-title">Group departures</h2>
      <p className="departures__lead">Fixed dates with a guide and other travellers. Book your seats here; we hold them for 30 minutes while you pay the deposit.</p>
      <ul className="departures__list" role="list">
        {departures.map((d) => (
          <Departure key={d.id} d={d} slug={slug} />
        ))}
      </ul>
    </section>
  );
}
