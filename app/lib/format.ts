// Display formats shared by the cards and detail pages.

const usd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$1,680" */
export function price(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? `$${usd.format(n)}` : `$${value}`;
}

/** "3 Days" / "1 Day" */
export function days(n: number): string {
  return `${n} ${n === 1 ? 'Day' : 'Days'}`;
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Dates already formatted (formatting is costly and pages show the same dates on every render);
 * bounded, emptied when full. */
const formattedDates = new Map<string, { text: string; iso: string }>();

/** "15 January 2024"; the ISO date for the datetime attribute. */
export function date(iso: string): { text: string; iso: string } {
  let out = formattedDates.get(iso);
  if (!out) {
    const d = new Date(iso);
    out = Number.isNaN(d.getTime()) ? { text: iso, iso } : { text: longDate.format(d), iso: d.toISOString().slice(0, 10) };
    if (formattedDates.size >= 2000) formattedDates.clear();
    formattedDates.set(iso, out);
  }
  return { ...out };
}
