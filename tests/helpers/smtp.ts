// A real SMTP server for tests (the smtp-server package), keeping every message it accepts.
// It can be stopped and started again on the same port, and told to refuse messages. Also: the
// whole site sending its mail to one, in this process or in a process of its own.
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Db } from '../../server/db/index.ts';
import type { Backend } from './db.ts';
import { FROM, OPERATOR } from './forms.ts';
import { freePort, type InProcessSite, seededDataDir, startServer, startSite } from './start-site.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string[]>;
  /** The decoded text/plain part. */
  text: string;
  header(name: string): string | undefined;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** When set, each incoming message is refused with this SMTP reply (e.g. 451 or 550). */
  refuse: { code: number; message: string; stage: 'rcpt' | 'data' } | null;
  /** Milliseconds to wait before accepting each message (a slow server). */
  delay: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Header lines of a raw message, unfolded, by lower-case name. */
function parseHeaders(raw: string): Map<string, string[]> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const map = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const k = line.slice(0, i).trim().toLowerCase();
    map.set(k, [...(map.get(k) ?? []), line.slice(i + 1).trim()]);
  }
  return map;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The parts of a (possibly nested) multipart message: split at its own boundary lines only, so a
 * body line that happens to start with "--" (a wrapped link whose token has two hyphens) stays in
 * its part.
 */
function partsOf(raw: string): string[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!boundaries.length) return [];
  return raw.split(new RegExp(`\\r?\\n--(?:${boundaries.join('|')})(?:--)?[ \\t]*(?:\\r?\\n|$)`));
}

/** The text/plain part of a (possibly multipart) message, decoded. */
function textPart(raw: string): string {
  const parts = partsOf(raw);
  for (const part of [raw, ...parts]) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const h = parseHeaders(`${head}\r\n\r\n`);
    const type = h.get('content-type')?.[0] ?? '';
    if (!/^text\/plain/i.test(type)) continue;
    const body = rest.join('\n\n');
    const enc = (h.get('content-transfer-encoding')?.[0] ?? '').toLowerCase();
    if (enc === 'quoted-printable') return decodeQuotedPrintable(body).replace(/\r\n/g, '\n');
    if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
    return body.replace(/\r\n/g, '\n');
  }
  return '';
}

/** The files attached to a received message (base64 parts), in order: name, type and bytes. */
export function attachmentsOf(mail: ReceivedMail | undefined): { filename: string; type: string; bytes: Buffer }[] {
  const out: { filename: string; type: string; bytes: Buffer }[] = [];
  for (const part of mail ? partsOf(mail.raw) : []) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const filename = /Content-Disposition: attachment; filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!filename) continue;
    const type = /Content-Type: ([^;\r\n]+)/i.exec(unfolded)?.[1] ?? '';
    out.push({
      filename,
      type,
      bytes: Buffer.from(
        body
          .join('')
          .replace(/--\S*--\s*$/, '')
          .replace(/\s+/g, ''),
        'base64',
      ),
    });
  }
  return out;
}

export function toReceived(raw: string, from = '', to: string[] = []): ReceivedMail {
  const headers = parseHeaders(raw);
  return { from, to, raw, headers, text: textPart(raw), header: (n) => headers.get(n.toLowerCase())?.[0] };
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const state: TestSmtp = {
    port,
    url: '',
    received: [],
    refuse: null,
    delay: 0,
    stop: async () => {},
    start: async () => {},
  };
  let server: SMTPServer | null = null;

  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 200,
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (state.refuse?.stage === 'rcpt') {
        const err = new Error(state.refuse.message) as Error & { responseCode: number };
        err.responseCode = state.refuse.code;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuse?.stage === 'data') {
          const err = new Error(state.refuse.message) as Error & { responseCode: number };
          err.responseCode = state.refuse.code;
          return cb(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const accept = () => {
          state.received.push(
            toReceived(
              raw,
              from,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          cb();
        };
        if (state.delay > 0) setTimeout(accept, state.delay);
        else accept();
      });
    },
  };

  state.start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer(options);
      server.on('error', () => {});
      const s = server as unknown as { server: import('node:net').Server };
      s.server.once('error', reject);
      server.listen(state.port, '127.0.0.1', () => {
        state.port = (s.server.address() as import('node:net').AddressInfo).port;
        state.url = `smtp://127.0.0.1:${state.port}`;
        resolve();
      });
    });
  state.stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const s = server;
      server = null;
      s.close(() => resolve());
    });
  await state.start();
  return state;
}

/**
 * The whole site on `backend`, its mail going to a test SMTP server started first (from FROM, the
 * operator's copies to OPERATOR), spam checks off; its origin and database alongside.
 */
export async function siteWithSmtp(backend: Backend): Promise<{ site: InProcessSite; smtp: TestSmtp; base: string; db: Db }> {
  const smtp = await startTestSmtp();
  try {
    const site = await startSite({ backend, env: { SMTP_URL: smtp.url, SPAM_CHECKS: 'off', OPERATOR_EMAIL: OPERATOR, MAIL_FROM: FROM } });
    return { site, smtp, base: site.base, db: site.app.database!.db };
  } catch (e) {
    await smtp.stop();
    throw e;
  }
}

/**
 * The built site in a process of its own on a copy of the seeded PGlite database (`prefix` names its
 * DATA_DIR), its mail going to a test SMTP server started first (the operator's copies to OPERATOR,
 * the outbox polled every 100 ms), spam checks off: many submissions from one address in a few
 * seconds (the limits and fill time are tested at the API). `stop()` ends the process, then the SMTP server.
 */
export async function siteProcessWithSmtp(prefix: string): Promise<{ smtp: TestSmtp; base: string; stop(): Promise<void> }> {
  const smtp = await startTestSmtp();
  try {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = { DATA_DIR: await seededDataDir(prefix), DATABASE_URL: '', SMTP_URL: smtp.url, SITE_URL: base, OPERATOR_EMAIL: OPERATOR, SPAM_CHECKS: 'off', LOG_LEVEL: 'warn', MAIL_POLL_MS: '100' };
    const server = await startServer(env, port);
    const stop = async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      await smtp.stop();
    };
    return { smtp, base, stop };
  } catch (e) {
    await smtp.stop();
    throw e;
  }
}
