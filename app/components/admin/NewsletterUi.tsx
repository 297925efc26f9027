// Small pieces of the owner's newsletter screens (subscribers and campaigns).
import type { SubscriberStatus } from '../../../common/newsletter-admin.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const MINUTE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** A date the same on the server and in the browser (UTC). */
export function Day({ iso }: { iso: string | null }) {
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{DAY.format(new Date(iso))}</time>;
}

export function Moment({ iso }: { iso: string | null }) {
  if (!iso) return <span className="c-muted">—</span>;
  return <time dateTime={iso}>{MINUTE.format(new Date(iso))} UTC</time>;
}

export const STATUS_LABEL: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export function StatusBadge({ status }: { status: SubscriberStatus | 'draft' | 'sending' | 'sent' }) {
  const label = status === 'draft' ? 'Draft' : status === 'sending' ? 'Sending' : status === 'sent' ? 'Sent' : STATUS_LABEL[status];
  return <span className={`c-badge c-badge--${status}`}>{label}</span>;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
