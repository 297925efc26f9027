// /api/admin/enquiries: the enquiry inbox, for any signed-in member of staff. The list (newest
// first, 25 a page, filters and a search over name, e-mail and message), one enquiry with its
// e-mails, notes, status history and replies; changing its status, assigning it, adding a note,
// replying to the visitor through the outbox (with templates, the itinerary's and a quote's PDF:
// reply-documents.ts); and the CSV export of a filtered list (the
// dashboard's figures: dashboard.ts). Every change is in the audit log.
import { and, asc, desc, eq, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { assignSchema, bulkSchema, inboxFilterSchema, noteSchema, replySchema, statusChangeSchema, type InboxFilter } from '../../../common/enquiry-forms.ts';
import {
  EXPORT_REFUSED,
  FILTER_KEYS,
  formatInboxCursor,
  INBOX_PAGE_SIZE,
  parseInboxCursor,
  SOURCE_LABELS,
  STATUS_LABELS,
  type EnquiryDetail,
  type EnquirySource,
  type EnquiryStatus,
  type InboxCursor,
  type InboxResponse,
  type OutboxState,
  type StaffRef,
} from '../../../common/enquiry-inbox.ts';
import { BUDGET_LABELS, whenLabel, type Budget, type Trip } from '../../../common/enquiry-trip.ts';
import { firstIssue } from '../../../common/staff.ts';
import { toLocalInput } from '../../../common/operator-time.ts';
import { isEmail } from '../../../common/validation.ts';
import { audit } from '../../auth/audit.ts';
import { mayExport, readOperatorTimeZone } from '../../auth/content-access.ts';
import { requireStaff, sessionOf, type AdminContext, type AdminEnv } from '../../auth/guard.ts';
import type { Db, Tx } from '../../db/index.ts';
import { enquiries, enquiryNotes, enquiryReplies, enquiryStatusChanges, mailOutbox, safaris, staff } from '../../db/schema.ts';
import { enquiryAssignedMail } from '../../mail/enquiry-assigned.ts';
import { enquiryReply, operatorCopy } from '../../mail/enquiry-reply.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { searchFold } from '../../search/fold.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps, parsePaging } from '../../http/deps.ts';
import { HttpError } from '../../http/error.ts';
import { readBody } from './body.ts';
import { type ItineraryMaker, itineraryAttachment, quoteAttachment, replyKit } from './reply-documents.ts';
import { isLanguage, type Language } from '../../../common/languages.ts';

export interface InboxMailOptions {
  from: string;
  operatorEmail: string;
  messageIdDomain: string;
  /** Wakes the outbox worker after a reply was queued. */
  onQueued(): void;
}

export interface EnquiriesAdminOptions {
  trust: ProxyTrust;
  mail: InboxMailOptions;
  /** The site's address, for the console link in an agent's assignment notice. */
  siteUrl: string;
  /** Makes a safari's itinerary PDF for a reply (absent: a reply cannot attach one). */
  itinerary?: ItineraryMaker;
}

/** Rows read (and written) at a time by the CSV export. */
const EXPORT_BATCH = 1000;

const assignee = alias(staff, 'assignee');

/** An enquiry's safari and the member of staff it is assigned to (both joined to the enquiry; read by the list and by one enquiry). */
const safariAndAssignee = {
  safari_id: safaris.id,
  safari_title: safaris.safarititle,
  safari_slug: safaris.safarititleslug,
  assignee_id: assignee.id,
  assignee_name: assignee.name,
  assignee_email: assignee.email,
};

/** A path id: digits that fit a serial, or the enquiry does not exist (404, never a 500). */
function enquiryId(c: AdminContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new HttpError(404, 'Enquiry not found', undefined, 'not-found');
  return Number(raw);
}

/** The filters of the query string, checked (a 400 names what is wrong). */
function readFilter(c: AdminContext): InboxFilter {
  const raw: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = c.req.query(k);
    if (v !== undefined && v.trim() !== '') raw[k] = v;
  }
  const parsed = inboxFilterSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw new HttpError(400, issue.message, undefined, issue.field ? `invalid-${issue.field}` : 'invalid');
  }
  return parsed.data;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The search, blind to accents and case ("Muller" finds "Müller"; search_fold(), migration 0018):
 * every word (or word beginning) of q in the name, address or message (their stored words and
 * its GIN index), or q anywhere in the address or the name (pg_trgm).
 */
