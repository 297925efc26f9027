// The e-mails of online payments: the traveller's confirmation of a payment (or refund) with its
// receipt PDF attached (server/bookings/receipt-pdf.ts), queued once, in the transaction that
// wrote the ledger entry, in the booking's language; and the operator's notice (English) of an
// attempt flagged for staff.
import type { BookingDetail, LedgerLine } from '../../common/booking-console.ts';
import { site } from '../../common/site.ts';
import { serverMessages } from '../../app/lib/server-messages.server.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { receiptNumber, receiptPdf } from '../bookings/receipt-pdf.ts';
import { oneLine } from '../mail/one-line.ts';
import { pdfAttachment } from '../mail/outbox.ts';
import { contactFooterText, esc, greeting, greetingName, layout } from '../mail/templates.ts';

/** The traveller's confirmation of a payment or refund, its receipt attached. */
export async function paymentReceiptMessage(b: BookingDetail, entry: LedgerLine, opts: { from: string; operatorEmail: string }): Promise<OutboxMessage> {
  const m = serverMessages(b.language);
  const number = receiptNumber(b, entry);
  const amount = m.money(Math.abs(entry.amountMinor), entry.currency);
  const kind = entry.kind === 'refund' ? 'refund' : 'payment';
  const subject = oneLine(m.t('receipt.subject', { kind, amount, reference: b.reference }));
  const first = m.t('receipt.first', { kind, amount, reference: b.reference, title: m.t('mail.quoted', { text: b.title }) });
  const next = b.account.next
    ? m.t('receipt.next', { what: b.account.next.what, amount: m.money(b.account.next.amountMinor, b.currency), date: m.day(b.account.next.by) })
    : m.t('receipt.nothingMore');
  const team = m.t('mail.team', { site: site.name });
  const hello = greeting(m, greetingName(b.leadName));
  const lines = [hello, '', first, m.t('receipt.attached', { number }), next, '', team, '', contactFooterText];
  const html = layout(
    subject,
    `<p>${esc(hello)}</p><p>${esc(first)}</p><p>${m.t('receipt.attached', { number: { html: `<strong>${esc(number)}</strong>` } }, esc)}</p><p>${esc(next)}</p><p>${esc(team)}</p>`,
    esc(contactFooterText),
    m.language,
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
