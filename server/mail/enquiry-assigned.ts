// The notice an agent receives when an enquiry is assigned to them: who enquired, the trip they
// described and the link to the enquiry in the console (the traveller's message stays there).
import { tripLines, type Trip } from '../../common/enquiry-trip.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, greetingName, layout } from './templates.ts';

export interface AssignedInput {
  enquiryId: number;
  agent: { name: string; email: string };
  /** Who assigned it. */
  by: { name: string; email: string };
  traveller: { name: string; country: string };
  trip: Trip;
  safariTitle: string | null;
  /** The enquiry's address in the console. */
  link: string;
}

export function enquiryAssignedMail(a: AssignedInput, opts: { from: string }): OutboxMessage {
  const who = greetingName(a.agent.name);
  const traveller = oneLine(a.traveller.name) + (a.traveller.country ? ` (${oneLine(a.traveller.country)})` : '');
  const by = oneLine(a.by.name) || a.by.email;
  const lines = tripLines(a.trip, a.safariTitle).map(([k, v]) => `${k}: ${oneLine(v)}`);
  const lead = `${by} assigned enquiry #${a.enquiryId} from ${traveller} to you.`;
  const text = [who ? `Dear ${who},` : 'Hello,', '', lead, ...(lines.length ? ['', ...lines] : []), '', `Open the enquiry: ${a.link}`, '', contactFooterText].join('\n');
  const html = layout(
    `Enquiry #${a.enquiryId} is yours`,
    `<p>${esc(who ? `Dear ${who},` : 'Hello,')}</p><p>${esc(lead)}</p>${lines.length ? `<p>${lines.map(esc).join('<br>')}</p>` : ''}
<p style="margin:28px 0"><a href="${esc(a.link)}" style="background:#b5862c;color:#fff;padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold">Open the enquiry</a></p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: who ?? '', address: a.agent.email }, subject: `Enquiry #${a.enquiryId} from ${traveller} is assigned to you`, text, html };
}