function searchCondition(q: string): SQL {
  const folded = searchFold(q);
  const words = (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  // search_name: the stored folded name (migration 0031).
  const partial = sql`(${enquiries.email} ilike ${likePattern(q)} or search_name ilike ${likePattern(folded)})`;
  if (words.length === 0) return partial;
  const tsq = words.map((w) => `${w}:*`).join(' & ');
  // search_words: the stored folded words of the name, address and message (migration 0031).
  return sql`(search_words @@ to_tsquery('simple'::regconfig, ${tsq}) or ${partial})`;
}

/** The filters but the search: status, dates, safari, month, budget, country, language. */
function baseWhere(f: InboxFilter): SQL | undefined {
  const day = 86_400_000;
  return and(
    // Spam is a filter of its own: every other list leaves it out.
    f.status ? eq(enquiries.status, f.status) : ne(enquiries.status, 'spam'),
    f.from ? gte(enquiries.created_at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(enquiries.created_at, new Date(Date.parse(`${f.to}T00:00:00Z`) + day)) : undefined,
    f.safari ? eq(enquiries.safari_id, f.safari) : undefined,
    // A month: the flexible trips of that month, and the trips whose dates reach into it.
    f.travelMonth
      ? sql`(${enquiries.travel_month} = ${f.travelMonth} or (to_char(${enquiries.travel_from}, 'YYYY-MM') <= ${f.travelMonth} and to_char(coalesce(${enquiries.travel_to}, ${enquiries.travel_from}), 'YYYY-MM') >= ${f.travelMonth}))`
      : undefined,
    f.budget ? eq(enquiries.budget, f.budget) : undefined,
    f.country ? sql`lower(${enquiries.country}) = lower(${f.country})` : undefined,
    f.language ? eq(enquiries.language, f.language) : undefined,
  );
}

/**
 * The filters of a list, written two ways. `indexed`: the search's matches are found first, through
 * the search indexes, then ordered and paged (folded into the list's newest-first scan, the planner
 * would test every row's words one by one; OFFSET 0 keeps the subquery from being folded in) —
 * cheap when the words are rare. `base` + `match`: the other filters, and the search tested row by
 * row — cheap over the next rows of the list when the words are common (firstRows).
 */
interface InboxWhere {
  base: SQL | undefined;
  match: SQL | undefined;
  indexed: SQL | undefined;
}

function filterWhere(f: InboxFilter): InboxWhere {
  const base = baseWhere(f);
  if (!f.q) return { base, match: undefined, indexed: base };
  const match = searchCondition(f.q);
  return { base, match, indexed: and(base, sql`${enquiries.id} in (select id from enquiries where ${match} offset 0)`) };
}

/** The member of staff who wrote a note, changed a status or sent a reply, as staffRef reads them. */
const byStaff = { sid: staff.id, sname: staff.name, semail: staff.email };
const staffRef = (id: number | null, name: string | null, email: string | null): StaffRef | null => (id === null || email === null ? null : { id, name: name ?? '', email });
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const tripColumns = {
  safari: enquiries.safari,
  travel_from: enquiries.travel_from,
  travel_to: enquiries.travel_to,
  travel_month: enquiries.travel_month,
  adults: enquiries.adults,
  children: enquiries.children,
  child_ages: enquiries.child_ages,
  budget: enquiries.budget,
};

/** An enquiry row's trip. */
function tripOf(r: { [K in keyof typeof tripColumns]: (typeof enquiries.$inferSelect)[K] }): Trip {
  return {
    safari: r.safari,
    travelFrom: r.travel_from,
    travelTo: r.travel_to,
    travelMonth: r.travel_month,
    adults: r.adults,
    children: r.children,
    childAges: r.child_ages,
    budget: r.budget as Budget | null,
  };
}

/** The list's columns and joins, newest first (or, for the page after a cursor, oldest first). */
function listQuery(db: Db, where: SQL | undefined, order: 'newest' | 'oldest' = 'newest') {
  const by = order === 'newest' ? desc : asc;
  return db
    .select({
      id: enquiries.id,
      created_at: enquiries.created_at,
      /** The time received in microseconds since 1970, exact: the pages' and the export's keyset. */
      created_us: sql<string>`(extract(epoch from ${enquiries.created_at}) * 1000000)::bigint::text`,
      name: enquiries.name,
      email: enquiries.email,
      phone: enquiries.phone,
      country: enquiries.country,
      language: enquiries.language,
      message: enquiries.message,
      preferred_contact_method: enquiries.preferred_contact_method,
      page_url: enquiries.page_url,
      status: enquiries.status,
      source: enquiries.source,
      ...safariAndAssignee,
      ...tripColumns,
    })
    .from(enquiries)
    .leftJoin(safaris, eq(safaris.id, enquiries.safari_id))
    .leftJoin(assignee, eq(assignee.id, enquiries.assigned_to))
    .where(where)
    .orderBy(by(enquiries.created_at), by(enquiries.id));
}

/** A cursor's time as a timestamp, exact to the microsecond (whole seconds, then the rest). */
function cursorTime(c: InboxCursor): SQL {
  const us = BigInt(c.us);
  return sql`(to_timestamp(${(us / 1_000_000n).toString()}::bigint) + ${Number(us % 1_000_000n)}::int * interval '1 microsecond')`;
}

/**
 * The enquiries older (`before`) or newer (`after`) than a cursor in the list's order: a keyset on
 * (received, id), written so that the index on the time received serves the range.
 */
function beyond(c: InboxCursor, side: 'before' | 'after'): SQL {
  const at = cursorTime(c);
  return side === 'before'
    ? sql`(${enquiries.created_at} <= ${at} and (${enquiries.created_at} < ${at} or ${enquiries.id} < ${c.id}))`
    : sql`(${enquiries.created_at} >= ${at} and (${enquiries.created_at} > ${at} or ${enquiries.id} > ${c.id}))`;
}

type ListRow = Awaited<ReturnType<typeof listQuery>>[number];
const cursorOf = (r: ListRow): InboxCursor => ({ us: r.created_us, id: r.id });

/** The page's cursor of the query string (?before= or ?after=; a 400 names a bad one). */
function readCursor(c: AdminContext): { side: 'before' | 'after'; at: InboxCursor } | null {
  const before = c.req.query('before');
  const after = c.req.query('after');
  if (before !== undefined && after !== undefined) throw new HttpError(400, 'Invalid cursor: give before or after, not both', undefined, 'invalid-cursor');
  const raw = before ?? after;
  if (raw === undefined) return null;
  const at = parseInboxCursor(raw);
  if (!at) throw new HttpError(400, 'Invalid cursor: it must be the address of a page of the list', undefined, 'invalid-cursor');
  return { side: before !== undefined ? 'before' : 'after', at };
}

/** How many of the list's next rows a search first tests one by one (firstRows). */
const SEARCH_WINDOW = 2000;
/** A search's matches are counted up to this many ("more than 1,000"); other filters exactly. */
const INBOX_COUNT_CAP = 1000;

/**
 * The first `n` rows of the list (after `extra`, a cursor's side) in `order`. Without a search, one
 * walk of the time index. With one, first the matches among the next SEARCH_WINDOW rows of the list
 * (the same walk, then each row's words tested): when they fill `n`, they are the first n matches
 * of all, since the window is the list's own beginning. Otherwise the words are rare, and the
 * search indexes find them.
 */
async function firstRows(db: Db, w: InboxWhere, extra: SQL | undefined, order: 'newest' | 'oldest', n: number) {
  if (w.match) {
    const by = order === 'newest' ? desc : asc;
    const next = db.select({ id: enquiries.id }).from(enquiries).where(and(w.base, extra)).orderBy(by(enquiries.created_at), by(enquiries.id)).limit(SEARCH_WINDOW);
    const near = await listQuery(db, and(sql`${enquiries.id} = any(array(${next}))`, w.match), order).limit(n);
    if (near.length === n) return near;
  }
  return listQuery(db, and(w.indexed, extra), order).limit(n);
}

/** The list's matches in all; a search's only up to INBOX_COUNT_CAP (then `capped`). */
async function countMatches(db: Db, w: InboxWhere): Promise<{ total: number; capped: boolean }> {
  if (!w.match) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(enquiries).where(w.base);
    return { total: Number(row?.n ?? 0), capped: false };
  }
  const some = db
    .select({ one: sql`1` })
    .from(enquiries)
    .where(and(w.base, w.match))
    .limit(INBOX_COUNT_CAP + 1)
    .as('some');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(some);
  const n = Number(row?.n ?? 0);
  return n > INBOX_COUNT_CAP ? { total: INBOX_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/**
 * One page of the filtered list, by keyset: the first page, or the rows just before or after a
 * cursor. Its own cost does not grow with how deep the page is. One row more than the page is read
 * to know whether there is a page beyond it; the other side is one look (firstRows, one row).
 */
async function inboxRows(db: Db, w: InboxWhere, cursor: ReturnType<typeof readCursor>, limit: number) {
  const forward = !cursor || cursor.side === 'before';
  const read = await firstRows(db, w, cursor ? beyond(cursor.at, cursor.side) : undefined, forward ? 'newest' : 'oldest', limit + 1);
  const more = read.length > limit;
  // Back at the newest rows: the first page itself, full.
  if (!forward && !more) return inboxRows(db, w, null, limit);
  const rows = forward ? read.slice(0, limit) : read.slice(0, limit).reverse();
  const exists = async (from: InboxCursor, side: 'before' | 'after') => (await firstRows(db, w, beyond(from, side), side === 'before' ? 'newest' : 'oldest', 1)).length > 0;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const newer = forward ? (cursor ? await exists(first ? cursorOf(first) : cursor.at, 'after') : false) : more;
  const older = forward ? more : await exists(last ? cursorOf(last) : cursor!.at, 'before');
  return { rows, newer: newer && first ? formatInboxCursor(cursorOf(first)) : null, older: older && last ? formatInboxCursor(cursorOf(last)) : null };
}

const excerpt = (m: string) => {
  const one = m.replace(/\s+/g, ' ').trim();
  return one.length > 140 ? `${one.slice(0, 139).trimEnd()}…` : one;
};

/** Cells a spreadsheet would read as a formula start with a quote instead (CSV injection). */
function safeCell(value: string | number | null): string {
  const s = value === null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

async function activeStaff(db: Tx): Promise<StaffRef[]> {
  return db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).where(isNull(staff.disabled_at)).orderBy(asc(staff.name), asc(staff.email));
}

function outboxState(r: typeof mailOutbox.$inferSelect): OutboxState {
  return {
    id: r.id,
    kind: r.kind,
    to: r.message.to.address,
    subject: r.message.subject,
    status: r.status as OutboxState['status'],
    attempts: r.attempts,
    queuedAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
    failedAt: iso(r.failed_at),
    lastError: r.last_error,
  };
}

/** The replies sent to the visitor, oldest first, with their delivery. */
function repliesOf(db: Db, id: number) {
  return db
    .select({
      id: enquiryReplies.id,
      subject: enquiryReplies.subject,
      body: enquiryReplies.body,
      at: enquiryReplies.created_at,
      ...byStaff,
      delivery: mailOutbox.status,
    })
    .from(enquiryReplies)
    .leftJoin(staff, eq(staff.id, enquiryReplies.staff_id))
    .leftJoin(mailOutbox, eq(mailOutbox.id, enquiryReplies.outbox_id))
    .where(eq(enquiryReplies.enquiry_id, id))
    .orderBy(asc(enquiryReplies.created_at), asc(enquiryReplies.id));
}

async function enquiryDetail(db: Db, id: number): Promise<EnquiryDetail | null> {
  const [e] = await db
    .select({
      row: enquiries,
      ...safariAndAssignee,
    })
    .from(enquiries)
    .leftJoin(safaris, eq(safaris.id, enquiries.safari_id))
    .leftJoin(assignee, eq(assignee.id, enquiries.assigned_to))
    .where(eq(enquiries.id, id));
  if (!e) return null;
  const [mail, notes, history, replies, members, timeZone] = await Promise.all([
    db.select().from(mailOutbox).where(eq(mailOutbox.enquiry_id, id)).orderBy(asc(mailOutbox.id)),
    db
      .select({ id: enquiryNotes.id, body: enquiryNotes.body, at: enquiryNotes.created_at, ...byStaff })
      .from(enquiryNotes)
      .leftJoin(staff, eq(staff.id, enquiryNotes.staff_id))
      .where(eq(enquiryNotes.enquiry_id, id))
      .orderBy(asc(enquiryNotes.created_at), asc(enquiryNotes.id)),
    db
      .select({ from: enquiryStatusChanges.from_status, to: enquiryStatusChanges.to_status, at: enquiryStatusChanges.at, ...byStaff })
      .from(enquiryStatusChanges)
      .leftJoin(staff, eq(staff.id, enquiryStatusChanges.staff_id))
      .where(eq(enquiryStatusChanges.enquiry_id, id))
      .orderBy(asc(enquiryStatusChanges.at), asc(enquiryStatusChanges.id)),
    repliesOf(db, id),
    activeStaff(db),
    readOperatorTimeZone(db),
  ]);
  const r = e.row;
  return {
    id: r.id,
    receivedAt: iso(r.created_at)!,
    name: r.name,
    email: r.email,
    phone: r.phone,
    country: r.country,
    message: r.message,
    preferredContactMethod: r.preferred_contact_method,
    pageUrl: r.page_url,
    language: r.language as Language,
    clientIp: r.client_ip,
    userAgent: r.user_agent,
    status: r.status as EnquiryStatus,
    source: r.source as EnquirySource,
    safari: e.safari_id === null ? null : { id: e.safari_id, title: e.safari_title!, slug: e.safari_slug! },
    trip: tripOf(r),
    assignee: staffRef(e.assignee_id, e.assignee_name, e.assignee_email),
    mail: mail.map(outboxState),
    notes: notes.map((n) => ({ id: n.id, body: n.body, at: iso(n.at)!, staff: staffRef(n.sid, n.sname, n.semail) })),
    history: history.map((h) => ({ from: h.from as EnquiryStatus, to: h.to as EnquiryStatus, at: iso(h.at)!, staff: staffRef(h.sid, h.sname, h.semail) })),
    replies: replies.map((p) => ({
      id: p.id,
      subject: p.subject,
      body: p.body,
      at: iso(p.at)!,
      staff: staffRef(p.sid, p.sname, p.semail),
      delivery: (p.delivery as OutboxState['status'] | null) ?? null,
    })),
    staff: members,
    timeZone,
  };
}

/** The enquiry's row, locked for the change (404 when there is none). */
async function locked(tx: Tx, id: number) {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
  if (!row) throw new HttpError(404, 'Enquiry not found', undefined, 'not-found');
  return row;
}

async function setStatus(tx: Tx, id: number, from: string, to: EnquiryStatus, staffId: number) {
  await tx.update(enquiries).set({ status: to }).where(eq(enquiries.id, id));
  await tx.insert(enquiryStatusChanges).values({ enquiry_id: id, staff_id: staffId, from_status: from, to_status: to });
}

/** Changes one enquiry's status (recorded in its history and the audit log); false when it already had it. */
async function changeStatus(tx: Tx, id: number, to: EnquiryStatus, c: AdminContext, ip: string | null): Promise<boolean> {
  const s = sessionOf(c);
  const row = await locked(tx, id);
  if (row.status === to) return false;
  await setStatus(tx, id, row.status, to, s.staff.id);
  await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'enquiry.status', target: `enquiry:${id}`, detail: { from: row.status, to }, ip });
  return true;
}

/** Assigns one enquiry (null: nobody), as the member's role allows; false when it already was. */
async function assignTo(tx: Tx, id: number, staffId: number | null, c: AdminContext, ip: string | null, opts: EnquiriesAdminOptions): Promise<boolean> {
  const s = sessionOf(c);
  const row = await locked(tx, id);
  if (s.staff.role !== 'owner') {
    // An agent takes an enquiry, or gives back their own; nothing else.
    const takes = staffId === s.staff.id;
    const releasesOwn = staffId === null && row.assigned_to === s.staff.id;
    if (!takes && !releasesOwn) throw new HttpError(403, 'An agent may assign an enquiry only to themself, or unassign themself.', undefined, 'forbidden');
  }
  if (staffId !== null) {
    const [member] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.id, staffId), isNull(staff.disabled_at)));
    if (!member) throw new HttpError(400, 'Choose an active member of staff.', undefined, 'invalid-staffId');
  }
  if (row.assigned_to === staffId) return false;
  await tx.update(enquiries).set({ assigned_to: staffId }).where(eq(enquiries.id, id));
  await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'enquiry.assign', target: `enquiry:${id}`, detail: { from: row.assigned_to, to: staffId }, ip });
  // The member it is given to hears of it (not one who took it themself).
  if (staffId !== null && staffId !== s.staff.id) await noticeToAssignee(tx, row, staffId, s.staff, opts);
  return true;
}

