// The e-mails of quotes and bookings, in the look of the site's other e-mails (templates.ts): the
// quote sent to the traveller with its private trip link, and, when the traveller accepts, the
// confirmation to the traveller and the notice to the operator. The money is written by the one
// money function (common/booking-money.ts).
import { type BookingAccount, formatMinor, type PriceTerms } from '../../common/booking-money.ts';
import type { QuoteDocument } from '../../common/quote-document.ts';
import { site } from '../../common/site.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, greetingName, layout } from './templates.ts';

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

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
}

/** The quote to the traveller: the trip, its price, the deposit and the link to the private page. */
export function quoteSentMessage(q: QuoteMailInput, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const d = q.document;
  const hello = greetingName(q.traveller.name);
  const subject = oneLine(`Your safari quote ${q.reference}: ${d.title}`);
  const facts: [string, string][] = [
    ['Dates', `${longDay(d.travelFrom)} to ${longDay(d.travelTo)}`],
    ['Travellers', `${d.travellers.adults} adult${d.travellers.adults === 1 ? '' : 's'}${d.travellers.children ? `, ${d.travellers.children} child${d.travellers.children === 1 ? '' : 'ren'}` : ''}`],
    ['Total', formatMinor(q.price.totalMinor, q.price.currency)],
    ['Deposit to book', `${formatMinor(q.price.depositMinor, q.price.currency)} (${q.price.depositPercent} %)`],
    ['Balance due', `${formatMinor(q.price.balanceMinor, q.price.currency)} by ${longDay(q.price.balanceDueOn)}`],
    ['Valid until', longDay(d.validUntil)],
  ];
  const signature = oneLine(q.author.name) || `The ${site.name} team`;
  const revised = q.version > 1 ? 'This revised quote replaces the one we sent before.' : '';
  const text = [
    hello ? `Dear ${hello},` : 'Hello,',
    '',
    `Thank you for planning your safari with ${site.name}. Your quote ${q.reference} for "${d.title}" is ready. ${revised}`.trim(),
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'See the day-by-day itinerary, the lodges, the price breakdown, the terms and a printable PDF on your private trip page, and accept the quote there when you are ready:',
    q.tripUrl,
    '',
    'The link is yours alone: please do not share it.',
    '',
    signature,
    site.name,
    '',
    contactFooterText,
  ].join('\n');
  const rows = facts.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0;color:#6b5a48">${esc(k)}</td><td style="padding:4px 0;font-weight:bold">${esc(v)}</td></tr>`).join('');
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${hello ? `Dear ${esc(hello)},` : 'Hello,'}</p>
<p style="margin:0 0 14px">Thank you for planning your safari with ${esc(site.name)}. Your quote <strong>${esc(q.reference)}</strong> for <strong>${esc(d.title)}</strong> is ready.${revised ? ` ${esc(revised)}` : ''}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 8px;font-size:15px">${rows}</table>
${button(q.tripUrl, 'See your trip and accept the quote')}
<p style="margin:0 0 14px;font-size:13px;color:#6b5a48">Your private trip page has the day-by-day itinerary, the lodges, the price breakdown, the terms and a printable PDF. The link is yours alone: please do not share it.</p>
<p style="margin:20px 0 0">${esc(signature)}<br>${esc(site.name)}</p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: hello ?? '', address: q.traveller.email }, replyTo: { name: `${site.name} bookings`, address: opts.operatorEmail }, subject, text, html };
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
}

/** The traveller's confirmation that the quote was accepted: the booking and what to pay, by when. */
export function bookingConfirmationMessage(b: BookingMailInput, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const hello = greetingName(b.lead.name);
  const a = b.account;
  const subject = oneLine(`Booking ${b.reference} confirmed: ${b.title}`);
  const next = a.next ? `Please pay the ${a.next.what} of ${formatMinor(a.next.amountMinor, a.currency)} by ${longDay(a.next.by)}. Your trip page shows how.` : 'Nothing is due.';
  const lines = [
    b.quoteReference ? `Booking ${b.reference} (quote ${b.quoteReference}): ${b.title}` : `Booking ${b.reference}: ${b.title}`,
    `${longDay(b.travelFrom)} to ${longDay(b.travelTo)}`,
    `Travellers: ${b.travellers.join(', ')}`,
    `Total: ${formatMinor(a.totalMinor, a.currency)}`,
  ];
  const text = [hello ? `Dear ${hello},` : 'Hello,', '', 'Thank you: your safari is booked.', '', ...lines, '', next, '', 'Your trip page:', b.tripUrl, '', site.name, '', contactFooterText].join(
    '\n',
  );
  const html = layout(
    subject,
    `<p style="margin:0 0 14px">${hello ? `Dear ${esc(hello)},` : 'Hello,'}</p>
<p style="margin:0 0 14px">Thank you: your safari is booked.</p>
<p style="margin:0 0 14px">${lines.map(esc).join('<br>')}</p>
<p style="margin:0 0 14px;font-weight:bold">${esc(next)}</p>
${button(b.tripUrl, 'Open your trip page')}
<p style="margin:20px 0 0">${esc(site.name)}</p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: hello ?? '', address: b.lead.email }, replyTo: { name: `${site.name} bookings`, address: opts.operatorEmail }, subject, text, html };
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
