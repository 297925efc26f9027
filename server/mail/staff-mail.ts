// The console's e-mails to staff: a password-reset link, the invitation a new member of staff
// receives to choose a first password, and the notice that sign-in to an account was locked.
// Same look as the site's other e-mails (templates.ts).
import { DEFAULT_TIME_ZONE, operatorTime } from '../../common/operator-time.ts';
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

export function staffInvitationMail(member: { email: string; name: string; role: 'owner' | 'agent' }, link: string, hours: number, inviter: string, opts: { from: string }): OutboxMessage {
  const to = { email: oneLine(member.email), name: oneLine(member.name), role: member.role };
  const invitedBy = oneLine(inviter);
  const hello = to.name ? `Hello ${to.name},` : 'Hello,';
  const what = to.role === 'owner' ? 'an owner (enquiries, subscribers, campaigns and staff)' : 'an agent (the enquiry inbox)';
  const paras = [
    `${invitedBy} has given you an account on the ${site.name} operator console, as ${what}. Your sign-in address is ${to.email}.`,
    `The link above works once, for ${hours} hours; after that, ask ${invitedBy} for a new one, or use "Forgot your password?" on the sign-in page.`,
  ];
  const text = [hello, '', paras[0], '', `Choose your password: ${link}`, '', paras[1], '', contactFooterText].join('\n');
  const html = layout(`Your ${site.name} console account`, `<p>${esc(hello)}</p><p>${esc(paras[0]!)}</p>${button(link, 'Choose your password')}<p>${esc(paras[1]!)}</p>`, esc(contactFooterText));
  return { from: opts.from, to: { name: to.name, address: to.email }, subject: `Your ${site.name} console account`, text, html };
}

/**
 * Tells a member of staff that sign-in to their account was locked after too many failed attempts:
 * when, until when, that browsers they signed in with before still can, and how to choose a new
 * password if the attempts were not theirs.
 */
export function accountLockedMail(
  account: { email: string; name: string },
  lock: { at: Date; until: Date; attempts: number },
  links: { signIn: string; reset: string },
  opts: { from: string; timeZone?: string },
): OutboxMessage {
  const to = { email: oneLine(account.email), name: oneLine(account.name) };
  const hello = to.name ? `Hello ${to.name},` : 'Hello,';
  const time = (d: Date) => operatorTime(d, opts.timeZone ?? DEFAULT_TIME_ZONE);
  const paras = [
    `Sign-in to your ${site.name} console account (${to.email}) was locked at ${time(lock.at)}, after ${lock.attempts} failed attempts from browsers that have not signed in to it before. From those, sign-in is refused until ${time(lock.until)}.`,
    `A browser you have signed in with before can still sign in with your password while the lock lasts: nothing changes there.`,
    `If these attempts were not yours, someone may be guessing your password. Choose a new one: on the sign-in page, follow "Forgot your password?" (${links.reset}), enter ${to.email} and use the link we e-mail you. Two-step sign-in, on your account page, adds a code to the password.`,
    'If it was you, there is nothing to do.',
  ];
  const text = [hello, '', ...paras.flatMap((p) => [p, '']), `Sign in: ${links.signIn}`, '', contactFooterText].join('\n');
  const html = layout(
    'Sign-in to your console account was locked',
    `<p>${esc(hello)}</p>${paras.map((p) => `<p>${esc(p)}</p>`).join('')}${button(links.reset, 'Choose a new password')}`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name: to.name, address: to.email }, subject: `${site.name} console: sign-in to your account was locked`, text, html };
}
