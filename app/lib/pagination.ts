// Page numbers in the URL (?page=N) and the compact list of page links.

export class BadPage extends Error {}

/** Reads ?page from a URL: absent means 1; anything but a whole number from 1 is refused. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null || raw === '') return 1;
  if (!/^[1-9][0-9]{0,6}$/.test(raw)) throw new BadPage(`Invalid page ${raw}`);
  return Number(raw);
}

export type PageItem = number | 'gap';

/** The page links to show: always the first and last, the current page with `radius` neighbours,
 * and a gap marker wherever pages are skipped (a gap of one page shows that page instead). */
export function pageRange(current: number, total: number, radius = 1): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const wanted = new Set<number>([1, total]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= total) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const out: PageItem[] = [];
  let prev = 0;
  for (const p of pages) {
    if (p - prev === 2) out.push(p - 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

/** The same URL with ?page set (page 1 drops the parameter, so each page has one address). */
export function hrefForPage(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const qs = params.toString();
  return `${url.pathname}${qs ? `?${qs}` : ''}`;
}

/** Slices one page out of a list held in full (the client-side safari list). */
export function slicePage<T>(items: readonly T[], page: number, size: number): { items: T[]; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  return { items: items.slice((page - 1) * size, page * size), totalPages };
}
