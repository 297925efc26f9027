// "Your trip": the optional part of the plan-a-safari form and the safari quote overlay (the
// safari, the dates or a month when they are flexible, the travellers and the budget per person).
// A disclosure keeps the form short on a phone: it opens by itself when the visitor came from a
// safari, typed something in it, or the server's message is about one of its fields. Plain HTML
// controls, so it works without JavaScript; the API checks it (common/enquiry-forms.ts tripSchema).
import type { ReactNode } from 'react';
import { BUDGETS, TRIP_FIELDS, TRIP_LIMITS, type Budget, type TripField, type TripValues } from '../../common/enquiry-trip.ts';
import { Field } from './Field.tsx';
import { keyOf, useT } from '../i18n/pages.ts';

/** A safari the visitor may choose. */
export interface SafariChoice {
  slug: string;
  title: string;
}

export interface TripFieldsProps {
  /** The id prefix of the form's fields. */
  id: (name: string) => string;
  values: TripValues;
  onChange: (field: TripField, value: string) => void;
  /** The safaris to choose from; without them the safari is the one given (a hidden field). */
  safaris?: readonly SafariChoice[];
  /** The field the form's message is about, and the message's id. */
  errorField?: string;
  errId: string;
}

/** The budgets' words (keys written whole, for the split of the catalogues per route). */
const BUDGET_KEYS: Record<Budget, string> = {
  'under-2000': 'trip.budget.under-2000',
  '2000-3500': 'trip.budget.2000-3500',
  '3500-5000': 'trip.budget.3500-5000',
  '5000-8000': 'trip.budget.5000-8000',
  'over-8000': 'trip.budget.over-8000',
};
const isTripField = (f: string | undefined): f is TripField => TRIP_FIELDS.includes(f as TripField);

/** Whether the visitor gave anything of the trip (the safari of a quote form counts only when it can be changed). */
function tripGiven(values: TripValues, safariChoosable: boolean): boolean {
  return TRIP_FIELDS.some((f) => (f !== 'safari' || safariChoosable) && values[f].trim() !== '');
}

export function TripFields({ id, values, onChange, safaris, errorField, errId }: TripFieldsProps) {
  const open = tripGiven(values, Boolean(safaris)) || isTripField(errorField);
  const t = useT();
  const field = (name: TripField) => ({
    id: id(name),
    name,
    value: values[name],
    invalid: errorField === name,
    describedBy: errorField === name ? errId : undefined,
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
  });
  return (
    <details className="enq-trip enq-field--wide" open={open || undefined}>
      <summary className="enq-trip__summary">
        {t('trip.summary')}
        <span className="enq-trip__optional">{t('trip.optional')}</span>
      </summary>
      <fieldset className="enq-trip__fields">
        <legend className="sr-only">{t('trip.legend')}</legend>
        {safaris ? <SafariSelect {...field('safari')} safaris={safaris} /> : <input type="hidden" name="safari" value={values.safari} />}
        <TripInput {...field('travelFrom')} label={t('trip.travelFrom')} type="date" autoComplete="off" />
        <TripInput {...field('travelTo')} label={t('trip.travelTo')} type="date" autoComplete="off" />
        <TripInput {...field('travelMonth')} label={t('trip.travelMonth')} type="month" hint={t('trip.travelMonthHint')} wide />
        <TripInput {...field('adults')} label={t('trip.adults')} type="number" min={1} max={TRIP_LIMITS.adultsMax} inputMode="numeric" />
        <TripInput {...field('children')} label={t('trip.children')} type="number" min={0} max={TRIP_LIMITS.childrenMax} inputMode="numeric" />
        <TripInput {...field('childAges')} label={t('trip.childAges')} type="text" placeholder={t('trip.childAgesPlaceholder')} hint={t('trip.childAgesHint')} wide />
        <BudgetSelect {...field('budget')} />
      </fieldset>
    </details>
  );
}

interface ControlProps {
  id: string;
  name: TripField;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (e: { target: { value: string } }) => void;
}

function TripInput({
  label,
  hint,
  wide,
  ...input
}: ControlProps & { label: string; hint?: string; wide?: boolean; type: string; placeholder?: string; min?: number; max?: number; inputMode?: 'numeric'; autoComplete?: string }) {
  const { invalid, describedBy, ...attrs } = input;
  return <Field look="site" className={wide ? 'enq-field enq-field--wide' : 'enq-field'} label={label} hint={hint} invalid={invalid} describedBy={describedBy} {...attrs} />;
}

function TripSelect({ label, options, invalid, describedBy, ...select }: ControlProps & { label: string; options: ReactNode }) {
  return (
    <Field
      look="site"
      className="enq-field enq-field--wide"
      id={select.id}
      name={select.name}
      label={label}
      invalid={invalid}
      describedBy={describedBy}
      control={(aria) => (
        <select id={aria.id} name={select.name} value={select.value} onChange={select.onChange} aria-invalid={aria['aria-invalid']} aria-describedby={aria['aria-describedby']}>
          {options}
        </select>
      )}
    />
  );
}

function SafariSelect({ safaris, ...props }: ControlProps & { safaris: readonly SafariChoice[] }) {
  const known = safaris.some((s) => s.slug === props.value);
  const t = useT();
  return (
    <TripSelect
      {...props}
      label={t('trip.safari')}
      options={
        <>
          <option value="">{t('trip.noSafari')}</option>
          {!known && props.value ? <option value={props.value}>{props.value}</option> : null}
          {safaris.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.title}
            </option>
          ))}
        </>
      }
    />
  );
}

function BudgetSelect(props: ControlProps) {
  const t = useT();
  return (
    <TripSelect
      {...props}
      label={t('trip.budget')}
      options={
        <>
          <option value="">{t('trip.notSure')}</option>
          {BUDGETS.map((b) => (
            <option key={b} value={b}>
              {t(keyOf(BUDGET_KEYS, b))}
            </option>
          ))}
        </>
      }
    />
  );
}
