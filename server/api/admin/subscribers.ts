// /api/admin/subscribers (owners only): the newsletter list, searched and filtered, exported as
// CSV and imported from CSV (imported people are pending and get the double opt-in e-mail only
// when the owner asks, unless the owner gives the proof of their earlier consent for the file: a
// source and a date, recorded on each person added as confirmed), unsubscribing one person and erasing one person
// everywhere. Every change is in the audit log, by subscriber id: no address is written there.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  eraseSchema,
  importConsentSchema,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  SUBSCRIBER_STATUSES,
  SUBSCRIBERS_PAGE_SIZE,
  type ImportConsent,
  type ImportReport,
  type SubscriberList,
  type SubscriberRow,
  type SubscriberStatus,
} from '../../../common/newsletter-admin.ts';
import { isEmail, validateSubscriber } from '../../../common/validation.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import { erasePerson, type ErasedBookings } from '../../bookings/erasure.ts';
import type { Db, Tx } from '../../db/index.ts';
import { enquiries, newsletterSubscribers } from '../../db/schema.ts';
import { newToken, queueConfirmation } from '../../newsletter/confirmation.ts';
import { tombstones } from '../../newsletter/tombstones.ts';
import { withdrawCampaignMail } from '../../newsletter/unsubscribe.ts';
import { sourceOf } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { idParam, readBody } from './body.ts';
import type { NewsletterAdminOptions } from '../../newsletter/send.ts';

const owner = requireStaff({ roles: ['owner'] });
const ID = /^[1-9][0-9]{0,8}$/;

/** A cell a spreadsheet would read as a formula (= + - @, tab, CR) is prefixed with a quote. */
function csvCell(v: string | null | undefined): string {
  const s = v ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filterOf(c: AdminContext): { where: SQL | undefined; status?: SubscriberStatus; q: string } {
  const q = (c.req.query('q') ?? '').trim().slice(0, 200);
  const rawStatus = c.req.query('status') ?? '';
  if (rawStatus && !(SUBSCRIBER_STATUSES as readonly string[]).includes(rawStatus)) throw new HttpError(400, 'Choose pending, confirmed or unsubscribed.', undefined, 'invalid-status');
  const status = (rawStatus || undefined) as SubscriberStatus | undefined;
  const parts: SQL[] = [];
  if (status) parts.push(eq(newsletterSubscribers.status, status));
  if (q) parts.push(or(ilike(newsletterSubscribers.full_name, likeText(q)), ilike(newsletterSubscribers.email, likeText(q)))!);
  return { where: parts.length ? and(...parts) : undefined, status, q };
}

const rowOf = (r: typeof newsletterSubscribers.$inferSelect): SubscriberRow => ({
  id: r.id,
  name: r.full_name,
  email: r.email,
  status: r.status as SubscriberStatus,
  createdAt: new Date(r.created_at).toISOString(),
  confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
  unsubscribedAt: r.unsubscribed_at ? new Date(r.unsubscribed_at).toISOString() : null,
  consent: r.consent_source && r.consent_date ? { source: r.consent_source, date: String(r.consent_date).slice(0, 10) } : null,
});

const addressOf = (c: AdminContext, opts: NewsletterAdminOptions) => sourceOf(c, opts.trust).address ?? null;

/**
 * Removes a subscriber's personal data everywhere and leaves a tombstone (server/bookings/erasure.ts,
 * the erase of any person). Returns what was deleted (counts only), or null when there is no such subscriber.
 */
async function eraseSubscriber(db: Db, tx: Tx, id: number): Promise<({ enquiries: number; mail: number } & ErasedBookings) | null> {
  const [person] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for('update');
  if (!person) return null;
  const { enquiries: deleted, mail, quotes, bookings } = await erasePerson(db, tx, person.email_key);
  return { enquiries: deleted, mail, quotes, bookings };
}

interface ParsedRow {
  line: number;
  email: string;
  name: string;
}

/** Reads the import: a header row naming an `email` column (and optionally `name`), then data rows. */
function parseImport(text: string): ParsedRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true, to: IMPORT_MAX_ROWS + 2 }) as never;
  } catch (e) {
    const err = e as { message?: string; lines?: number };
    throw new HttpError(
      400,
      `The file is not valid CSV${err.lines ? ` (line ${err.lines})` : ''}: ${String(err.message ?? '')
        .replace(/^Invalid [^:]*: /, '')
        .slice(0, 160)}`,
      undefined,
      'invalid-file',
    );
  }
  if (records.length === 0) throw new HttpError(400, 'The file is empty. Send a CSV file whose first row names the columns email and name.', undefined, 'invalid-file');
  const header = records[0]!.record.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' '),
  );
  const emailAt = header.findIndex((h) => h === 'email' || h === 'e mail' || h === 'email address');
  const nameAt = header.findIndex((h) => h === 'name' || h === 'full name');
  if (emailAt < 0) throw new HttpError(400, 'The first row must name the columns: email (required) and name.', undefined, 'invalid-file');
  const data = records.slice(1);
  if (data.length > IMPORT_MAX_ROWS) throw new HttpError(413, `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Split it into smaller files.`, undefined, 'too-many-rows');
  return data.map(({ record, info }) => ({ line: info.lines, email: record[emailAt] ?? '', name: nameAt >= 0 ? (record[nameAt] ?? '') : '' }));
}

