// The console's quote editor as a plain HTML form (it works without JavaScript): the fields of a
// quote document flattened to names (day0Title, line2Unit…), and read back into the document the
// API checks (common/quote-document.ts). Blank extra rows (a new day, a new price line) are left out.
import { decimalToMinor } from './booking-money.ts';
import { type CurrencyRates, isCurrency } from './currency.ts';
import type { QuoteDocument } from './quote-document.ts';

/** Empty rows the editor offers after the existing ones, to add a day or a price line. */
export const EXTRA_DAYS = 1;
export const EXTRA_LINES = 2;

const lines = (v: string | undefined) =>
  (v ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
const int = (v: string | undefined, fallback: number) => (/^\s*-?\d+\s*$/.test(v ?? '') ? Number(v) : (v ?? '').trim() === '' ? fallback : Number.NaN);
const indexes = (f: Record<string, string>, re: RegExp) => [...new Set(Object.keys(f).flatMap((k) => (re.exec(k) ? [Number(re.exec(k)![1])] : [])))].sort((a, b) => a - b);

/** A day's route stops, kept in a hidden field as JSON (copied from the safari); anything else is none. */
function stopsOf(v: string | undefined): QuoteDocument['days'][number]['stops'] {
  try {
    const parsed: unknown = JSON.parse(v || '[]');
    return Array.isArray(parsed) ? (parsed as QuoteDocument['days'][number]['stops']) : [];
  } catch {
    return [];
  }
}

function dayOf(f: Record<string, string>, i: number): QuoteDocument['days'][number] | null {
  const title = (f[`day${i}Title`] ?? '').trim();
  const lodge = (f[`day${i}Lodge`] ?? '').trim();
  if (!title && !lodge && !(f[`day${i}Text`] ?? '').trim()) return null;
  const [slug, ...name] = lodge.split('|');
  return {
    title,
    text: f[`day${i}Text`] ?? '',
    lodge: lodge ? { slug: slug ?? '', name: name.join('|') || slug || '', roomType: f[`day${i}Room`] ?? '', board: (f[`day${i}Board`] || 'full-board') as 'full-board' } : null,
    meals: { breakfast: f[`day${i}Breakfast`] === 'on', lunch: f[`day${i}Lunch`] === 'on', dinner: f[`day${i}Dinner`] === 'on' },
    activities: (f[`day${i}Activities`] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    stops: stopsOf(f[`day${i}Stops`]),
  };
}

/** The price line of row `i` (line{i}Label, …), or null when the row is blank (also read by common/booking-manual.ts). */
export function lineOf(f: Record<string, string>, i: number): QuoteDocument['lines'][number] | null {
  const label = (f[`line${i}Label`] ?? '').trim();
  const unit = (f[`line${i}Unit`] ?? '').trim();
  if (!label && !unit) return null;
  const minor = decimalToMinor(unit || '0', 'USD');
  const quantity = (f[`line${i}Qty`] ?? '').trim();
  return {
    label,
    category: (f[`line${i}Category`] || 'other') as 'other',
    basis: f[`line${i}Basis`] === 'group' ? 'group' : 'person',
    unitMinor: minor ?? Number.NaN,
    quantity: quantity === '' ? null : int(quantity, 0),
  };
}

/** What the form reads the display currency's rate against: the site's rates and the operator's day. */
export interface FormSite {
  rates: CurrencyRates;
  today: string;
}

/**
 * The display currency and its rate: an empty rate takes the site's (and the day it was set); a
 * rate left as it was keeps its day; the site's rate typed in takes its day; any other is the
 * agent's own, of today. Stored with the version, so a sent quote's rate never changes.
 */
function displayOf(f: Record<string, string>, site: FormSite | undefined) {
  const currency = f.displayCurrency;
  if (!currency || currency === 'USD') return null;
  const siteRate = isCurrency(currency) ? site?.rates.rates[currency] : undefined;
  const siteDay = site?.rates.updatedAt ? site.rates.updatedAt.slice(0, 10) : null;
  const typed = (f.displayRate ?? '').trim();
  if (!typed) return siteRate ? { currency, rate: siteRate, rateOn: siteDay } : { currency, rate: 0, rateOn: null };
  const rate = Number(typed);
  const kept = f.displayWas === `${currency}|${typed}`;
  const rateOn = kept ? f.displayRateOn || null : rate === siteRate ? siteDay : (site?.today ?? null);
  return { currency, rate: Number.isFinite(rate) ? rate : 0, rateOn };
}

/** The document the form's fields describe (unchecked: the API's schema says what is wrong). */
export function documentFromForm(f: Record<string, string>, site?: FormSite): unknown {
  const children = int(f.children, 0);
  const ages = (f.childAges ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => int(s, 0));
  return {
    title: f.title ?? '',
    message: f.message ?? '',
    travelFrom: f.travelFrom ?? '',
    travelTo: f.travelTo ?? '',
    travellers: { adults: int(f.adults, 0), children, childAges: ages },
    days: indexes(f, /^day(\d+)Title$/).flatMap((i) => dayOf(f, i) ?? []),
    lines: indexes(f, /^line(\d+)Label$/).flatMap((i) => lineOf(f, i) ?? []),
    currency: 'USD',
    display: displayOf(f, site),
    depositPercent: int(f.depositPercent, 30),
    balanceDueOn: f.balanceDueOn ?? '',
    validUntil: f.validUntil ?? '',
    terms: f.terms ?? '',
    included: lines(f.included),
    excluded: lines(f.excluded),
  };
}
