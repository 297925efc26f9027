// A reply written in the console's inbox to a visitor's enquiry: to the visitor, answers going to
// the operator's address, threaded with the acknowledgement the visitor received for that enquiry
// (not the operator's notice, which the visitor never saw); and its copy for the operator's
// mailbox. The same look as the site's other e-mails (templates.ts). A reply may carry documents
// (the itinerary's or a quote's PDF, and the quote's trip link): its words name them, in the
// enquiry's language (the staff member's own words are as written); the operator's copy names the
// quote's console page in English.
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { site } from '../../common/site.ts';
import { serverMessages, type ServerMessages } from '../../app/lib/server-messages.server.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { bookingsName, contactFooterText, esc, greetingName, layout } from './templates.ts';

export interface ReplyInput {
  enquiryId: number;
  visitor: { name: string; email: string };
  subject: string;
  body: string;
  /** The member of staff who wrote it, for the signature. */
  author: { name: string };
  /** Message-ID of the visitor's acknowledgement of the enquiry (In-Reply-To and References); none: not threaded. */
  threadMessageId: string | null;
  /** The files that go with it, by name, and a quote's page: the visitor's private trip link, or (`console`) the quote in the console, for the operator's copy. */
  documents?: { files: string[]; quote: { reference: string; url: string; console?: boolean } | null };
  /** The enquiry's language (the page it was sent from); English when not given. */
  language?: Language;
}

/** The lines that name what goes with a reply: the quote's page, the files attached. */
function documentLines(d: ReplyInput['documents'], m: ServerMessages): string[] {
  if (!d) return [];
  const lines: string[] = [];
  if (d.quote?.console) lines.push(`Quote ${d.quote.reference} went with it, with a new private trip link for the traveller. In the console:\n${d.quote.url}`);
  else if (d.quote) lines.push(`${m.t('reply.quote', { reference: d.quote.reference })}\n${d.quote.url}`);
  if (d.files.length) lines.push(m.t('reply.attached', { files: d.files.join(', ') }));
  return lines;
}

/** Paragraphs of plain text (blank lines between them), each kept with its line breaks. */
const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

export function enquiryReply(r: ReplyInput, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const m = serverMessages(r.language ?? DEFAULT_LANGUAGE);
  const subject = oneLine(r.subject);
  const signature = [oneLine(r.author.name) || m.t('mail.team', { site: site.name }), site.name].filter((v, i, a) => a.indexOf(v) === i);
  const reference = m.t('reply.reference', { id: r.enquiryId });
  const docs = documentLines(r.documents, m);
  const text = [r.body.replace(/\r\n?/g, '\n').trim(), '', ...docs.flatMap((l) => [l, '']), ...signature, '', reference, contactFooterText].join('\n');
  const html = layout(
    subject,
    `${paragraphs(r.body)
      .map((p) => `<p style="margin:0 0 14px">${esc(p).replace(/\n/g, '<br>')}</p>`)
      .join('')}${docs.map((l) => `<p style="margin:0 0 14px">${esc(l).replace(/\n(\S+)$/, (_, url: string) => `<br><a href="${url}">${url}</a>`)}</p>`).join('')}
<p style="margin:20px 0 0">${signature.map(esc).join('<br>')}</p>
<p style="margin:20px 0 0;font-size:13px;color:#6b5a48">${esc(reference)}</p>`,
    esc(contactFooterText),
    m.language,
  );
  const headers: Record<string, string> = {};
  if (r.threadMessageId) {
    headers['In-Reply-To'] = r.threadMessageId;
    headers.References = r.threadMessageId;
  }
  return {
    from: opts.from,
    to: { name: greetingName(r.visitor.name) ?? '', address: r.visitor.email },
    replyTo: { name: bookingsName(m), address: opts.operatorEmail },
    subject,
    text,
    html,
    headers,
  };
}

/** The operator's copy of a reply: the same words, to the operator's address, saying whom it answered. */
export function operatorCopy(reply: OutboxMessage, r: Pick<ReplyInput, 'enquiryId' | 'visitor'>, opts: { from: string; operatorEmail: string }): OutboxMessage {
  const to = `${oneLine(r.visitor.name)} <${oneLine(r.visitor.email)}>`;
  const note = `Copy of the reply sent to ${to} about enquiry #${r.enquiryId}.`;
  return {
    from: opts.from,
    to: { name: `${site.name} bookings`, address: opts.operatorEmail },
    replyTo: { name: greetingName(r.visitor.name) ?? '', address: r.visitor.email },
    subject: `Copy: ${reply.subject}`,
    text: `${note}\n\n${reply.text}`,
    html: reply.html?.replace(
      '<tr><td style="padding:28px;font-size:15px;line-height:1.6">',
      `<tr><td style="padding:28px;font-size:15px;line-height:1.6"><p style="margin:0 0 18px;color:#6b5a48;font-size:13px">${esc(note)}</p>`,
    ),
  };
}
