// The console's e-mails to staff: a password-reset link and the invitation a new member of staff
// receives to choose a first password. Same look as the site's other e-mails (templates.ts).
import { site } from '../../common/site.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, layout } from './templates.ts';

const button = (href: string, label: string) =>
  `<p style="margin:28px 0"><a href="${esc(href)}" style="background:#b5862c;color:#fff;padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`;

export function passwordResetMail(account: { email: string; name: string }, link: string, minutes: number, opts: { from: string }): OutboxMessage {
  const to = { email: oneLine(account.email), name: oneLine(account.name) };
  const hello = to.name ? `Hello ${to.name},` : 'Hello,';
  const paras = [
    `Someone (we hope you) asked to reset the password of your ${site.name} console account (${to.email}).`,
    `The link works once, for ${minutes} minutes. Choosing a new password signs your account out of every browser.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  const text = [hello, '', paras[0], '', `Choose a new password: ${link}`, '', paras[1], '', paras[2], '', contactFooterText].join('\n');
  const html = layout(
    'Reset your console password',
    `<p>${esc(hello)}</p><p>${esc(paras[0]!)}</p>${button(link, 'Choose a new password')}<p>${esc(paras[1]!)}</p><p>${esc(paras[2]!)}</p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: to.name, address: to.email }, subject: `Reset your ${site.name} console password`, text, html };
}

export function staffInvitationMail(
  member: { email: string; name: string; role: 'owner' | 'agent' },
  link: string,
  hours: number,
  inviter: string,
  opts: { from: string },
): OutboxMessage {
  const to = { email: oneLine(member.email), name: oneLine(member.name), role: member.role };
  const invitedBy = oneLine(inviter);
  const hello = to.name ? `Hello ${to.name},` : 'Hello,';
  const what = to.role === 'owner' ? 'an owner (enquiries, subscribers, campaigns and staff)' : 'an agent (the enquiry inbox)';
  const paras = [
    `${invitedBy} has given you an account on the ${site.name} operator console, as ${what}. Your sign-in address is ${to.email}.`,
    `Choose your password with the link below. It works once, for ${hours} hours; after that, ask ${invitedBy} for a new one, or use "Forgot your password?" on the sign-in page.`,
  ];
  const text = [hello, '', paras[0], '', `Choose your password: ${link}`, '', paras[1], '', contactFooterText].join('\n');
  const html = layout(
    `Your ${site.name} console account`,
    `<p>${esc(hello)}</p><p>${esc(paras[0]!)}</p>${button(link, 'Choose your password')}<p>${esc(paras[1]!)}</p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: to.name, address: to.email }, subject: `Your ${site.name} console account`, text, html };
}
