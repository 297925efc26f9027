// The e-mails of quotes and bookings, in the look of the site's other e-mails (templates.ts): the
// quote sent to the traveller with its private trip link, and, when the traveller accepts, the
// confirmation to the traveller and the notice to the operator. The money is written by the one
// money function (common/booking-money.ts). The traveller's e-mails are in their language (the
// enquiry's or the booking's); the operator's notice is English.
import { type BookingAccount, formatMinor, type PriceTerms } from '../../common/booking-money.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import type { QuoteDocument } from '../../common/quote-document.ts';
import { site } from '../../common/site.ts';
import { serverMessages } from '../../app/lib/server-messages.server.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { bookingsName, contactFooterText, esc, greeting, greetingName, layout } from './templates.ts';

const longDay = (day: string) => serverMessages(DEFAULT_LANGUAGE).day(day);

const button = (href: string, label: string) =>
  `<p style="margin:22px 0"><a href="${esc(href)}" style="display:inline-block;background:#2f3a23;color:#fffdf8;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`;

export interface QuoteMailInput {
  reference: string;
  version: number;
  traveller: { name: string; email: string };
  document: QuoteDocument;
  price: PriceTerms;
  /** The private trip page: the token is in it, so it is written only into this message. */
  tripUrl: string;
  author: { name: string };
  /** The traveller's language (the enquiry's); English when not given. */
  language?: Language;
}