/**
 * Tells a member of staff by e-mail (through the outbox) that an enquiry is theirs: once per
 * enquiry and member, however often it goes back and forth.
 */
async function noticeToAssignee(tx: Tx, row: typeof enquiries.$inferSelect, staffId: number, by: { name: string; email: string }, opts: EnquiriesAdminOptions): Promise<void> {
  const [member] = await tx.select({ name: staff.name, email: staff.email }).from(staff).where(eq(staff.id, staffId));
  if (!member) return;
  const [sent] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.enquiry_id, row.id), eq(mailOutbox.kind, 'enquiry-assigned'), sql`${mailOutbox.message}->'to'->>'address' = ${member.email}`))
    .limit(1);
  if (sent) return;
  const [safari] = row.safari_id === null ? [] : await tx.select({ title: safaris.safarititle }).from(safaris).where(eq(safaris.id, row.safari_id));
  const message = enquiryAssignedMail(
    {
      enquiryId: row.id,
      agent: member,
      by,
      traveller: { name: row.name, country: row.country },
      trip: tripOf(row),
      safariTitle: safari?.title ?? null,
      link: new URL(`/admin/enquiries/${row.id}`, opts.siteUrl).toString(),
    },
    { from: opts.mail.from },
  );
  await enqueueMail(tx, opts.mail.messageIdDomain, [{ kind: 'enquiry-assigned', enquiryId: row.id, message }]);
}

