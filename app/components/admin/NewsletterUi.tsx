// Small pieces of the owner's newsletter screens (subscribers and campaigns).
import type { CampaignSummary, SubscriberStatus } from '../../../common/newsletter-admin.ts';
import { dayOf, useOperatorZone, when } from '../../lib/console-time.ts';

/** A date the same on the server and in the browser: a calendar date as it is, an instant's day in the operator's time zone. */
export function Day({ iso }: { iso: string | null }) {
  const zone = useOperatorZone();
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{dayOf(iso, zone)}</time>;
}

/** A time to the minute, in the operator's time zone. */
export function Moment({ iso, zone }: { iso: string | null; zone?: string }) {
  const operator = useOperatorZone();
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{when(iso, { zone: zone ?? operator })}</time>;
}

export const STATUS_LABEL: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export function StatusBadge({ status }: { status: SubscriberStatus | 'draft' | 'scheduled' | 'sending' | 'sent' }) {
  const label = status === 'draft' ? 'Draft' : status === 'scheduled' ? 'Scheduled' : status === 'sending' ? 'Sending' : status === 'sent' ? 'Sent' : STATUS_LABEL[status];
  return <span className={`c-badge c-badge--${status}`}>{label}</span>;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** A sent campaign is "Sending" while messages wait in the outbox, then "Sent". */
export function shownStatus(c: CampaignSummary): 'draft' | 'scheduled' | 'sending' | 'sent' {
  if (c.status === 'draft') return c.scheduledFor ? 'scheduled' : 'draft';
  return c.counts.queued > 0 ? 'sending' : 'sent';
}
