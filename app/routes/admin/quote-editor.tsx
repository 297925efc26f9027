// The fields of a quote in the console (a plain form: common/quote-form.ts reads it back): the
// trip and its dates, the travellers, the days (text, the night's lodge with room and board,
// meals, activities), the price lines, the money terms and what is included. Shared by the new
// quote screen and a quote's screen. The lodges and the currency rates come from the site
// (GET /api/admin/quote-choices).
import { useEffect, useState } from 'react';
import { minorToDecimal } from '../../../common/booking-money.ts';
import { CURRENCIES, type CurrencyRates } from '../../../common/currency.ts';
import type { QuoteChoices } from '../../../common/quote-admin.ts';
import { BOARD_BASES, BOARD_LABELS, PRICE_CATEGORIES, PRICE_CATEGORY_LABELS, type QuoteDocument } from '../../../common/quote-document.ts';
import { EXTRA_DAYS, EXTRA_LINES } from '../../../common/quote-form.ts';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { dayText } from '../../lib/booking-format.tsx';

type Doc = QuoteDocument;
const emptyDay: Doc['days'][number] = { title: '', text: '', lodge: null, meals: { breakfast: false, lunch: false, dinner: false }, activities: [], stops: [] };
const emptyLine: Doc['lines'][number] = { label: '', category: 'other', basis: 'person', unitMinor: 0, quantity: null };

function Text({ name, label, value, type = 'text', wide }: { name: string; label: string; value: string | number; type?: string; wide?: boolean }) {
  return (
    <label className={wide ? 'q-field q-field--wide' : 'q-field'}>
      <span>{label}</span>
      <input name={name} type={type} defaultValue={value} />
    </label>
  );
}

function Trip({ doc }: { doc: Doc }) {
  return (
    <fieldset className="q-group">
      <legend>The trip</legend>
      <Text name="title" label="Title" value={doc.title} wide />
      <Text name="travelFrom" label="First day" type="date" value={doc.travelFrom} />
      <Text name="travelTo" label="Last day" type="date" value={doc.travelTo} />
      <Text name="adults" label="Adults" type="number" value={doc.travellers.adults} />
      <Text name="children" label="Children" type="number" value={doc.travellers.children} />
      <Text name="childAges" label="Children’s ages (comma between)" value={doc.travellers.childAges.join(', ')} />
      <label className="q-field q-field--wide">
        <span>Message to the traveller</span>
        <textarea name="message" rows={3} defaultValue={doc.message} />
      </label>
    </fieldset>
  );
}

type Lodge = QuoteChoices['lodges'][number];
const lodgeValue = (l: { slug: string; name: string }) => `${l.slug}|${l.name}`;

/**
 * The night's lodge, chosen from the site's lodges grouped by park: a native select (keyboard
 * type-ahead, works without JavaScript), and once the page runs, a search box that narrows it by
 * lodge or park (the chosen one always stays). A lodge no longer in the content stays choosable.
 */