/** The quote to the traveller: the trip, its price, the deposit and the link to the private page. */
export function quoteSentMessage(q: QuoteMailInput, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const m = serverMessages(q.language ?? DEFAULT_LANGUAGE);
  const d = q.document;
  const p = q.price;
  const name = greetingName(q.traveller.name);
  const subject = oneLine(m.t('quote.subject', { reference: q.reference, title: d.title }));
  const who = [m.t('trip.adults', { count: d.travellers.adults }), ...(d.travellers.children ? [m.t('trip.children', { count: d.travellers.children })] : [])].join(', ');
  const facts: [string, string][] = [
    [m.t('quote.dates'), m.t('mail.dateRange', { from: m.day(d.travelFrom), to: m.day(d.travelTo) })],
    [m.t('quote.travellers'), who],
    [m.t('quote.total'), m.money(p.totalMinor, p.currency)],
    [m.t('quote.deposit'), m.t('quote.depositValue', { amount: m.money(p.depositMinor, p.currency), percent: p.depositPercent })],
    [m.t('quote.balance'), m.t('quote.balanceValue', { amount: m.money(p.balanceMinor, p.currency), date: m.day(p.balanceDueOn) })],
    [m.t('quote.validUntil'), m.day(d.validUntil)],
  ];
  const signature = oneLine(q.author.name) || m.t('mail.team', { site: site.name });
  const revised = q.version > 1 ? m.t('quote.revised') : '';
  const ready = (title: string | { html: string }, reference: string | { html: string }, e?: (s: string) => string) => m.t('quote.ready', { site: site.name, reference, title }, e);
  const text = [
    greeting(m, name),
    '',
    `${ready(m.t('mail.quoted', { text: d.title }), q.reference)} ${revised}`.trim(),
    '',
    ...facts.map(([label, value]) => m.t('mail.fact', { label, value })),
    '',
    m.t('quote.seeAll'),
    q.tripUrl,
    '',
    m.t('quote.yoursAlone'),
    '',
    signature,
    site.name,
    '',
    contactFooterText,
  ].join('\n');
  const rows = facts.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0;color:#6b5a48">${esc(k)}</td><td style="padding:4px 0;font-weight:bold">${esc(v)}</td></tr>`).join('');
  const strong = (v: string) => ({ html: `<strong>${esc(v)}</strong>` });
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${esc(greeting(m, name))}</p>
<p style="margin:0 0 14px">${ready(strong(d.title), strong(q.reference), esc)}${revised ? ` ${esc(revised)}` : ''}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 8px;font-size:15px">${rows}</table>
${button(q.tripUrl, m.t('quote.button'))}
<p style="margin:0 0 14px;font-size:13px;color:#6b5a48">${esc(m.t('quote.pageHas'))} ${esc(m.t('quote.yoursAlone'))}</p>
<p style="margin:20px 0 0">${esc(signature)}<br>${esc(site.name)}</p>`,
    esc(contactFooterText),
    m.language,
  );
  return { from: opts.from, to: { name: name ?? '', address: q.traveller.email }, replyTo: { name: bookingsName(m), address: opts.operatorEmail }, subject, text, html };
}

export interface BookingMailInput {
  reference: string;
  /** The accepted quote's; null for a booking with no quote (seats on a group departure). */
  quoteReference: string | null;
  title: string;
  lead: { name: string; email: string };
  travellers: string[];
  travelFrom: string;
  travelTo: string;
  account: BookingAccount;
  tripUrl: string;
  /** The booking's language; English when not given. */
  language?: Language;
}

/** The traveller's confirmation that the quote was accepted: the booking and what to pay, by when. */
export function bookingConfirmationMessage(b: BookingMailInput, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const m = serverMessages(b.language ?? DEFAULT_LANGUAGE);
  const name = greetingName(b.lead.name);
  const hello = greeting(m, name);
  const a = b.account;
  const subject = oneLine(m.t('booking.subject', { reference: b.reference, title: b.title }));
  const next = a.next ? m.t('booking.next', { what: a.next.what, amount: m.money(a.next.amountMinor, a.currency), date: m.day(a.next.by) }) : m.t('booking.nothingDue');
  const lines = [
    b.quoteReference ? m.t('booking.lineQuote', { reference: b.reference, quote: b.quoteReference, title: b.title }) : m.t('booking.line', { reference: b.reference, title: b.title }),
    m.t('mail.dateRange', { from: m.day(b.travelFrom), to: m.day(b.travelTo) }),
    m.t('booking.travellers', { names: b.travellers.join(', ') }),
    m.t('booking.total', { amount: m.money(a.totalMinor, a.currency) }),
  ];
  const thanks = m.t('booking.thanks');
  const text = [hello, '', thanks, '', ...lines, '', next, '', m.t('booking.tripPage'), b.tripUrl, '', site.name, '', contactFooterText].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${esc(hello)}</p>
<p style="margin:0 0 14px">${esc(thanks)}</p>
<p style="margin:0 0 14px">${lines.map(esc).join('<br>')}</p>
<p style="margin:0 0 14px;font-weight:bold">${esc(next)}</p>
${button(b.tripUrl, m.t('mail.tripButton'))}
<p style="margin:20px 0 0">${esc(site.name)}</p>`,
    esc(contactFooterText),
    m.language,
  );
  return { from: opts.from, to: { name: name ?? '', address: b.lead.email }, replyTo: { name: bookingsName(m), address: opts.operatorEmail }, subject, text, html };
}

/** The operator's notice of a booking made on a trip page or of a departure's seats (no private link: the console has it). */
export function bookingNoticeMessage(b: Omit<BookingMailInput, 'tripUrl'> & { consoleUrl: string }, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const a = b.account;
  const subject = oneLine(`New booking ${b.reference}: ${b.lead.name}, ${b.title}`);
  const lines = [
    b.quoteReference ? `Booking ${b.reference} from quote ${b.quoteReference}: ${b.title}` : `Booking ${b.reference} of a group departure: ${b.title}`,
    `Lead traveller: ${b.lead.name} <${b.lead.email}>`,
    `Travellers: ${b.travellers.join(', ')}`,
    `Travel: ${longDay(b.travelFrom)} to ${longDay(b.travelTo)}`,
    `Total: ${formatMinor(a.totalMinor, a.currency)}; deposit ${formatMinor(a.depositMinor, a.currency)}${a.next ? ` due by ${longDay(a.next.by)}` : ''}`,
  ];
  const text = [...lines, '', b.consoleUrl].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${lines.map(esc).join('<br>')}</p>${button(b.consoleUrl, b.quoteReference ? 'Open the quote in the console' : 'Open the booking in the console')}`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: `${site.name} bookings`, address: opts.operatorEmail }, replyTo: { name: oneLine(b.lead.name), address: b.lead.email }, subject, text, html };
}
