// The e-mails the site sends: the operator's enquiry notification, the visitor's acknowledgement
// and the newsletter opt-in. Rendered when the enquiry is accepted and stored in the outbox as is.
import { DEFAULT_TIME_ZONE, operatorTime } from '../../common/operator-time.ts';
import { site } from '../../common/site.ts';
import type { Enquiry } from '../../common/validation.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The visitor's name for a greeting, or nothing: a mail to an address typed into a public form must
 * not carry text a stranger chose, so only something that looks like a person's name is used.
 */
export function greetingName(name: string): string | null {
  const n = name.replace(/\s+/g, ' ').trim();
  if (n.length === 0 || n.length > 60) return null;
  return /^[\p{L}\p{M}' .-]+$/u.test(n) && !/\.\S/.test(n) && !/https?|www/i.test(n) ? n : null;
}

export function layout(title: string, bodyHtml: string, footerHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;background:#f4efe6;font-family:Helvetica,Arial,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fffdf8;border-radius:8px;overflow:hidden">
<tr><td style="background:#2f3a23;color:#f4efe6;padding:20px 28px;font-size:20px;font-family:Georgia,serif">${esc(site.name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;background:#efe6d6;font-size:12px;color:#5a4a3a">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

export const contactFooterText = `${site.legalName} · ${site.location} · ${site.phone} · ${site.email}`;

export interface EnquiryContext {
  id: number;
  receivedAt: Date;
  clientIp: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  /** The trip the visitor described, as label and text lines (common/enquiry-trip.ts tripLines); only what was given. */
  trip?: [string, string][];
}

const methodLabel = (m: Enquiry['preferredContactMethod']) => (m === 'Phone' ? 'Phone call' : m);

/** The operator's notice of an enquiry; the time it arrived is written in the operator's time zone. */
export function operatorNotification(e: Enquiry, ctx: EnquiryContext, opts: { from: string; operatorEmail: string; timeZone?: string }): OutboxMessage {
  // Every field but the message is one line: a visitor's line break cannot start a line here.
  const name = oneLine(e.name);
  const rows: [string, string][] = (
    [
      ['Name', name],
      ['Email', e.email],
      ['Phone', e.phone],
      ['Country', e.country || '(not given)'],
      ['Preferred contact', methodLabel(e.preferredContactMethod)],
      ...(ctx.trip ?? []),
      ['Page', ctx.pageUrl ?? '(not given)'],
      ['Received', operatorTime(ctx.receivedAt, opts.timeZone ?? DEFAULT_TIME_ZONE, { seconds: true })],
      ['Enquiry number', String(ctx.id)],
      ['Client IP', ctx.clientIp ?? '(unknown)'],
      ['User agent', ctx.userAgent ?? '(unknown)'],
    ] as [string, string][]
  ).map(([k, v]) => [k, oneLine(v)]);
  const text = [`New safari enquiry #${ctx.id}`, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Message:', e.message, '', `Reply to this e-mail to answer ${name} directly.`].join('\n');
  const html = layout(
    `New safari enquiry #${ctx.id}`,
    `<h1 style="font-family:Georgia,serif;font-size:22px;margin:0 0 16px">New safari enquiry #${ctx.id}</h1>
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">${rows
      .map(([k, v]) => `<tr><th align="left" style="color:#6b5a48;font-weight:600;padding-right:16px;vertical-align:top">${esc(k)}</th><td>${esc(v)}</td></tr>`)
      .join('')}</table>
<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>
<div style="white-space:pre-wrap;background:#f7f1e6;border-left:3px solid #b5862c;padding:12px 16px">${esc(e.message)}</div>
<p>Reply to this e-mail to answer ${esc(name)} directly.</p>`,
    esc(contactFooterText),
  );
  return {
    from: opts.from,
    to: { name: `${site.name} bookings`, address: opts.operatorEmail },
    replyTo: { name, address: oneLine(e.email) },
    subject: `Safari enquiry #${ctx.id} from ${name}`,
    text,
    html,
  };
}

/** Confirms receipt to the visitor without repeating what they wrote. */
export function visitorAcknowledgement(e: Enquiry, ctx: EnquiryContext, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const who = greetingName(e.name);
  const hello = who ? `Dear ${who},` : 'Hello,';
  const how = { Whatsapp: `on WhatsApp at the number you gave`, Email: 'by e-mail', Phone: 'with a phone call to the number you gave' }[e.preferredContactMethod];
  const trip = (ctx.trip ?? []).map(([k, v]) => `${k}: ${oneLine(v)}`);
  const paras = [
    `Thank you for planning your safari with ${site.name}. We received your enquiry (reference #${ctx.id}) and one of our safari planners will get back to you ${how}, usually within one working day.`,
    ...(trip.length ? [`The trip you described: ${trip.join('; ')}.`] : []),
    `If you would like to add anything, simply reply to this e-mail or call or WhatsApp us on ${site.phone}.`,
    `If you did not send an enquiry to ${site.name}, you can ignore this e-mail; we will not contact you again.`,
  ];
  const text = [hello, '', ...paras.flatMap((p) => [p, '']), `Warm regards,`, `The ${site.name} team`, '', contactFooterText].join('\n');
  const html = layout(
    'We received your safari enquiry',
    `<p>${esc(hello)}</p>${paras.map((p) => `<p>${esc(p)}</p>`).join('')}<p>Warm regards,<br>The ${esc(site.name)} team</p>`,
    esc(contactFooterText),
  );
  return {
    from: opts.from,
    to: { name: who ?? '', address: e.email },
    replyTo: { name: `${site.name} bookings`, address: opts.operatorEmail },
    subject: `We received your safari enquiry (#${ctx.id})`,
    text,
    html,
  };
}

export function newsletterConfirmation(s: { fullName: string; email: string }, links: { confirm: string; unsubscribe: string; oneClickUnsubscribe: string }, opts: { from: string }): OutboxMessage {
  const who = greetingName(s.fullName);
  const hello = who ? `Dear ${who},` : 'Hello,';
  const text = [
    hello,
    '',
    `Please confirm that you would like to receive the ${site.name} newsletter: safari ideas, gorilla permit news and stories from the field, about once a month.`,
    '',
    `Confirm your subscription: ${links.confirm}`,
    '',
    'If you did not ask for this, ignore this e-mail and you will not be subscribed.',
    '',
    `Unsubscribe: ${links.unsubscribe}`,
    contactFooterText,
  ].join('\n');
  const html = layout(
    'Confirm your newsletter subscription',
    `<p>${esc(hello)}</p>
<p>Please confirm that you would like to receive the ${esc(site.name)} newsletter: safari ideas, gorilla permit news and stories from the field, about once a month.</p>
<p style="margin:28px 0"><a href="${esc(links.confirm)}" style="background:#b5862c;color:#fff;padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold">Confirm my subscription</a></p>
<p>If you did not ask for this, ignore this e-mail and you will not be subscribed.</p>`,
    `${esc(contactFooterText)}<br><a href="${esc(links.unsubscribe)}" style="color:#5a4a3a">Unsubscribe</a>`,
  );
  return {
    from: opts.from,
    to: { name: who ?? '', address: s.email },
    subject: `Please confirm your ${site.name} newsletter subscription`,
    text,
    html,
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    list: { unsubscribe: { url: links.oneClickUnsubscribe } },
  };
}
