// Small pieces of the content editor's screens: an item's state, a time, who saved it, and a line
// diff shown with "+" and "−" markers and words (never colour alone).
import type { ContentItemSummary, ContentStatus, DiffLine } from '../../../common/content-editing.ts';
import { useOperatorZone, when } from '../../lib/console-time.ts';
import { diffHunks, diffStats } from '../../lib/content-form.ts';
import './ContentUi.css';

const STATUS_TEXT: Record<ContentStatus, string> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };
const STATUS_TONE: Record<ContentStatus, string> = { draft: 'draft', published: 'on', scheduled: 'sending' };

export const statusText = (s: ContentStatus) => STATUS_TEXT[s] ?? s;

/** "Published", "Draft", or "Scheduled for 3 Dec 2026, 12:00 UTC+3" (the operator's time zone). */
export function ContentStatusBadge({ item }: { item: Pick<ContentItemSummary, 'status' | 'publishAt'> }) {
  const zone = useOperatorZone();
  const text = item.status === 'scheduled' && item.publishAt ? `Scheduled for ${when(item.publishAt, { zone })}` : STATUS_TEXT[item.status];
  return <span className={`c-badge c-badge--${STATUS_TONE[item.status] ?? 'draft'} c-badge--wrap`}>{text}</span>;
}

/** A time as the console shows it (the operator's time zone, the same on the server and in the browser). */
export function At({ iso }: { iso: string | null | undefined }) {
  const zone = useOperatorZone();
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{when(iso, { zone })}</time>;
}

/** "Olivia Mugisha, 3 Dec 2026, 12:00 UTC+3" (the operator's time zone) */
export function SavedBy({ by, at }: { by: string | null; at: string }) {
  return (
    <>
      <span className="c-break">{by || 'The content files'}</span>
      <br />
      <span className="c-muted">
        <At iso={at} />
      </span>
    </>
  );
}

export interface DiffLabels {
  /** What a "−" line is: "Only in the saved version". */
  minus: string;
  /** What a "+" line is: "Only in your version". */
  plus: string;
}

/** The diff of two versions (as YAML lines), long unchanged runs folded, each line marked in words. */
export function DiffView({ lines, labels, title }: { lines: readonly DiffLine[]; labels: DiffLabels; title: string }) {
  const stats = diffStats(lines);
  if (stats.added === 0 && stats.removed === 0) return <p className="c-muted">No difference: the two versions are the same.</p>;
  const hunks = diffHunks(lines);
  return (
    <figure className="c-diff">
      <figcaption className="c-diff__caption">
        <span className="c-diff__title">{title}</span>
        <span className="c-diff__key">
          <span className="c-diff__keyitem c-diff__keyitem--del">
            <b aria-hidden="true">−</b> {labels.minus} ({stats.removed})
          </span>
          <span className="c-diff__keyitem c-diff__keyitem--add">
            <b aria-hidden="true">+</b> {labels.plus} ({stats.added})
          </span>
        </span>
      </figcaption>
      <div className="c-diff__body" tabIndex={0} role="region" aria-label={title}>
        {hunks.map((h, i) =>
          h.kind === 'skip' ? (
            <p key={i} className="c-diff__skip">
              … {h.count} unchanged {h.count === 1 ? 'line' : 'lines'} …
            </p>
          ) : (
            <ul key={i} className="c-diff__lines">
              {h.lines.map((l, j) => (
                <li key={j} className={`c-diff__line${l.op === '+' ? ' c-diff__line--add' : l.op === '-' ? ' c-diff__line--del' : ''}`}>
                  <span className="c-diff__op" aria-hidden="true">
                    {l.op === '+' ? '+' : l.op === '-' ? '−' : ' '}
                  </span>
                  {l.op !== ' ' ? <span className="sr-only">{l.op === '+' ? `${labels.plus}: ` : `${labels.minus}: `}</span> : null}
                  <code className="c-diff__text">{l.text === '' ? '\u00a0' : l.text}</code>
                </li>
              ))}
            </ul>
          ),
        )}
      </div>
    </figure>
  );
}

/** The list screen's query string: search, status and page. */
export function listQuery(q: string, status: string, page = 1): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (status) p.set('status', status);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}
