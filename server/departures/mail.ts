// The e-mail to every traveller booked on a departure that the operator cancels: what happened,
// the reason, and that what they paid comes back. Sent through the outbox, once per booking.
import { formatMinor } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { site } from '../../common/site.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from '../mail/one-line.ts';
import { contactFooterText, esc, greetingName, layout } from '../mail/templates.ts';

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface CancelledDepartureMail {
  reference: string;
  title: string;
  startsOn: string;
  lead: { name: string; email: string };
  reason: string;
  paidMinor: number;
  currency: Currency;
}

export function departureCancelledMessage(m: CancelledDepartureMail, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const hello = greetingName(m.lead.name);
  const subject = oneLine(`Departure cancelled: ${m.title}, ${longDay(m.startsOn)} (booking ${m.reference})`);
  const money =
    m.paidMinor > 0
      ? `You will get back everything you paid, ${formatMinor(m.paidMinor, m.currency)}, by the way you paid it. We will write when the refund is on its way.`
      : 'You have paid nothing on this booking, so nothing is owed.';
  const paragraphs = [
    `We are sorry: we have had to cancel the departure of ${m.title} on ${longDay(m.startsOn)}, and with it your booking ${m.reference}.`,
    `Why: ${m.reason}`,
    money,
    'If you would like to travel on another date, reply to this e-mail: we will gladly hold seats for you.',
  ];
  const text = [hello ? `Dear ${hello},` : 'Hello,', '', ...paragraphs.flatMap((p) => [p, '']), site.name, '', contactFooterText].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${hello ? `Dear ${esc(hello)},` : 'Hello,'}</p>
${paragraphs.map((p) => `<p style="margin:0 0 14px">${esc(p)}</p>`).join('\n')}
<p style="margin:20px 0 0">${esc(site.name)}</p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: hello ?? '', address: m.lead.email }, replyTo: { name: `${site.name} bookings`, address: opts.operatorEmail }, subject, text, html };
}
