// A console list's filters: a plain GET form (so every filtered list has its own address) made of
// a search box, selects whose first choice means "any", and the button with a way back to
// everything. The bookings, enquiries, departures, content, subscribers and media lists use them.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The panel round a list's filters, with a heading for screen readers. */
export function FilterPanel({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className="c-panel c-filters" aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        Filters
      </h2>
      {children}
    </section>
  );
}

/** The search box, sent as `q`. */
export function FilterSearch(props: { id: string; label: string; value: string | undefined; placeholder?: string; maxLength: number; autoComplete?: 'off'; className?: string }) {
  return (
    <div className={props.className ? `c-field ${props.className}` : 'c-field'}>
      <label htmlFor={props.id}>{props.label}</label>
      <input id={props.id} name="q" type="search" defaultValue={props.value ?? ''} placeholder={props.placeholder} maxLength={props.maxLength} autoComplete={props.autoComplete} />
    </div>
  );
}

/** A choice of one value: `any` first (the empty value), then each option, then `children`. */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  any: string;
  options?: readonly (readonly [value: string | number, text: string])[];
  children?: ReactNode;
}) {
  return (
    <div className="c-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ''}>
        <option value="">{props.any}</option>
        {props.options?.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {props.children}
      </select>
    </div>
  );
}

/** The button that applies the filters and, once a filter is set, the link back to everything (`clearTo`). */
export function FilterActions({ submit, clearTo, clear = 'Clear', filtered = false }: { submit: string; clearTo?: string; clear?: string; filtered?: boolean }) {
  return (
    <div className="c-filters__actions">
      <button type="submit" className="btn btn--primary">
        {submit}
      </button>
      {filtered && clearTo ? (
        <Link to={clearTo} className="c-textlink">
          {clear}
        </Link>
      ) : null}
    </div>
  );
}
