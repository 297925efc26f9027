// Small pieces of the enquiry inbox's screens: the status badge and choices, dates and names as shown.
import { ENQUIRY_STATUSES, STATUS_LABELS, type EnquiryStatus, type StaffRef } from '../../../common/enquiry-inbox.ts';

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={`c-badge c-badge--${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}

/** Every status as a select's options, in the pipeline's order. */
export function StatusOptions() {
  return (
    <>
      {ENQUIRY_STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s]}
        </option>
      ))}
    </>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "23 Nov 2026, 14:05 UTC" in a <time>. */
export function When({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const d = new Date(iso);
  return <time dateTime={d.toISOString()}>{withTime ? `${dateTime.format(d)} UTC` : dateOnly.format(d)}</time>;
}

export const staffName = (s: StaffRef | null | undefined, me?: number) => (!s ? 'Nobody' : s.id === me ? `${s.name || s.email} (you)` : s.name || s.email);
