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

/** "15 January 2024"; the ISO date for the datetime attribute. */
export function date(iso: string): { text: string; iso: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { text: iso, iso };
  return { text: longDate.format(d), iso: d.toISOString().slice(0, 10) };
}
