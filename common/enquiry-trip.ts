// The trip an enquiry may carry (all optional): the safari, the travel dates or a month when the
// dates are flexible, the travellers and the budget per person. Its words and shapes, shared by
// the enquiry forms, the API, the operator's e-mails and the console's inbox. The rules (zod) are
// in enquiry-forms.ts, so the public forms' bundle carries no schema library.

/** Budget ranges per person in US dollars, for gorilla and wildlife safaris in Uganda and Rwanda. */
export const BUDGETS = ['under-2000', '2000-3500', '3500-5000', '5000-8000', 'over-8000'] as const;
export type Budget = (typeof BUDGETS)[number];

export const BUDGET_LABELS: Record<Budget, string> = {
  'under-2000': 'Under US$2,000',
  '2000-3500': 'US$2,000 to 3,500',
  '3500-5000': 'US$3,500 to 5,000',
  '5000-8000': 'US$5,000 to 8,000',
  'over-8000': 'Over US$8,000',
};

/** The trip's fields as the API names them (and the forms post them). */
export const TRIP_FIELDS = ['safari', 'travelFrom', 'travelTo', 'travelMonth', 'adults', 'children', 'childAges', 'budget'] as const;
export type TripField = (typeof TRIP_FIELDS)[number];

export const TRIP_LIMITS = { adultsMax: 50, childrenMax: 20, childAgeMax: 17 } as const;

export const TRIP_MESSAGES = {
  safari: 'Choose one of our safaris, or leave the safari empty.',
  unknownSafari: 'We have no safari at that address: choose one of our safaris, or leave the safari empty.',
  travelFrom: 'Travel from: choose a real date, today or later.',
  travelTo: 'Travel to: choose a real date on or after the first day of travel.',
  travelToAlone: 'Travel to: give the first day of travel too.',
  travelMonth: 'Travel month: choose a month such as 2027-07, this month or later.',
  adults: `Adults: a whole number from 1 to ${TRIP_LIMITS.adultsMax}.`,
  children: `Children: a whole number from 0 to ${TRIP_LIMITS.childrenMax}.`,
  childAges: `Children’s ages: one age from 0 to ${TRIP_LIMITS.childAgeMax} for each child, separated by commas.`,
  budget: 'Budget per person: choose one of the ranges.',
} as const;

/** A checked trip, as the API stores it (null: not given). */
export interface Trip {
  safari: string | null;
  travelFrom: string | null;
  travelTo: string | null;
  travelMonth: string | null;
  adults: number | null;
  children: number | null;
  childAges: number[] | null;
  budget: Budget | null;
}

/** The trip as the form's text fields hold it (every value typed, '' when left empty). */
export type TripValues = Record<TripField, string>;

export const EMPTY_TRIP_VALUES: TripValues = { safari: '', travelFrom: '', travelTo: '', travelMonth: '', adults: '', children: '', childAges: '', budget: '' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2027-07' as 'July 2027' (the value itself when it is not a month). */
function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}

/** '2027-07-04' as '4 July 2027'. */
function dayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${Number(m[3])} ${name} ${m[1]}` : day;
}

/** When: the dates, or the month of a flexible trip (null when neither was given). */
export function whenLabel(t: Pick<Trip, 'travelFrom' | 'travelTo' | 'travelMonth'>): string | null {
  const dates = t.travelFrom ? (t.travelTo && t.travelTo !== t.travelFrom ? `${dayLabel(t.travelFrom)} to ${dayLabel(t.travelTo)}` : dayLabel(t.travelFrom)) : null;
  const month = t.travelMonth ? `flexible, ${monthLabel(t.travelMonth)}` : null;
  return [dates, month].filter(Boolean).join('; ') || null;
}

/** Who travels: '2 adults, 2 children (ages 6, 11)' (null when nothing was given). */
function travellersLabel(t: Pick<Trip, 'adults' | 'children' | 'childAges'>): string | null {
  const parts: string[] = [];
  if (t.adults !== null) parts.push(`${t.adults} ${t.adults === 1 ? 'adult' : 'adults'}`);
  if (t.children !== null && t.children > 0) {
    const ages = t.childAges?.length ? ` (${t.childAges.length === 1 ? 'age' : 'ages'} ${t.childAges.join(', ')})` : '';
    parts.push(`${t.children} ${t.children === 1 ? 'child' : 'children'}${ages}`);
  } else if (t.children === 0 && t.adults !== null) parts.push('no children');
  return parts.join(', ') || null;
}

/**
 * The trip as label and text lines, in the order the e-mails and the enquiry screen show them;
 * only what was given. `safariTitle`: the safari's title (its slug when unknown).
 */
export function tripLines(t: Trip, safariTitle?: string | null): [string, string][] {
  const lines: [string, string | null][] = [
    ['Safari', t.safari ? (safariTitle ?? t.safari) : null],
    ['Travel dates', whenLabel(t)],
    ['Travellers', travellersLabel(t)],
    ['Budget per person', t.budget ? BUDGET_LABELS[t.budget] : null],
  ];
  return lines.filter((l): l is [string, string] => l[1] !== null);
}
