// The e-mails the site sends: the operator's enquiry notification, the visitor's acknowledgement
// and the newsletter opt-in. Rendered when the enquiry is accepted and stored in the outbox as is.
// What goes to a traveller is in the language of the page they wrote from (the server's
// catalogues, app/lib/server-messages.server.ts); what goes to the operator is English.
import { BUDGETS, type Trip } from '../../common/enquiry-trip.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { DEFAULT_TIME_ZONE, operatorTime } from '../../common/operator-time.ts';
import { site } from '../../common/site.ts';
import type { Enquiry } from '../../common/validation.ts';
import { serverMessages, type ServerMessages } from '../../app/lib/server-messages.server.ts';
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

/** "Dear Anne," or, with no name to use, "Hello," in the mail's language. */
export const greeting = (m: ServerMessages, name: string | null) => (name ? m.t('mail.hello', { name }) : m.t('mail.helloAnonymous'));

/** The name of the operator's mailbox a traveller's replies go to ("Kigezi Trails bookings"), in the mail's language. */
export const bookingsName = (m: ServerMessages) => m.t('mail.bookings', { site: site.name });

export function layout(title: string, bodyHtml: string, footerHtml: string, language: Language = DEFAULT_LANGUAGE): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
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
  /** The trip itself and its safari's title, for the acknowledgement in another language. */
  travel?: { trip: Trip; safariTitle?: string | null };
}

/** The trip's lines in a language other than English (English: the lines the operator reads too). */
function travelLines(travel: NonNullable<EnquiryContext['travel']>, m: ServerMessages): [string, string][] {
  const t = travel.trip;
  const day = (d: string) => m.day(d);
  const dates = t.travelFrom ? (t.travelTo && t.travelTo !== t.travelFrom ? m.t('mail.dateRange', { from: day(t.travelFrom), to: day(t.travelTo) }) : day(t.travelFrom)) : null;
  const month = t.travelMonth ? m.t('trip.flexible', { month: m.day(`${t.travelMonth}-01`, 'month') }) : null;
  const who: string[] = [];
  if (t.adults !== null) who.push(m.t('trip.adults', { count: t.adults }));
  if (t.children !== null && t.children > 0) {
    const ages = t.childAges?.length ? ` (${m.t('trip.ages', { count: t.childAges.length, ages: t.childAges.join(', ') })})` : '';
    who.push(`${m.t('trip.children', { count: t.children })}${ages}`);
  } else if (t.children === 0 && t.adults !== null) who.push(m.t('trip.noChildren'));
  const lines: [string, string | null][] = [
    [m.t('trip.safari'), t.safari ? (travel.safariTitle ?? t.safari) : null],
    [m.t('trip.dates'), [dates, month].filter(Boolean).join('; ') || null],
    [m.t('trip.travellers'), who.join(', ') || null],
    [m.t('trip.budget'), t.budget && BUDGETS.includes(t.budget) ? m.t(`trip.budget.${t.budget}`) : null],
  ];
  return lines.filter((l): l is [string, string] => l[1] !== null);
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

/** Confirms receipt to the visitor without repeating what they wrote, in the language of the page they wrote from. */
export function visitorAcknowledgement(e: Enquiry, ctx: EnquiryContext, opts: { from: string; operatorEmail: string; language?: Language }): OutboxMessage {
  const m = serverMessages(opts.language ?? DEFAULT_LANGUAGE);
  const who = greetingName(e.name);
  const hello = greeting(m, who);
  const lines = m.language === DEFAULT_LANGUAGE || !ctx.travel ? (ctx.trip ?? []) : travelLines(ctx.travel, m);
  const trip = lines.map(([label, v]) => m.t('mail.fact', { label, value: oneLine(v) }));
  const paras = [
    m.t('ack.thanks', { site: site.name, id: ctx.id, how: e.preferredContactMethod }),
    ...(trip.length ? [m.t('ack.trip', { trip: trip.join('; ') })] : []),
    m.t('ack.add', { phone: site.phone }),
    m.t('ack.notYou', { site: site.name }),
  ];
  const [regards, team] = [m.t('mail.warmRegards'), m.t('mail.team', { site: site.name })];
  const text = [hello, '', ...paras.flatMap((p) => [p, '']), regards, team, '', contactFooterText].join('\n');
  const html = layout(m.t('ack.title'), `<p>${esc(hello)}</p>${paras.map((p) => `<p>${esc(p)}</p>`).join('')}<p>${esc(regards)}<br>${esc(team)}</p>`, esc(contactFooterText), m.language);
  return {
    from: opts.from,
    to: { name: who ?? '', address: e.email },
    replyTo: { name: bookingsName(m), address: opts.operatorEmail },
    subject: m.t('ack.subject', { id: ctx.id }),
    text,
    html,
  };
}

/** The double opt-in, in the language of the page the visitor signed up on (its links to that language's pages). */
export function newsletterConfirmation(
  s: { fullName: string; email: string },
  links: { confirm: string; unsubscribe: string; oneClickUnsubscribe: string },
  opts: { from: string; language?: Language },
): OutboxMessage {
  const m = serverMessages(opts.language ?? DEFAULT_LANGUAGE);
  const hello = greeting(m, greetingName(s.fullName));
  const [ask, notYou] = [m.t('newsletter.ask', { site: site.name }), m.t('newsletter.notYou')];
  const text = [hello, '', ask, '', m.t('newsletter.confirmLine', { url: links.confirm }), '', notYou, '', m.t('newsletter.unsubscribeLine', { url: links.unsubscribe }), contactFooterText].join('\n');
  const html = layout(
    m.t('newsletter.title'),
    `<p>${esc(hello)}</p>
<p>${esc(ask)}</p>
<p style="margin:28px 0"><a href="${esc(links.confirm)}" style="background:#b5862c;color:#fff;padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold">${esc(m.t('newsletter.button'))}</a></p>
<p>${esc(notYou)}</p>`,
    `${esc(contactFooterText)}<br><a href="${esc(links.unsubscribe)}" style="color:#5a4a3a">${esc(m.t('newsletter.unsubscribe'))}</a>`,
    m.language,
  );
  return {
    from: opts.from,
    to: { name: greetingName(s.fullName) ?? '', address: s.email },
    subject: m.t('newsletter.subject', { site: site.name }),
    text,
    html,
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    list: { unsubscribe: { url: links.oneClickUnsubscribe } },
  };
}
