// A price: US dollars as the server renders it, converted in the browser to the visitor's
// currency when they chose one (app/lib/currency.ts). Converted amounts start with "≈" and are
// rounded (common/currency.ts); a sign after the amount (German, French, Spanish) follows a space;
// the currency code of the shillings and francs is set smaller so
// the amount keeps to about the width of a dollar price.
import { showPrice } from '../../common/currency.ts';
import { formatMoney } from '../../common/intl.ts';
import { usePageLanguage, useT } from '../i18n/pages.ts';
import { useCurrency } from '../lib/currency.ts';

export function Price({ usd, className }: { usd: number; className?: string }) {
  const { currency, rates } = useCurrency();
  const t = useT();
  const language = usePageLanguage();
  const shown = showPrice(usd, currency, rates, language);
  const code = shown.sign.length > 1;
  const sign = <span className={code ? 'money__code' : 'money__sign'}>{shown.sign}</span>;
  return (
    <span
      className={`money${shown.converted ? ' money--converted' : ''}${className ? ` ${className}` : ''}`}
      data-usd={usd}
      title={shown.converted ? `${t('price.note')}: ${formatMoney(usd, 'USD', language)}` : undefined}
    >
      {shown.converted && <span aria-hidden="true">≈</span>}
      {shown.converted && <span className="sr-only">{t('price.about')}</span>}
      {shown.signFirst && sign}
      {shown.signFirst && code && ' '}
      {shown.number}
      {!shown.signFirst && ' '}
      {!shown.signFirst && sign}
    </span>
  );
}

/** The line under a price: what it is billed in, and that a converted amount is approximate. */
export function PriceNote({ usd, className }: { usd: number; className?: string }) {
  const { currency, rates } = useCurrency();
  const t = useT();
  const language = usePageLanguage();
  const shown = showPrice(usd, currency, rates, language);
  return <span className={className}>{shown.converted ? `${t('price.note')} (${formatMoney(usd, 'USD', language)}).` : t('price.billedUsd')}</span>;
}