function LodgeSelect({ i, lodge, lodges }: { i: number; lodge: Doc['days'][number]['lodge']; lodges: Lodge[] }) {
  const [value, setValue] = useState(lodge ? lodgeValue(lodge) : '');
  const [query, setQuery] = useState('');
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const q = query.trim().toLowerCase();
  const shown = lodges.filter((l) => !q || lodgeValue(l) === value || `${l.name} ${l.park}`.toLowerCase().includes(q));
  const parks = [...new Set(shown.map((l) => l.park))];
  const gone = lodge && !lodges.some((l) => lodgeValue(l) === lodgeValue(lodge));
  const id = `day${i}-lodge`;
  return (
    <div className="q-field q-field--wide q-lodge">
      {enhanced ? (
        <div className="q-lodge__find">
          <label htmlFor={`${id}-find`}>Find a lodge (name or park)</label>
          <input id={`${id}-find`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-controls={id} aria-describedby={`${id}-count`} autoComplete="off" />
          <span id={`${id}-count`} className="q-muted" aria-live="polite">
            {q ? `${shown.length} of ${lodges.length} lodges match` : `${lodges.length} lodges`}
          </span>
        </div>
      ) : null}
      <label htmlFor={id}>Lodge for the night</label>
      <select id={id} name={`day${i}Lodge`} value={value} onChange={(e) => setValue(e.target.value)}>
        <option value="">No lodge (the last day, or a night in transit)</option>
        {gone ? <option value={lodgeValue(lodge)}>{lodge.name} (no longer in the lodges)</option> : null}
        {parks.map((park) => (
          <optgroup key={park} label={park}>
            {shown
              .filter((l) => l.park === park)
              .map((l) => (
                <option key={l.slug} value={lodgeValue(l)}>
                  {l.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

function Day({ day, i, lodges }: { day: Doc['days'][number]; i: number; lodges: Lodge[] }) {
  return (
    <fieldset className="q-group q-day">
      <legend>{day.title ? `Day ${i + 1}: ${day.title}` : `Day ${i + 1} (new: fill in to add it)`}</legend>
      <Text name={`day${i}Title`} label="Title" value={day.title} wide />
      <label className="q-field q-field--wide">
        <span>What happens</span>
        <textarea name={`day${i}Text`} rows={3} defaultValue={day.text} />
      </label>
      <LodgeSelect i={i} lodge={day.lodge} lodges={lodges} />
      <Text name={`day${i}Room`} label="Room type" value={day.lodge?.roomType ?? ''} />
      <label className="q-field">
        <span>Board</span>
        <select name={`day${i}Board`} defaultValue={day.lodge?.board ?? 'full-board'}>
          {BOARD_BASES.map((b) => (
            <option key={b} value={b}>
              {BOARD_LABELS[b]}
            </option>
          ))}
        </select>
      </label>
      <div className="q-meals" role="group" aria-label={`Meals on day ${i + 1}`}>
        {(['breakfast', 'lunch', 'dinner'] as const).map((m) => (
          <label key={m}>
            <input type="checkbox" name={`day${i}${m[0]!.toUpperCase()}${m.slice(1)}`} defaultChecked={day.meals[m]} /> {m[0]!.toUpperCase() + m.slice(1)}
          </label>
        ))}
      </div>
      <Text name={`day${i}Activities`} label="Activities (comma between)" value={day.activities.join(', ')} wide />
      <input type="hidden" name={`day${i}Stops`} value={JSON.stringify(day.stops)} />
    </fieldset>
  );
}

function Line({ line, i }: { line: Doc['lines'][number]; i: number }) {
  return (
    <tr>
      <td>
        <input name={`line${i}Label`} aria-label={`Line ${i + 1}: description`} defaultValue={line.label} />
      </td>
      <td>
        <select name={`line${i}Category`} aria-label={`Line ${i + 1}: kind`} defaultValue={line.category}>
          {PRICE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {PRICE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select name={`line${i}Basis`} aria-label={`Line ${i + 1}: per person or per group`} defaultValue={line.basis}>
          <option value="person">Per person</option>
          <option value="group">Per group</option>
        </select>
      </td>
      <td>
        <input name={`line${i}Unit`} aria-label={`Line ${i + 1}: unit price in US dollars`} inputMode="decimal" defaultValue={line.label ? minorToDecimal(line.unitMinor, 'USD') : ''} />
      </td>
      <td>
        <input name={`line${i}Qty`} aria-label={`Line ${i + 1}: quantity (empty: every traveller, or 1 per group)`} inputMode="numeric" defaultValue={line.quantity ?? ''} />
      </td>
    </tr>
  );
}

/** The site's rates and their date, and this version's rate and its date (kept with the version). */
function RateHint({ doc, rates }: { doc: Doc; rates: CurrencyRates }) {
  const site = CURRENCIES.flatMap((c) => (c !== 'USD' && rates.rates[c] ? [`${c} ${rates.rates[c].toLocaleString('en')}`] : []));
  return (
    <p className="q-field--wide q-muted" id="display-rate-hint">
      {site.length
        ? `The site’s rates${rates.updatedAt ? ` (set on ${dayText(rates.updatedAt.slice(0, 10))})` : ''}: ${site.join(' · ')} per US dollar. Leave the rate empty to use the site’s.`
        : 'The site has no currency rates: enter the rate.'}
      {doc.display ? ` This version: ${doc.display.rate.toLocaleString('en')} ${doc.display.currency}${doc.display.rateOn ? `, the rate of ${dayText(doc.display.rateOn)}` : ''}.` : ''}
    </p>
  );
}

function Money({ doc, rates }: { doc: Doc; rates: CurrencyRates }) {
  return (
    <fieldset className="q-group">
      <legend>Deposit, balance and validity</legend>
      <Text name="depositPercent" label="Deposit (%)" type="number" value={doc.depositPercent} />
      <Text name="balanceDueOn" label="Balance due on" type="date" value={doc.balanceDueOn} />
      <Text name="validUntil" label="Valid until" type="date" value={doc.validUntil} />
      <label className="q-field">
        <span>Also show the total in</span>
        <select name="displayCurrency" defaultValue={doc.display?.currency ?? 'USD'}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c === 'USD' ? 'US dollars only' : c}
            </option>
          ))}
        </select>
      </label>
      <label className="q-field">
        <span>At the rate (units per US dollar)</span>
        <input name="displayRate" inputMode="decimal" defaultValue={doc.display?.rate ?? ''} aria-describedby="display-rate-hint" />
      </label>
      <input type="hidden" name="displayWas" value={doc.display ? `${doc.display.currency}|${doc.display.rate}` : ''} />
      <input type="hidden" name="displayRateOn" value={doc.display?.rateOn ?? ''} />
      <RateHint doc={doc} rates={rates} />
      <label className="q-field q-field--wide">
        <span>Terms</span>
        <textarea name="terms" rows={5} defaultValue={doc.terms} />
      </label>
      <label className="q-field">
        <span>Included (one a line)</span>
        <textarea name="included" rows={5} defaultValue={doc.included.join('\n')} />
      </label>
      <label className="q-field">
        <span>Not included (one a line)</span>
        <textarea name="excluded" rows={5} defaultValue={doc.excluded.join('\n')} />
      </label>
    </fieldset>
  );
}

/** The price lines' table: the lines given, then `extra` empty rows to add one (also the booking made by hand's). */
export function PriceLines({ lines, extra }: { lines: Doc['lines']; extra: number }) {
  const priceLines = [...lines, ...Array.from({ length: extra }, () => emptyLine)];
  return (
    <>
      <h2 className="q-heading">Price (US dollars)</h2>
      <div className="q-table-wrap">
        <table className="c-table q-lines">
          <ColumnHeads columns={['Description', 'Kind', 'Per', 'Unit price', 'Quantity']} />
          <tbody>
            {priceLines.map((l, i) => (
              <Line key={`${i}-${l.label}`} line={l} i={i} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="q-hint">A discount is a negative price. An empty quantity counts every traveller on a per-person line, and 1 on a per-group line.</p>
    </>
  );
}

export function QuoteFields({ doc, choices }: { doc: Doc; choices: QuoteChoices }) {
  const days = [...doc.days, ...Array.from({ length: EXTRA_DAYS }, () => emptyDay)];
  return (
    <div className="q-editor">
      <Trip doc={doc} />
      <h2 className="q-heading">Day by day</h2>
      {days.map((d, i) => (
        <Day key={`${i}-${d.title}`} day={d} i={i} lodges={choices.lodges} />
      ))}
      <PriceLines lines={doc.lines} extra={EXTRA_LINES} />
      <Money doc={doc} rates={choices.rates} />
    </div>
  );
}
