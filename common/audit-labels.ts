// How the audit log (/admin/audit) names what happened, who did it and to what: every action in
// words, the scheduler's own entries as "system (scheduled)", and each target as a link to the
// page where it can be seen.
import { contentTypeInfo, itemPath } from './content-types.ts';

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-password': 'Password accepted, code asked',
  'sign-in-code-failed': 'Wrong code at sign-in',
  'sign-in-throttled': 'Sign-in throttled',
  'sign-in-locked': 'Sign-in locked after failed attempts (owner e-mailed)',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  'password-change': 'Password changed',
  'password-reset-requested': 'Password link asked for',
  'password-reset-throttled': 'Password link throttled',
  'password-reset': 'Password reset with a link',
  'password-set': 'First password chosen',
  'totp.enable': 'Two-step sign-in on',
  'totp.disable': 'Two-step sign-in off',
  'totp.disable-failed': 'Two-step turn-off refused',
  'totp.recovery-codes': 'New recovery codes made',
  'totp.recovery-codes-failed': 'New recovery codes refused',
  'staff.create': 'Member added',
  'staff.role': 'Role changed',
  'staff.disable': 'Member disabled',
  'staff.enable': 'Member enabled',
  'staff.sign-out-everywhere': 'Member signed out everywhere',
  'staff.invite': 'New password link sent',
  'media.upload': 'Image uploaded',
  'media.edit': 'Image text edited',
  'media.delete': 'Image deleted',
  'settings.change': 'Settings changed',
  'settings.reply-templates': 'Reply templates changed',
  'review.approve': 'Review approved',
  'review.reject': 'Review rejected',
  'review.reply': 'Reply to a review published',
  'review.reply-removed': 'Reply to a review removed',
  'currency.rates': 'Currency rates set',
  'enquiry.status': 'Enquiry status changed',
  'enquiry.assign': 'Enquiry assigned',
  'enquiry.note': 'Note added to an enquiry',
  'enquiry.reply': 'Reply sent to a visitor',
  'enquiries.export': 'Enquiries exported',
  'quote.create': 'Quote made',
  'quote.send': 'Quote sent to the traveller',
  'quote.revoke-links': 'Quote’s trip links revoked',
  'departure.create': 'Group departure added',
  'departure.change': 'Group departure changed',
  'departure.move': 'Booking moved to another departure',
  'departure.cancel': 'Group departure cancelled (travellers e-mailed)',
  'booking.create': 'Booking made by hand',
  'booking.refund-started': 'Refund sent to the payment provider',
  'subscribers.import': 'Subscribers imported',
  'subscribers.export': 'Subscribers exported',
  'subscriber.unsubscribe': 'Subscriber unsubscribed',
  'subscriber.erase': 'Subscriber erased',
  'person.erase': 'Person erased (enquiries, quotes, bookings’ personal data)',
  'campaign.create': 'Campaign written',
  'campaign.edit': 'Campaign edited',
  'campaign.delete': 'Campaign deleted',
  'campaign.test': 'Campaign test sent',
  'campaign.send': 'Campaign sent',
  'campaign.schedule': 'Campaign scheduled',
  'campaign.unschedule': 'Campaign schedule cancelled',
  'campaign.schedule-failed': 'Scheduled campaign not sent (nobody to send it to)',
  'backup.create': 'Backup taken',
  'backup.download': 'Backup downloaded',
  'content.create': 'Content created',
  'content.save': 'Content saved',
  'content.restore': 'Earlier revision restored',
  'content.publish': 'Content published',
  'content.schedule': 'Content scheduled',
  'content.unpublish': 'Content unpublished',
  'content.delete': 'Content deleted',
  'content.publish-scheduled': 'Scheduled content published',
  'content.schedule-failed': 'Scheduled content could not be published (back to draft)',
};

/** The action in words; one this table does not know yet is spelt out from its name. */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

/** Actions the server takes by itself, at the time staff chose. */
const SCHEDULED = new Set(['content.publish-scheduled', 'content.schedule-failed']);

/** Who did it: the member's address, or the system itself. */
export function auditActorLabel(actor: string | null | undefined, action: string): string {
  if (actor) return actor;
  return SCHEDULED.has(action) ? 'system (scheduled)' : 'system';
}

const RECORDS: Record<string, { label: string; href: (id: string) => string }> = {
  enquiry: { label: 'Enquiry', href: (id) => `/admin/enquiries/${id}` },
  staff: { label: 'Member', href: () => '/admin/staff' },
  review: { label: 'Review', href: () => '/admin/reviews' },
  campaign: { label: 'Campaign', href: (id) => `/admin/campaigns/${id}/preview` },
  media: { label: 'Image', href: (id) => `/admin/media/${id}` },
  subscriber: { label: 'Subscriber', href: () => '/admin/subscribers' },
  departure: { label: 'Departure', href: (id) => `/admin/departures/${id}` },
  booking: { label: 'Booking', href: (id) => `/admin/bookings/${id}` },
};

/** The target in words, and where it can be seen (null when nowhere, e.g. what was deleted). */
export function auditTarget(target: string | null | undefined, action = ''): { text: string; href: string | null } | null {
  const found = describeTarget(target);
  if (found && /(^|\.)(delete|erase)$/.test(action)) return { text: found.text, href: null };
  return found;
}

function describeTarget(target: string | null | undefined): { text: string; href: string | null } | null {
  if (!target) return null;
  if (target === 'settings') return { text: 'Settings', href: '/admin/settings' };
  if (target === 'currency-rates') return { text: 'Currency rates', href: '/admin/settings' };
  if (target.startsWith('backup:')) return { text: `Backup ${target.slice(7)}`, href: '/admin/backups' };
  const colon = target.indexOf(':');
  if (colon < 1) return { text: target, href: null };
  const kind = target.slice(0, colon);
  const rest = target.slice(colon + 1);
  const record = RECORDS[kind];
  if (record && /^\d{1,10}$/.test(rest)) return { text: `${record.label} #${rest}`, href: record.href(rest) };
  const info = contentTypeInfo(kind);
  if (info && /^[a-z0-9-]{1,200}$/.test(rest)) {
    const path = itemPath(info, rest);
    return { text: `${info.singular[0]!.toUpperCase()}${info.singular.slice(1)} “${rest}”`, href: path };
  }
  return { text: target, href: null };
}