/** The safaris enquiries were sent about, by title: one look in the enquiries' index per safari. */
function safariChoices(db: Db) {
  return db
    .select({ id: safaris.id, title: safaris.safarititle })
    .from(safaris)
    .where(sql`exists (select 1 from ${enquiries} where ${enquiries.safari_id} = ${safaris.id})`)
    .orderBy(asc(safaris.safarititle), asc(safaris.id));
}

/**
 * The countries enquiries came from, in order: the next one after each, along the country index
 * (migration 0031), one look per country instead of reading every enquiry.
 */
async function countryChoices(db: Db): Promise<{ country: string }[]> {
  const rows = await db.execute(sql`
    with recursive c(country) as (
      select min(country) from enquiries where country <> ''
      union all
      select (select min(e.country) from enquiries e where e.country > c.country) from c where c.country is not null)
    select country from c where country is not null`);
  return (Array.isArray(rows) ? rows : (rows as { rows: { country: string }[] }).rows) as { country: string }[];
}

/** The inbox's list and its CSV export. */
function listRoutes(app: Hono<AdminEnv>, addressOf: (c: AdminContext) => string | null): void {
  app.get('/enquiries', async (c) => {
    const { db } = deps(c);
    const filter = readFilter(c);
    // Pages go by cursor; ?limit= is the page's size.
    const { limit } = parsePaging((k) => (k === 'limit' ? c.req.query(k) : undefined), INBOX_PAGE_SIZE);
    const cursor = readCursor(c);
    const where = filterWhere(filter);
    const [counted, page, safariOptions, countries, members, timeZone] = await Promise.all([
      countMatches(db, where),
      inboxRows(db, where, cursor, limit),
      safariChoices(db),
      countryChoices(db),
      activeStaff(db),
      readOperatorTimeZone(db),
    ]);
    const answer: InboxResponse = {
      enquiries: page.rows.map((r) => ({
        id: r.id,
        receivedAt: iso(r.created_at)!,
        name: r.name,
        email: r.email,
        country: r.country,
        language: r.language as Language,
        status: r.status as EnquiryStatus,
        source: r.source as EnquirySource,
        safari: r.safari_id === null ? null : { id: r.safari_id, title: r.safari_title!, slug: r.safari_slug! },
        assignee: staffRef(r.assignee_id, r.assignee_name, r.assignee_email),
        excerpt: excerpt(r.message),
      })),
      total: counted.total,
      totalCapped: counted.capped,
      newer: page.newer,
      older: page.older,
      options: { safaris: safariOptions, countries: [...new Set(countries.map((r) => r.country))], staff: members },
      timeZone,
    };
    return c.json(answer);
  });

  app.get('/enquiries/export.csv', (c) => exportCsv(c, addressOf));
}

