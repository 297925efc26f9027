// The e-mail to every traveller booked on a departure that the operator cancels: what happened,
// the reason, and that what they paid comes back. Sent through the outbox, once per booking, in
// the booking's language (the reason as the operator wrote it).
import type { Currency } from '../../common/currency.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { site } from '../../common/site.ts';
import { serverMessages } from '../../app/lib/server-messages.server.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from '../mail/one-line.ts';
import { bookingsName, contactFooterText, esc, greeting, greetingName, layout } from '../mail/templates.ts';

export interface CancelledDepartureMail {
  reference: string;
  title: string;
  startsOn: string;
  lead: { name: string; email: string };
  reason: string;
  paidMinor: number;
  currency: Currency;
  /** The booking's language; English when not given. */
  language?: Language;
}

export function departureCancelledMessage(m: CancelledDepartureMail, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const t = serverMessages(m.language ?? DEFAULT_LANGUAGE);
  const name = greetingName(m.lead.name);
  const facts = { title: m.title, date: t.day(m.startsOn), reference: m.reference };
  const subject = oneLine(t.t('departure.subject', facts));
  const money = m.paidMinor > 0 ? t.t('departure.refund', { amount: t.money(m.paidMinor, m.currency) }) : t.t('departure.nothingPaid');
  const paragraphs = [t.t('departure.sorry', facts), t.t('departure.why', { reason: m.reason }), money, t.t('departure.otherDate')];
  const text = [greeting(t, name), '', ...paragraphs.flatMap((p) => [p, '']), site.name, '', contactFooterText].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${esc(greeting(t, name))}</p>
${paragraphs.map((p) => `<p style="margin:0 0 14px">${esc(p)}</p>`).join('\n')}
<p style="margin:20px 0 0">${esc(site.name)}</p>`,
    esc(contactFooterText),
    t.language,
  );
  return { from: opts.from, to: { name: name ?? '', address: m.lead.email }, replyTo: { name: bookingsName(t), address: opts.operatorEmail }, subject, text, html };
}
