// The console's view of bookings: the lists (filtered by state, departing month, money due or
// overdue, a reference or a name), one booking with its ledger, history, manifest and the lodges
// to confirm night by night; and what staff change on it: the notes, a night confirmed, a
// cancellation. The money always comes from the one money function (common/booking-money.ts).
import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { type BookingDetail, type BookingFilters, type BookingList, type BookingListItem, BOOKING_CONSOLE_MESSAGES, DUE_SOON_DAYS, type LodgeNight } from '../../common/booking-console.ts';
import { accountOf, addDays, type BookingAccount, type BookingState, daysBetween, type LedgerKind } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import type { QuoteDocument } from '../../common/quote-document.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookingEvents, bookings, bookingTravellers, departureSeats, ledgerEntries, quotes, quoteVersions, staff } from '../db/schema.ts';
import { HttpError } from '../http/error.ts';
import { type BookingRow, bookingAccount, termsOf } from './bookings.ts';
import type { Language } from '../../common/languages.ts';

/** At most this many bookings in one list. */
const LIST_LIMIT = 300;

function conditions(f: BookingFilters): SQL[] {
  const where: SQL[] = [];
  if (f.state) where.push(eq(bookings.state, f.state));
  if (f.month) where.push(gte(bookings.travel_from, `${f.month}-01`), lt(bookings.travel_from, nextMonth(f.month)));
  if (f.money) where.push(inArray(bookings.state, ['confirmed-pending-deposit', 'confirmed', 'balance-due']));
  const q = f.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(bookings.reference, like), ilike(bookings.lead_name, like), ilike(bookings.lead_email, like))!);
  }
  return where;
}

/** The first day of the month after a YYYY-MM. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Each booking's ledger, summed by kind (the account adds entries, so their sums give the same account). */
async function ledgerSums(db: Db | Tx, ids: number[]): Promise<Map<number, { amountMinor: number; currency: Currency; kind: LedgerKind }[]>> {
  const out = new Map<number, { amountMinor: number; currency: Currency; kind: LedgerKind }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: ledgerEntries.booking_id, kind: ledgerEntries.kind, currency: ledgerEntries.currency, sum: sql<string>`sum(${ledgerEntries.amount_minor})` })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.booking_id, ids))
    .groupBy(ledgerEntries.booking_id, ledgerEntries.kind, ledgerEntries.currency);
  for (const r of rows) {
    const list = out.get(r.id) ?? [];
    list.push({ amountMinor: Number(r.sum), currency: r.currency as Currency, kind: r.kind as LedgerKind });
    out.set(r.id, list);
  }
  return out;
}

function matchesMoney(a: BookingAccount, f: BookingFilters, today: string): boolean {
  if (f.money === 'overdue') return a.overdue;
  if (f.money === 'due') return a.next !== null && !a.overdue && daysBetween(today, a.next.by) <= DUE_SOON_DAYS;
  return true;
}

function listItem(b: BookingRow, title: string, travellers: number, account: BookingAccount): BookingListItem {
  return {
    id: b.id,
    reference: b.reference,
    state: b.state as BookingState,
    leadName: b.lead_name,
    leadEmail: b.lead_email,
    travellers,
    title,
    travelFrom: b.travel_from,
    travelTo: b.travel_to,
    currency: b.currency as Currency,
    account,
  };
}