/** The CSV's columns; the time received is in the operator's time zone, named in its heading. */
const exportColumns = (zone: string) => ['Id', `Received (${zone})`, 'Status', 'Source', 'Name', 'Email', 'Phone', 'Country', 'Preferred contact', 'Safari', 'Assigned to', 'Page', 'Message'];
const TRIP_EXPORT_COLUMNS = ['Travel from', 'Travel to', 'Travel month', 'Travel dates', 'Adults', 'Children', 'Children’s ages', 'Budget per person'];

/** One row of the CSV: the enquiry's columns, then its trip's. */
function exportRow(r: ListRow, zone: string): string[] {
  const trip = tripOf(r);
  return [
    r.id,
    toLocalInput(r.created_at, zone).replace('T', ' '),
    STATUS_LABELS[r.status as EnquiryStatus] ?? r.status,
    SOURCE_LABELS[r.source as EnquirySource] ?? r.source,
    r.name,
    r.email,
    r.phone,
    r.country,
    r.preferred_contact_method,
    r.safari_title,
    r.assignee_email,
    r.page_url,
    r.message,
    trip.travelFrom,
    trip.travelTo,
    trip.travelMonth,
    whenLabel(trip),
    trip.adults,
    trip.children,
    trip.childAges?.join(', ') ?? null,
    trip.budget ? BUDGET_LABELS[trip.budget] : null,
  ].map(safeCell);
}

