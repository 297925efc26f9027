// The terms a traveller accepts when booking, and the box that says so: the trip page's "Accept
// this quote" form and the booking page of a group departure's seats show the same block (the
// form's field acceptTerms, "yes" when ticked), in the page's language.
import { useT } from '../i18n/pages.ts';

/** The terms to read, folded, and the required box; `what` is what is booked ("this trip", "these seats"). */
export function AcceptTerms({ terms, what }: { terms: string; what: string }) {
  const t = useT();
  return (
    <>
      <details className="trip__terms">
        <summary>{t('terms.read')}</summary>
        <p>{terms}</p>
      </details>
      <label className="trip__check">
        <input type="checkbox" name="acceptTerms" value="yes" required />
        <span>{t('terms.accept', { what })}</span>
      </label>
    </>
  );
}
