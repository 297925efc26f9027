// Prev, numbered pages and Next as links (?page=N), so every page is linkable and works without
// JavaScript. Prev is dimmed on the first page and Next on the last.
import { Link, useLocation } from 'react-router';
import { hrefForPage, pageRange } from '../lib/pagination.ts';
import { ChevronLeft, ChevronRight } from './Icons.tsx';
import { useT } from '../i18n/pages.ts';

export function Pagination({ page, totalPages, label }: { page: number; totalPages: number; label?: string }) {
  const location = useLocation();
  const t = useT();
  if (totalPages <= 1) return null;
  const url = new URL(`${location.pathname}${location.search}`, 'http://x.invalid');
  const prev = page > 1 ? hrefForPage(url, page - 1) : null;
  const next = page < totalPages ? hrefForPage(url, page + 1) : null;
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      {prev ? (
        <Link className="pagination__step" to={prev} rel="prev">
          <ChevronLeft size={18} />
          {` ${t('pagination.prev')}`}
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-disabled="true">
          <ChevronLeft size={18} />
          {` ${t('pagination.prev')}`}
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
              <Link
                to={hrefForPage(url, p)}
                className={p === page ? 'pagination__page is-current' : 'pagination__page'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {next ? (
        <Link className="pagination__step" to={next} rel="next">
          {`${t('pagination.next')} `}
          <ChevronRight size={18} />
        </Link>
      ) : (
        <span className="pagination__step is-disabled" aria-disabled="true">
          {`${t('pagination.next')} `}
          <ChevronRight size={18} />
        </span>
      )}
    </nav>
  );
}