/** The next rows of the export after `cursor` (the last row written), newest first as the list. */
async function exportBatch(db: Db, where: SQL | undefined, cursor: InboxCursor | null) {
  const rows = await listQuery(db, and(where, cursor ? beyond(cursor, 'before') : undefined)).limit(EXPORT_BATCH);
  const last = rows[rows.length - 1];
  return { rows, next: last ? cursorOf(last) : null };
}

/**
 * The filtered list as a CSV file: owners, and agents while an owner allows it (a 403 otherwise).
 * Every row, streamed: read a batch at a time and written as it is read, so memory stays flat
 * however many enquiries there are. The first batch is read before the answer starts (an outage
 * then is a 503, not a broken file). Every export is in the audit log, with its row count and
 * filters, once written to the end (or, when the download is cut off, the rows written until then).
 */
async function exportCsv(c: AdminContext, addressOf: (c: AdminContext) => string | null) {
  const { db } = deps(c);
  const s = sessionOf(c);
  if (!(await mayExport(db, s))) throw new HttpError(403, EXPORT_REFUSED, undefined, 'forbidden');
  const filter = readFilter(c);
  const where = filterWhere(filter).indexed;
  const zone = await readOperatorTimeZone(db);
  let batch = await exportBatch(db, where, null);
  let started = false;
  let written = 0;
  let audited = false;
  const record = async (detail: Record<string, unknown>) => {
    if (audited) return;
    audited = true;
    await audit(db, { staffId: s.staff.id, actor: s.staff.email, action: 'enquiries.export', target: 'enquiries', detail: { rows: written, filter, ...detail }, ip: addressOf(c) });
  };
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = !started;
      started = true;
      const text = stringify(
        batch.rows.map((r) => exportRow(r, zone)),
        { header: first, columns: [...exportColumns(zone), ...TRIP_EXPORT_COLUMNS], quoted_match: /[\r\n]/ },
      );
      written += batch.rows.length;
      if (text) controller.enqueue(encoder.encode(first ? `\uFEFF${text}` : text));
      if (batch.rows.length < EXPORT_BATCH || !batch.next) {
        await record({});
        controller.close();
        return;
      }
      batch = await exportBatch(db, where, batch.next);
    },
    async cancel() {
      await record({ incomplete: true });
    },
  });
  const day = toLocalInput(new Date(), zone).slice(0, 10);
  return c.body(body, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="enquiries-${day}.csv"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}

