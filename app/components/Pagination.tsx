// Prev, numbered pages and Next as links (?page=N), so every page is linkable and works without
// JavaScript. Prev is dimmed on the first page and Next on the last.
import { Link, useLocation } from 'react-router';
import { hrefForPage, pageRange } from '../lib/pagination.ts';
import { ChevronLeft, ChevronRight } from './Icons.tsx';

export function Pagination({ page, totalPages, label = 'Pagination' }: { page: number; totalPages: number; label?: string }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const url = new URL(`${location.pathname}${location.search}`, 'http://x.invalid');
  const prev = page > 1 ? hrefForPage(url, page - 1) : null;
  const next = page < totalPages ? hrefForPage(url, page + 1) : null;
  return (
    <nav className="pagination" aria-label={label}>
      {prev ? (
        <Link className="pagination__step" to={prev} rel="prev">
          <ChevronLeft size={18} /> Prev
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-disabled="true">
          <ChevronLeft size={18} /> Prev
        </span>
      )}
      <ol className="pagination__pages">
        {pageRange(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefForPage(url, p)} className={p === page ? 'pagination__page is-current' : 'pagination__page'} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {next ? (
        <Link className="pagination__step" to={next} rel="next">
          Next <ChevronRight size={18} />
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-disabled="true">
          Next <ChevronRight size={18} />
        </span>
      )}
    </nav>
  );
}