/** The CSV file of an import: text/csv, at most IMPORT_MAX_BYTES, UTF-8 text. */
async function readImportFile(c: AdminContext): Promise<string> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('text/csv') && !type.startsWith('text/plain')) throw new HttpError(415, 'Send the file as text/csv.', undefined, 'invalid-file');
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new HttpError(413, `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`, undefined, 'too-large');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.', undefined, 'invalid-file');
  }
  if (text.includes('\u0000')) throw new HttpError(400, 'The file is not a CSV text file.', undefined, 'invalid-file');
  return text;
}

/**
 * ?consent=1 with consentSource and consentDate: the people in the file agreed before, and are
 * added as confirmed with that proof; without it (null) they are pending, as always.
 */
function readImportConsent(c: AdminContext): ImportConsent | null {
  if (c.req.query('consent') !== '1') return null;
  const checked = importConsentSchema.safeParse({ source: c.req.query('consentSource') ?? '', date: c.req.query('consentDate') ?? '' });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new HttpError(400, issue.message, undefined, issue.path[0] === 'date' ? 'invalid-consentDate' : 'invalid-consentSource');
  }
  return checked.data;
}

/**
 * The rows that look right, first occurrence of each address only, by address key (each with its
 * place in the report); every row gets its line in the report.
 */
function importCandidates(rows: ReturnType<typeof parseImport>, report: ImportReport): Map<string, { email: string; name: string; at: number }> {
  const candidates = new Map<string, { email: string; name: string; at: number }>();
  for (const r of rows) {
    const email = r.email.trim();
    const name = r.name.replace(/\s+/g, ' ').trim();
    const checked = validateSubscriber({ fullName: name || 'x', email });
    if (!email || !isEmail(email) || !checked.ok) {
      report.rows.push({ line: r.line, email: email.slice(0, 254), outcome: 'invalid', reason: !email ? 'No e-mail address' : checked.ok ? 'Not an e-mail address' : checked.error });
      continue;
    }
    if (name.length > 100) {
      report.rows.push({ line: r.line, email, outcome: 'invalid', reason: 'The name is longer than 100 characters' });
      continue;
    }
    const key = email.toLowerCase();
    if (candidates.has(key)) {
      report.rows.push({ line: r.line, email, outcome: 'existing', reason: 'Already earlier in the file' });
      continue;
    }
    candidates.set(key, { email, name, at: report.rows.length });
    report.rows.push({ line: r.line, email, outcome: 'added' });
  }
  return candidates;
}