/** One enquiry, and the changes staff make to one or several: status, assignment, notes. */
function changeRoutes(app: Hono<AdminEnv>, addressOf: (c: AdminContext) => string | null, opts: EnquiriesAdminOptions): void {
  app.get('/enquiries/:id', async (c) => {
    const detail = await enquiryDetail(deps(c).db, enquiryId(c));
    if (!detail) throw new HttpError(404, 'Enquiry not found', undefined, 'not-found');
    return c.json(detail);
  });

  app.post('/enquiries/:id/status', async (c) => {
    const id = enquiryId(c);
    const input = await readBody(c, statusChangeSchema);
    const changed = await deps(c).db.transaction((tx) => changeStatus(tx, id, input.status, c, addressOf(c)));
    return c.json({ ok: true, status: input.status, changed });
  });

  app.post('/enquiries/:id/assign', async (c) => {
    const id = enquiryId(c);
    const input = await readBody(c, assignSchema);
    const changed = await deps(c).db.transaction((tx) => assignTo(tx, id, input.staffId, c, addressOf(c), opts));
    if (changed) opts.mail.onQueued();
    return c.json({ ok: true, staffId: input.staffId, changed });
  });

  // Several enquiries at once (the inbox's ticked rows): all of them or, on any refusal, none.
  app.post('/enquiries/bulk', async (c) => {
    const input = await readBody(c, bulkSchema);
    const ids = [...new Set(input.ids)].sort((a, b) => a - b);
    const change = input.change;
    const changed = await deps(c).db.transaction(async (tx) => {
      let n = 0;
      for (const id of ids) if ('status' in change ? await changeStatus(tx, id, change.status, c, addressOf(c)) : await assignTo(tx, id, change.staffId, c, addressOf(c), opts)) n++;
      return n;
    });
    if (changed) opts.mail.onQueued();
    return c.json({ ok: true, count: ids.length, changed });
  });

  app.post('/enquiries/:id/notes', async (c) => {
    const { db } = deps(c);
    const id = enquiryId(c);
    const s = sessionOf(c);
    const input = await readBody(c, noteSchema);
    const note = await db.transaction(async (tx) => {
      await locked(tx, id);
      const [n] = await tx.insert(enquiryNotes).values({ enquiry_id: id, staff_id: s.staff.id, body: input.body }).returning({ id: enquiryNotes.id });
      await audit(tx, { staffId: s.staff.id, actor: s.staff.email, action: 'enquiry.note', target: `enquiry:${id}`, detail: { note: n!.id }, ip: addressOf(c) });
      return n!;
    });
    return c.json({ ok: true, id: note.id }, 201);
  });
}

