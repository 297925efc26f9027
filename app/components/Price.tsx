// A price: US dollars as the server renders it, converted in the browser to the visitor's
// currency when they chose one (app/lib/currency.ts). Converted amounts start with "≈" and are
// rounded (common/currency.ts); the currency code of the shillings and francs is set smaller so
// the amount keeps to about the width of a dollar price.
import { CONVERSION_NOTE, formatMoney, showPrice } from '../../common/currency.ts';
import { useCurrency } from '../lib/currency.ts';

export function Price({ usd, className }: { usd: number; className?: string }) {
  const { currency, rates } = useCurrency();
  const shown = showPrice(usd, currency, rates);
  const code = shown.sign.length > 1;
  const sign = <span className={code ? 'money__code' : 'money__sign'}>{shown.sign}</span>;
  return (
    <span
      className={`money${shown.converted ? ' money--converted' : ''}${className ? ` ${className}` : ''}`}
      data-usd={usd}
      title={shown.converted ? `${CONVERSION_NOTE}: ${formatMoney(usd, 'USD')}` : undefined}
    >
      {shown.converted && <span aria-hidden="true">≈</span>}
      {shown.converted && <span className="sr-only">about </span>}
      {shown.signFirst && sign}
      {shown.signFirst && code && ' '}
      {shown.number}
      {!shown.signFirst && code && ' '}
      {!shown.signFirst && sign}
    </span>
  );
}

/** The line under a price: what it is billed in, and that a converted amount is approximate. */
export function PriceNote({ usd, className }: { usd: number; className?: string }) {
  const { currency, rates } = useCurrency();
  const shown = showPrice(usd, currency, rates);
  return <span className={className}>{shown.converted ? `${CONVERSION_NOTE} (${formatMoney(usd, 'USD')}).` : 'Billed in US dollars.'}</span>;
}
