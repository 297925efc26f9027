// The currency switch: a native select of the seven currencies. It is rendered on the server (in
// dollars) and shown once the page's script runs (the html element's `js` class, set before the
// first paint, so nothing moves); without JavaScript prices simply stay in dollars.
import { useId } from 'react';
import { CURRENCIES, isCurrency, type Currency } from '../../common/currency.ts';
import { keyOf, useT } from '../i18n/pages.ts';
import { chooseCurrency, useCurrency } from '../lib/currency.ts';

/** Each currency's name (keys written whole, for the split of the catalogues per route). */
const CURRENCY_KEYS: Record<Currency, string> = { USD: 'currency.USD', EUR: 'currency.EUR', GBP: 'currency.GBP', UGX: 'currency.UGX', KES: 'currency.KES', TZS: 'currency.TZS', RWF: 'currency.RWF' };

export function CurrencySwitch({ className, label }: { className?: string; label?: string }) {
  const id = useId();
  const t = useT();
  const { currency } = useCurrency();
  return (
    <div className={`currency-switch${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label ?? t('currency.pricesIn')}</label>
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
            {c} · {t(keyOf(CURRENCY_KEYS, c))}
          </option>
        ))}
      </select>
      <span id={`${id}-note`} className="currency-switch__note">
        {currency === 'USD' ? t('currency.billedUsd') : t('price.note')}
      </span>
    </div>
  );
}
