// The reminders a traveller gets about a booking, in the site's look (templates.ts): the balance
// falls due in 14 days, the balance is overdue, the trip starts in 7 days. Sent through the outbox
// by the reminders job (server/bookings/reminders.ts) with a link to the trip page; replies go to
// the operator. In the booking's language.
import type { ReminderKind } from '../../common/booking-console.ts';
import type { BookingAccount } from '../../common/booking-money.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { site } from '../../common/site.ts';
import { serverMessages, type ServerMessages } from '../../app/lib/server-messages.server.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, greeting, greetingName, layout } from './templates.ts';

export interface ReminderBooking {
  reference: string;
  title: string;
  leadName: string;
  leadEmail: string;
  travelFrom: string;
  /** The trip page (a link made for this reminder: the token is written only here); none for a
   * booking made by hand, which has no trip page. */
  tripUrl?: string;
  /** The booking's language; English when not given. */
  language?: Language;
}

function wording(m: ServerMessages, kind: ReminderKind, b: ReminderBooking, a: BookingAccount): { subject: string; paras: string[] } {
  const amount = m.money(Math.max(a.outstandingMinor, 0), a.currency);
  const date = m.day(a.next?.by ?? b.travelFrom, 'weekday');
  const facts = { reference: b.reference, title: b.title, date, amount };
  const pay = m.t('reminder.pay', { phone: site.phone, reference: b.reference });
  if (kind === 'balance-soon') return { subject: m.t('reminder.soon.subject', facts), paras: [m.t('reminder.soon.body', facts), pay] };
  if (kind === 'balance-overdue') return { subject: m.t('reminder.overdue.subject', facts), paras: [m.t('reminder.overdue.body', facts), pay, m.t('reminder.overdue.paid')] };
  return {
    subject: m.t('reminder.trip.subject', { days: a.daysToTravel }),
    paras: [m.t('reminder.trip.body', { ...facts, date: m.day(b.travelFrom, 'weekday') }), m.t('reminder.trip.pack'), m.t('reminder.trip.questions', { phone: site.phone })],
  };
}

/** A reminder to the lead traveller of a booking. */
export function bookingReminderMail(kind: ReminderKind, b: ReminderBooking, account: BookingAccount, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const to = { address: oneLine(b.leadEmail), name: oneLine(b.leadName) };
  const m = serverMessages(b.language ?? DEFAULT_LANGUAGE);
  const hello = greeting(m, greetingName(b.leadName));
  const { subject, paras } = wording(m, kind, b, account);
  const regards = m.t('mail.kindRegards');
  const link = m.t('reminder.link');
  const trip = b.tripUrl ? [link, b.tripUrl, ''] : [];
  const text = [hello, '', ...paras.flatMap((p) => [p, '']), ...trip, `${regards}\n${site.name}`, '', contactFooterText].join('\n');
  const html = layout(
    subject,
    `<p>${esc(hello)}</p>${paras.map((p) => `<p>${esc(p)}</p>`).join('')}${b.tripUrl ? `<p>${esc(link)}<br><a href="${esc(b.tripUrl)}">${esc(m.t('mail.tripButton'))}</a></p>` : ''}<p>${esc(regards)}<br>${esc(site.name)}</p>`,
    esc(contactFooterText),
    m.language,
  );
  return { from: opts.from, to, replyTo: { name: site.name, address: opts.operatorEmail }, subject: oneLine(subject), text, html };
}
