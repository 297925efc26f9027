// The reminders a traveller gets about a booking, in the site's look (templates.ts): the balance
// falls due in 14 days, the balance is overdue, the trip starts in 7 days. Sent through the outbox
// by the reminders job (server/bookings/reminders.ts) with a link to the trip page; replies go to
// the operator.
import type { ReminderKind } from '../../common/booking-console.ts';
import { formatMinor, type BookingAccount } from '../../common/booking-money.ts';
import { site } from '../../common/site.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, greetingName, layout } from './templates.ts';

export interface ReminderBooking {
  reference: string;
  title: string;
  leadName: string;
  leadEmail: string;
  travelFrom: string;
  /** The trip page (a link made for this reminder: the token is written only here); none for a
   * booking made by hand, which has no trip page. */
  tripUrl?: string;
}

const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayText = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

function wording(kind: ReminderKind, b: ReminderBooking, a: BookingAccount): { subject: string; paras: string[] } {
  const amount = formatMinor(Math.max(a.outstandingMinor, 0), a.currency);
  const pay = `To pay by bank transfer, cash or mobile money, reply to this e-mail or call us on ${site.phone}, and quote your booking reference ${b.reference}.`;
  if (kind === 'balance-soon')
    return {
      subject: `Your balance for ${b.title} is due on ${dayText(a.next?.by ?? b.travelFrom)}`,
      paras: [`The balance of your booking ${b.reference}, ${b.title}, is due on ${dayText(a.next?.by ?? b.travelFrom)}: ${amount} is still to pay.`, pay],
    };
  if (kind === 'balance-overdue')
    return {
      subject: `Your balance for ${b.title} is overdue`,
      paras: [
        `The balance of your booking ${b.reference}, ${b.title}, was due on ${dayText(a.next?.by ?? b.travelFrom)}, and ${amount} is still to pay.`,
        pay,
        'If you have paid in the last few days, thank you: please ignore this reminder.',
      ],
    };
  return {
    subject: `Your trip starts in ${a.daysToTravel} ${a.daysToTravel === 1 ? 'day' : 'days'}`,
    paras: [
      `${b.title} (booking ${b.reference}) starts on ${dayText(b.travelFrom)}. We are looking forward to welcoming you.`,
      'Bring your passport, your yellow fever certificate, comfortable walking shoes, rain gear and a warm layer for the mornings.',
      `Any question before you travel: reply to this e-mail or call us on ${site.phone}.`,
    ],
  };
}

/** A reminder to the lead traveller of a booking. */
export function bookingReminderMail(kind: ReminderKind, b: ReminderBooking, account: BookingAccount, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const to = { address: oneLine(b.leadEmail), name: oneLine(b.leadName) };
  const name = greetingName(b.leadName);
  const hello = name ? `Dear ${name},` : 'Hello,';
  const { subject, paras } = wording(kind, b, account);
  const sign = `Kind regards,\n${site.name}`;
  const link = 'Your trip page, with what is paid and due, the itinerary and your receipts:';
  const trip = b.tripUrl ? [link, b.tripUrl, ''] : [];
  const text = [hello, '', ...paras.flatMap((p) => [p, '']), ...trip, sign, '', contactFooterText].join('\n');
  const html = layout(
    subject,
    `<p>${esc(hello)}</p>${paras.map((p) => `<p>${esc(p)}</p>`).join('')}${b.tripUrl ? `<p>${esc(link)}<br><a href="${esc(b.tripUrl)}">Open your trip page</a></p>` : ''}<p>Kind regards,<br>${esc(site.name)}</p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to, replyTo: { name: site.name, address: opts.operatorEmail }, subject: oneLine(subject), text, html };
}