/** The bookings that match, soonest departure first, each with its account on `today`. */
export async function listBookings(db: Db, filters: BookingFilters, today: string): Promise<BookingList> {
  const where = conditions(filters);
  const rows = await db
    .select({
      booking: bookings,
      title: sql<string>`coalesce(${bookings.title}, ${quoteVersions.document}->>'title')`,
      travellers: sql<number>`(select count(*)::int from ${bookingTravellers} t where t.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .leftJoin(quoteVersions, eq(quoteVersions.id, bookings.quote_version_id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(bookings.travel_from), asc(bookings.id))
    .limit(LIST_LIMIT + 1);
  const shown = rows.slice(0, LIST_LIMIT);
  const sums = await ledgerSums(
    db,
    shown.map((r) => r.booking.id),
  );
  const items = shown
    .map((r) => listItem(r.booking, r.title ?? '', Number(r.travellers), accountOf(termsOf(r.booking), sums.get(r.booking.id) ?? [], today)))
    .filter((i) => matchesMoney(i.account, filters, today));
  return { today, filters, items, more: rows.length > LIST_LIMIT };
}

/** The nights of the accepted version's itinerary that have a lodge, and whether each is confirmed (its latest event). */
function lodgeNights(doc: QuoteDocument, travelFrom: string, events: { kind: string; detail: Record<string, unknown> }[]): LodgeNight[] {
  const confirmed = new Map<number, boolean>();
  for (const e of events) if (e.kind === 'lodge-night' && typeof e.detail.night === 'number') confirmed.set(e.detail.night, e.detail.confirmed === true);
  const nights: LodgeNight[] = [];
  doc.days.forEach((day, i) => {
    if (!day.lodge) return;
    const night = i + 1;
    nights.push({ night, date: addDays(travelFrom, i), lodge: day.lodge.name, roomType: day.lodge.roomType ?? '', board: day.lodge.board ?? '', confirmed: confirmed.get(night) ?? false });
  });
  return nights;
}

async function staffNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  const names = new Map<number, string>();
  if (wanted.length) for (const s of await db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).where(inArray(staff.id, wanted))) names.set(s.id, s.name || s.email);
  return names;
}

/** One booking as its screen shows it; null when there is none. */
export async function bookingDetail(db: Db, id: number, today: string): Promise<BookingDetail | null> {
  const found = await bookingAccount(db, id, today);
  if (!found) return null;
  const { booking: b, entries, account } = found;
  // A booking made by hand has no quote: its title is its own, and it has no lodges to confirm.
  const [[version], [quote], [seats], travellers, events] = await Promise.all([
    b.quote_version_id === null ? [] : db.select({ document: quoteVersions.document }).from(quoteVersions).where(eq(quoteVersions.id, b.quote_version_id)),
    b.quote_id === null ? [] : db.select({ reference: quotes.reference }).from(quotes).where(eq(quotes.id, b.quote_id)),
    b.quote_id === null ? db.select({ departureId: departureSeats.departure_id }).from(departureSeats).where(eq(departureSeats.booking_id, id)) : [],
    db.select().from(bookingTravellers).where(eq(bookingTravellers.booking_id, id)).orderBy(asc(bookingTravellers.position)),
    db.select().from(bookingEvents).where(eq(bookingEvents.booking_id, id)).orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
  ]);
  const names = await staffNames(db, [...entries.map((e) => e.recorded_by), ...events.map((e) => e.staff_id)]);
  const doc = version?.document ?? null;
  return {
    ...listItem(b, b.title ?? doc?.title ?? '', travellers.length, account),
    today,
    quoteReference: quote?.reference ?? '',
    manual: b.quote_id === null && !seats,
    departureId: seats?.departureId ?? null,
    leadPhone: b.lead_phone,
    language: b.language as Language,
    depositDueOn: b.deposit_due_on,
    balanceDueOn: b.balance_due_on,
    notes: b.notes,
    createdAt: b.created_at.toISOString(),
    ledger: entries.map((e) => ({
      id: e.id,
      kind: e.kind as LedgerKind,
      amountMinor: e.amount_minor,
      currency: e.currency as Currency,
      method: e.method,
      reference: e.reference,
      receivedOn: e.received_on,
      reason: e.reason,
      recordedBy: e.recorded_by !== null ? (names.get(e.recorded_by) ?? `Staff #${e.recorded_by}`) : (e.provider ?? ''),
      recordedAt: e.created_at.toISOString(),
    })),
    events: [...events].reverse().map((e) => ({ id: e.id, kind: e.kind, detail: e.detail, by: e.staff_id === null ? null : (names.get(e.staff_id) ?? null), at: e.at.toISOString() })),
    manifest: travellers.map((t) => ({ position: t.position, name: t.name, age: t.age, dietary: t.dietary, medical: t.medical })),
    nights: doc ? lodgeNights(doc, b.travel_from, events) : [],
  };
}

async function lockBooking(tx: Tx, id: number): Promise<BookingRow> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!b) throw new HttpError(404, 'Booking not found', undefined, 'not-found');
  return b;
}

/** Cancels a booking (staff, with a reason): the state and its event; the ledger is untouched (refunds are entries). */
export async function cancelBooking(tx: Tx, id: number, reason: string, staffId: number): Promise<void> {
  const b = await lockBooking(tx, id);
  if (b.state === 'cancelled') throw new HttpError(409, BOOKING_CONSOLE_MESSAGES.alreadyCancelled, undefined, 'cancelled');
  await tx.update(bookings).set({ state: 'cancelled', updated_at: new Date() }).where(eq(bookings.id, id));
  await tx.insert(bookingEvents).values({ booking_id: id, kind: 'state', detail: { from: b.state, to: 'cancelled', reason }, staff_id: staffId });
}

/** Saves the booking's notes; answers whether they changed. */
export async function saveNotes(tx: Tx, id: number, notes: string, staffId: number): Promise<boolean> {
  const b = await lockBooking(tx, id);
  if (b.notes === notes) return false;
  await tx.update(bookings).set({ notes, updated_at: new Date() }).where(eq(bookings.id, id));
  await tx.insert(bookingEvents).values({ booking_id: id, kind: 'notes', detail: {}, staff_id: staffId });
  return true;
}

/** Ticks (or unticks) a night's lodge as confirmed: an event, so who confirmed what, and when, stays. */
export async function confirmNight(tx: Tx, id: number, night: number, confirmed: boolean, staffId: number): Promise<void> {
  const b = await lockBooking(tx, id);
  const [version] = b.quote_version_id === null ? [] : await tx.select({ document: quoteVersions.document }).from(quoteVersions).where(eq(quoteVersions.id, b.quote_version_id));
  const day = version?.document.days[night - 1];
  if (!day?.lodge) throw Object.assign(new HttpError(400, BOOKING_CONSOLE_MESSAGES.night, undefined, 'invalid-night'), { field: 'night' });
  await tx.insert(bookingEvents).values({ booking_id: id, kind: 'lodge-night', detail: { night, confirmed, lodge: day.lodge.name }, staff_id: staffId });
}
