// Where outbox messages go: an SMTP server (SMTP_URL), or, without one, .eml files under
// DATA_DIR/mail that can be opened in any mail client.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';

export interface MailTransport {
  kind: 'smtp' | 'files';
  /** Sends one message with the given Message-ID; rejects when it was not accepted. */
  send(message: OutboxMessage, messageId: string): Promise<void>;
  /** Whether the server answers (SMTP only); used to retry at once after an outage. */
  verify?(): Promise<boolean>;
  close(): void;
}

function mailOptions(m: OutboxMessage, messageId: string) {
  const address = (a: { name: string; address: string }) => ({ name: oneLine(a.name), address: oneLine(a.address) });
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.headers ?? {})) headers[oneLine(k)] = oneLine(v);
  return {
    from: oneLine(m.from),
    to: address(m.to),
    replyTo: m.replyTo ? address(m.replyTo) : undefined,
    subject: oneLine(m.subject),
    text: m.text,
    html: m.html,
    headers,
    list: m.list ? { unsubscribe: { url: oneLine(m.list.unsubscribe.url), comment: m.list.unsubscribe.comment ? oneLine(m.list.unsubscribe.comment) : undefined } } : undefined,
    attachments: m.attachments?.map((a) => ({ filename: oneLine(a.filename), contentType: oneLine(a.contentType), content: a.base64, encoding: 'base64' })),
    messageId,
  };
}

/** An SMTP error that retrying will not fix: the server refused the recipient or the message. */
export function isPermanentSmtpError(err: unknown): boolean {
  const e = err as { responseCode?: number; command?: string };
  return typeof e?.responseCode === 'number' && e.responseCode >= 550 && e.responseCode <= 554 && /^(RCPT|DATA)/i.test(e.command ?? '');
}

function smtpTransport(smtpUrl: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
  return {
    kind: 'smtp',
    async send(message, messageId) {
      await transporter.sendMail(mailOptions(message, messageId));
    },
    verify: () =>
      transporter.verify().then(
        () => true,
        () => false,
      ),
    close: () => transporter.close(),
  };
}

/** Error codes of a server that could not be reached at all (as opposed to one that refused a message). */
export const UNREACHABLE_CODES = ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH'];

/** Writes each message to DIR/<message id>.eml; sending the same message again rewrites the same file. */
function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message, messageId) {
      const info = await composer.sendMail(mailOptions(message, messageId));
      await mkdir(dir, { recursive: true });
      const name = `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]+/g, '_')}.eml`;
      const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
      await writeFile(tmp, info.message as Buffer);
      await rename(tmp, path.join(dir, name));
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(opts: { smtpUrl?: string; dataDir: string; timeoutMs: number }): MailTransport {
  return opts.smtpUrl ? smtpTransport(opts.smtpUrl, opts.timeoutMs) : fileTransport(path.join(opts.dataDir, 'mail'));
}