/** A reply to the visitor, through the outbox (a first answer moves a new enquiry on). */
function replyRoute(app: Hono<AdminEnv>, opts: EnquiriesAdminOptions, addressOf: (c: AdminContext) => string | null): void {
  app.post('/enquiries/:id/replies', async (c) => {
    const { db } = deps(c);
    const id = enquiryId(c);
    const s = sessionOf(c);
    const input = await readBody(c, replySchema);
    // The itinerary is made before the transaction: it reads the content as a visitor's page does.
    const itinerary = input.attachItinerary ? await itineraryAttachment(db, id, opts.itinerary) : null;
    const reply = await db.transaction(async (tx) => {
      const row = await locked(tx, id);
      // An enquiry whose personal data was erased has no address to answer.
      if (!isEmail(row.email)) throw new HttpError(409, 'This enquiry has no e-mail address to reply to.', undefined, 'no-address');
      // Threaded with what the visitor received: their acknowledgement.
      const [ack] = await tx
        .select({ message_id: mailOutbox.message_id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.enquiry_id, id), eq(mailOutbox.kind, 'enquiry-acknowledgement')))
        .orderBy(asc(mailOutbox.id))
        .limit(1);
      const visitor = { name: row.name, email: row.email };
      const mailOpts = { from: opts.mail.from, operatorEmail: opts.mail.operatorEmail };
      const quote = input.quoteId ? await quoteAttachment(tx, id, input.quoteId, opts.siteUrl) : null;
      const attachments = [itinerary, quote?.attachment].filter((a) => a !== null && a !== undefined);
      const files = attachments.map((a) => a.filename);
      const language = isLanguage(row.language) ? row.language : undefined;
      const reply = { enquiryId: id, visitor, subject: input.subject, body: input.body, author: { name: s.staff.name }, threadMessageId: ack?.message_id ?? null, language };
      const link = (url: 'tripUrl' | 'consoleUrl') => (quote ? { reference: quote.quote.reference, url: quote.quote[url], console: url === 'consoleUrl' } : null);
      const message = enquiryReply({ ...reply, documents: { files, quote: link('tripUrl') } }, mailOpts);
      if (attachments.length) message.attachments = attachments;
      // The reply, and its copy for the operator's mailbox (which links the quote in the console, not the traveller's page, and carries no files).
      const copy = operatorCopy(enquiryReply({ ...reply, documents: { files, quote: link('consoleUrl') } }, mailOpts), { enquiryId: id, visitor }, mailOpts);
      const [outboxId] = await enqueueMail(tx, opts.mail.messageIdDomain, [
        { kind: 'enquiry-reply', enquiryId: id, message },
        { kind: 'enquiry-reply-copy', enquiryId: id, message: copy },
      ]);
      const [r] = await tx.insert(enquiryReplies).values({ enquiry_id: id, staff_id: s.staff.id, subject: input.subject, body: input.body, outbox_id: outboxId! }).returning({ id: enquiryReplies.id });
      // A first answer moves a new enquiry on.
      if (row.status === 'new') await setStatus(tx, id, 'new', 'contacted', s.staff.id);
      await audit(tx, {
        staffId: s.staff.id,
        actor: s.staff.email,
        action: 'enquiry.reply',
        target: `enquiry:${id}`,
        detail: { reply: r!.id, outbox: outboxId, ...(files.length ? { files } : {}), ...(row.status === 'new' ? { status: 'contacted' } : {}) },
        ip: addressOf(c),
      });
      return { id: r!.id, outboxId: outboxId!, status: row.status === 'new' ? 'contacted' : row.status };
    });
    opts.mail.onQueued();
    return c.json({ ok: true, ...reply }, 201);
  });
  app.get('/enquiries/:id/reply-kit', async (c) => c.json(await replyKit(deps(c).db, enquiryId(c), sessionOf(c).staff.name)));
}

export function enquiriesAdminApi(opts: EnquiriesAdminOptions) {
  const app = new Hono<AdminEnv>();
  const addressOf = (c: AdminContext) => sourceOf(c, opts.trust).address ?? null;
  app.use('/enquiries/*', requireStaff());
  app.use('/enquiries', requireStaff());
  listRoutes(app, addressOf);
  changeRoutes(app, addressOf, opts);
  replyRoute(app, opts, addressOf);
  return app;
}
