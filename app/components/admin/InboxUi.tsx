// Small pieces of the enquiry inbox's screens: the status badge and choices, dates and names as shown.
// Times are written in the operator's time zone (a console setting), which the screen provides.
import { ENQUIRY_STATUSES, STATUS_LABELS, type EnquiryStatus, type StaffRef } from '../../../common/enquiry-inbox.ts';
import { operatorTime } from '../../../common/operator-time.ts';
import { useOperatorZone } from '../../lib/console-time.ts';

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

/** "23 Nov 2026, 17:05 UTC+3" (the operator's time zone) in a <time>. */
export function When({ iso }: { iso: string }) {
  const zone = useOperatorZone();
  const d = new Date(iso);
  return (
    <time dateTime={d.toISOString()} title={zone}>
      {operatorTime(d, zone, { short: true })}
    </time>
  );
}

export const staffName = (s: StaffRef | null | undefined, me?: number) => (!s ? 'Nobody' : s.id === me ? `${s.name || s.email} (you)` : s.name || s.email);
