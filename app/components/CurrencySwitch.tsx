// The currency switch: a native select of the seven currencies. It is rendered on the server (in
// dollars) and shown once the page's script runs (the html element's `js` class, set before the
// first paint, so nothing moves); without JavaScript prices simply stay in dollars.
import { useId } from 'react';
import { CONVERSION_NOTE, CURRENCIES, CURRENCY_NAMES, isCurrency } from '../../common/currency.ts';
import { chooseCurrency, useCurrency } from '../lib/currency.ts';

export function CurrencySwitch({ className, label = 'Prices in' }: { className?: string; label?: string }) {
  const id = useId();
  const { currency } = useCurrency();
  return (
    <div className={`currency-switch${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={currency}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          if (isCurrency(e.target.value)) chooseCurrency(e.target.value);
        }}
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c} · {CURRENCY_NAMES[c]}
          </option>
        ))}
      </select>
      <span id={`${id}-note`} className="currency-switch__note">
        {currency === 'USD' ? 'Billed in USD' : CONVERSION_NOTE}
      </span>
    </div>
  );
}
