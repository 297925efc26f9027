// The e-mails of online payments: the traveller's confirmation of a payment (or refund) with its
// receipt PDF attached (server/bookings/receipt-pdf.ts), queued once, in the transaction that
// wrote the ledger entry; and the operator's notice of an attempt flagged for staff.
import type { BookingDetail, LedgerLine } from '../../common/booking-console.ts';
import { formatMinor } from '../../common/booking-money.ts';
import { site } from '../../common/site.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { receiptNumber, receiptPdf } from '../bookings/receipt-pdf.ts';
import { oneLine } from '../mail/one-line.ts';
import { pdfAttachment } from '../mail/outbox.ts';
import { contactFooterText, esc, greetingName, layout } from '../mail/templates.ts';

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The traveller's confirmation of a payment or refund, its receipt attached. */
export async function paymentReceiptMessage(b: BookingDetail, entry: LedgerLine, opts: { from: string; operatorEmail: string }): Promise<OutboxMessage> {
  const number = receiptNumber(b, entry);
  const amount = formatMinor(Math.abs(entry.amountMinor), entry.currency);
  const refund = entry.kind === 'refund';
  const hello = greetingName(b.leadName);
  const subject = oneLine(refund ? `Refund of ${amount} for your booking ${b.reference}` : `Payment received: ${amount} for your booking ${b.reference}`);
  const first = refund ? `We have refunded ${amount} on your booking ${b.reference} ("${b.title}").` : `Thank you: we have received ${amount} for your booking ${b.reference} ("${b.title}").`;
  const next = b.account.next ? `Next: the ${b.account.next.what} of ${formatMinor(b.account.next.amountMinor, b.currency)} by ${longDay(b.account.next.by)}.` : 'Nothing more is due.';
  const lines = [hello ? `Dear ${hello},` : 'Hello,', '', first, `Your receipt ${number} is attached.`, next, '', `The ${site.name} team`, '', contactFooterText];
  const html = layout(
    subject,
    `<p>${esc(lines[0]!)}</p><p>${esc(first)}</p><p>Your receipt <strong>${esc(number)}</strong> is attached.</p><p>${esc(next)}</p><p>The ${esc(site.name)} team</p>`,
    esc(contactFooterText),
  );
  const pdf = await receiptPdf(b, entry);
  return {
    from: opts.from,
    to: { name: oneLine(b.leadName), address: b.leadEmail },
    replyTo: { name: site.name, address: opts.operatorEmail },
    subject,
    text: lines.join('\n'),
    html,
    attachments: [pdfAttachment(`${number}.pdf`, pdf)],
  };
}

/** The operator's notice: a provider's payment that was not booked, for staff to look at. */
export function paymentFlaggedMessage(a: { reference: string; reason: string; consoleUrl: string }, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const subject = oneLine(`Payment needs attention: booking ${a.reference}`);
  const text = [`A payment on booking ${a.reference} was not booked and needs your attention:`, '', a.reason, '', a.consoleUrl].join('\n');
  return {
    from: opts.from,
    to: { name: site.name, address: opts.operatorEmail },
    subject,
    text,
    html: layout(
      subject,
      `<p>A payment on booking <strong>${esc(a.reference)}</strong> was not booked and needs your attention:</p><p>${esc(a.reason)}</p><p><a href="${esc(a.consoleUrl)}">Open the booking</a></p>`,
      esc(contactFooterText),
    ),
  };
}
