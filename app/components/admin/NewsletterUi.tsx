// Small pieces of the owner's newsletter screens (subscribers and campaigns).
import type { CampaignSummary, SubscriberStatus } from '../../../common/newsletter-admin.ts';
import { when } from '../../lib/console-time.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A date the same on the server and in the browser (UTC). */
export function Day({ iso }: { iso: string | null }) {
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{DAY.format(new Date(iso))}</time>;
}

/** A time to the minute, in UTC or in the operator's time zone when given. */
export function Moment({ iso, zone }: { iso: string | null; zone?: string }) {
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{when(iso, { zone })}</time>;
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