async function listSubscribers(c: AdminContext) {
  const { db } = deps(c);
  const { where } = filterOf(c);
  const rawPage = c.req.query('page') ?? '1';
  if (!ID.test(rawPage)) throw new HttpError(400, 'Invalid page.', undefined, 'invalid-page');
  const page = Number(rawPage);
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(newsletterSubscribers).where(where);
  const totalPages = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  if (page > totalPages) throw new HttpError(400, 'There is no such page.', undefined, 'invalid-page');
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.created_at), desc(newsletterSubscribers.id))
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE);
  const byStatus = await db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status);
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 } as Record<SubscriberStatus, number>;
  for (const r of byStatus) if (r.status in counts) counts[r.status as SubscriberStatus] = Number(r.n);
  const answer: SubscriberList = { items: rows.map(rowOf), total: Number(total), page, totalPages, counts };
  return c.json(answer);
}

async function exportSubscribers(c: AdminContext, opts: NewsletterAdminOptions) {
  const { db } = deps(c);
  const { where, status, q } = filterOf(c);
  const rows = await db.select().from(newsletterSubscribers).where(where).orderBy(asc(newsletterSubscribers.id));
  const csv = stringify([
    ['email', 'name', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at', 'consent_source', 'consent_date'],
    ...rows.map((r) => {
      const s = rowOf(r);
      return [csvCell(s.email), csvCell(s.name), s.status, s.createdAt, s.confirmedAt ?? '', s.unsubscribedAt ?? '', csvCell(s.consent?.source), s.consent?.date ?? ''];
    }),
  ]);
  const s = sessionOf(c);
  await audit(db, { staffId: s.staff.id, actor: s.staff.email, action: 'subscribers.export', detail: { rows: rows.length, status: status ?? 'all', searched: q !== '' }, ip: addressOf(c, opts) });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(`\uFEFF${csv}`, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="subscribers-${status ?? 'all'}-${day}.csv"`,
  });
}

// The body is the CSV itself (text/csv), up to IMPORT_MAX_BYTES: the one console write allowed
// more than the usual 64 KB (server/http/security.ts writeLimitFor). ?confirm=1: send each added
// person the double opt-in e-mail.
async function importSubscribers(c: AdminContext, opts: NewsletterAdminOptions) {
  const { db } = deps(c);
  const text = await readImportFile(c);
  const consent = readImportConsent(c);
  const rows = parseImport(text);
  const sendConfirmation = !consent && c.req.query('confirm') === '1';
  const s = sessionOf(c);
  const graves = tombstones(db);

  const report: ImportReport = { added: 0, existing: 0, invalid: 0, erased: 0, mailed: 0, consent, rows: [] };
  const candidates = importCandidates(rows, report);
  await graves.ready();

  await db.transaction(async (tx) => {
    const keys = [...candidates.keys()];
    const buried = await graves.buried(tx, keys);
    const start = Date.now();
    const interval = 60_000 / opts.ratePerMinute;
    let mailed = 0;
    for (let i = 0; i < keys.length; i += 500) {
      const chunk = keys.slice(i, i + 500).filter((k) => !buried.has(k));
      const created = chunk.length
        ? await tx
            .insert(newsletterSubscribers)
            .values(
              chunk.map((k) => {
                const p = candidates.get(k)!;
                // Pending, whatever the file says, unless the owner gave the proof of consent for
                // the file; placeholder token hashes until a confirmation is sent.
                const base = { full_name: p.name, email: p.email, email_key: k, confirm_token_hash: `new:${newToken()}`, unsubscribe_token_hash: `new:${newToken()}` };
                return consent ? { ...base, status: 'confirmed', confirmed_at: sql`now()`, consent_source: consent.source, consent_date: consent.date } : { ...base, status: 'pending' };
              }),
            )
            .onConflictDoNothing({ target: newsletterSubscribers.email_key })
            .returning({ id: newsletterSubscribers.id, key: newsletterSubscribers.email_key })
        : [];
      const createdKeys = new Set(created.map((r) => r.key));
      for (const k of keys.slice(i, i + 500)) {
        const row = report.rows[candidates.get(k)!.at]!;
        if (buried.has(k)) Object.assign(row, { outcome: 'erased', reason: 'Erased at their request before: not added again' });
        else if (!createdKeys.has(k)) Object.assign(row, { outcome: 'existing', reason: 'Already on the list (left as it is)' });
      }
      if (sendConfirmation) {
        for (const r of created) {
          const p = candidates.get(r.key)!;
          await queueConfirmation(tx, opts, r.id, { fullName: p.name, email: p.email }, new Date(start + mailed * interval));
          mailed++;
        }
      }
    }
    for (const r of report.rows) report[r.outcome]++;
    report.mailed = mailed;
    await audit(tx, {
      staffId: s.staff.id,
      actor: s.staff.email,
      action: 'subscribers.import',
      detail: {
        rows: rows.length,
        added: report.added,
        existing: report.existing,
        invalid: report.invalid,
        erased: report.erased,
        confirmationsQueued: mailed,
        ...(consent ? { consentSource: consent.source, consentDate: consent.date } : {}),
      },
      ip: addressOf(c, opts),
    });
  });
  if (report.mailed) opts.kick();
  return c.json(report);
}

async function unsubscribe(c: AdminContext, opts: NewsletterAdminOptions) {
  const { db } = deps(c);
  const id = idParam(c, 'Subscriber');
  const s = sessionOf(c);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribed_at: sql`coalesce(${newsletterSubscribers.unsubscribed_at}, now())` })
      .where(eq(newsletterSubscribers.id, id))
      .returning({ id: newsletterSubscribers.id });
    if (!row) return false;
    await withdrawCampaignMail(tx, id);
    await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'subscriber.unsubscribe', target: `subscriber:${id}`, ip: addressOf(c, opts) });
    return true;
  });
  if (!done) throw new HttpError(404, 'Subscriber not found');
  return c.json({ ok: true });
}

async function subscriberDetail(c: AdminContext) {
  const id = idParam(c, 'Subscriber');
  const [row] = await deps(c).db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!row) throw new HttpError(404, 'Subscriber not found');
  const [{ n } = { n: 0 }] = await deps(c).db.select({ n: count() }).from(enquiries).where(sql`lower(${enquiries.email}) = ${row.email_key}`);
  return c.json({ ...rowOf(row), enquiries: Number(n) });
}

async function erase(c: AdminContext, opts: NewsletterAdminOptions) {
  const { db } = deps(c);
  const id = idParam(c, 'Subscriber');
  await readBody(c, eraseSchema);
  const s = sessionOf(c);
  await tombstones(db).ready();
  const erased = await db.transaction(async (tx) => {
    const done = await eraseSubscriber(db, tx, id);
    // The subscriber's id only: the audit log keeps no trace of the address.
    if (done) await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'subscriber.erase', target: `subscriber:${id}`, detail: done, ip: addressOf(c, opts) });
    return done;
  });
  if (!erased) throw new HttpError(404, 'Subscriber not found');
  return c.json({ ok: true, ...erased });
}

export function subscribersApi(opts: NewsletterAdminOptions) {
  const app = new Hono<AdminEnv>();
  app.get('/subscribers', owner, listSubscribers);
  app.get('/subscribers/export.csv', owner, (c) => exportSubscribers(c, opts));
  app.post('/subscribers/import', owner, (c) => importSubscribers(c, opts));
  app.post('/subscribers/:id/unsubscribe', owner, (c) => unsubscribe(c, opts));
  app.get('/subscribers/:id', owner, subscriberDetail);
  app.post('/subscribers/:id/erase', owner, (c) => erase(c, opts));
  return app;
}
