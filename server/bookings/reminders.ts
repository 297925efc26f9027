// The bookings' daily work, as a job of the job loop (server/job-loop.ts) that every process runs:
// each open booking's state is moved to what the money and the calendar imply (the balance's date
// reached → balance-due, the trip over → travelled), and the reminders that are due go to the lead
// traveller through the outbox: the balance due in 14 days, the balance overdue, the trip in 7
// days. A reminder is a booking_events row unique per (booking, kind), inserted in the same
// transaction as its e-mail: two processes, or a restart, never send it twice. "Now" comes from a
// clock the caller gives, so tests move time. An owner turns each reminder off in settings.
// Each reminder carries a link to the trip page. Only a token's hash is kept, so a reminder makes
// a new link (in the same transaction as its e-mail, so a reminder that is not sent makes none);
// the links sent before stay valid, since the traveller may use the one in an earlier e-mail, and
// staff revoke them all at once from the quote. A booking gets at most three reminders, so three
// links more at most.
import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import { REMINDER_KINDS, type ReminderKind, type ReminderSettings } from '../../common/booking-console.ts';
import { type BookingAccount, daysBetween } from '../../common/booking-money.ts';
import { tripUrl } from '../../common/trip-page.ts';
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db, Tx } from '../db/index.ts';
import { bookingEvents, bookings, quoteVersions } from '../db/schema.ts';
import { startJob, type RunningJob } from '../job-loop.ts';
import type { Logger } from '../logger.ts';
import { bookingReminderMail } from '../mail/booking-reminders.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { syncBookingState } from './bookings.ts';
import { travellerTitle } from './manual.ts';
import { createBookingTripLink, createTripLink, hasBookingTripLink } from './trip-links.ts';
import { type Clock, operatorDay, systemClock } from './today.ts';
import type { Language } from '../../common/languages.ts';

export interface ReminderOptions {
  /** The site's address, for the trip page's link. */
  siteUrl: string;
  from: string;
  messageIdDomain: string;
  operatorEmail: string;
  /** Wakes the mail worker once reminders are queued. */
  kick?: () => void;
  clock?: Clock;
}

/** How often every process looks (a reminder is a day's matter). */
const REMINDERS_EVERY_MS = 15 * 60_000;
/** Bookings looked at in one run; the run says when more remain. */
const BATCH = 200;
const SETTINGS_KEY = 'booking_reminders';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Which reminders are on (each until an owner turns it off). */
export async function readReminderSettings(db: Db | Tx): Promise<ReminderSettings> {
  const [row] = rowsOf<{ value: unknown }>(await db.execute(sql`select value from console_settings where key = ${SETTINGS_KEY}`));
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(REMINDER_KINDS.map((k) => [k, stored[k] !== false])) as ReminderSettings;
}

/** Stores the reminders' settings; answers the kinds whose setting changed. */
export async function writeReminderSettings(db: Db, next: Partial<ReminderSettings>, staffId: number): Promise<ReminderKind[]> {
  const before = await readReminderSettings(db);
  const after = { ...before, ...next };
  const changed = REMINDER_KINDS.filter((k) => before[k] !== after[k]);
  if (changed.length)
    await db.execute(sql`
      insert into console_settings (key, value, updated_by, updated_at) values (${SETTINGS_KEY}, ${JSON.stringify(after)}::jsonb, ${staffId}, now())
      on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
  return changed;
}

/** The reminders a booking's account calls for on `today`. */
function remindersDue(account: BookingAccount, today: string): ReminderKind[] {
  if (account.state === 'cancelled' || account.state === 'travelled') return [];
  const due: ReminderKind[] = [];
  const balance = account.next?.what === 'balance' ? account.next : null;
  if (balance && !account.overdue && daysBetween(today, balance.by) <= 14) due.push('balance-soon');
  if (balance && account.overdue) due.push('balance-overdue');
  if (account.daysToTravel >= 0 && account.daysToTravel <= 7) due.push('trip-soon');
  return due;
}

/** One booking's turn: its state synced, its due reminders recorded and queued (each once, ever). */
async function bookingTurn(tx: Tx, id: number, today: string, on: ReminderSettings, opts: ReminderOptions): Promise<ReminderKind[]> {
  const { booking: b, account } = await syncBookingState(tx, id, today);
  const sent: ReminderKind[] = [];
  for (const kind of remindersDue(account, today)) {
    if (!on[kind]) continue;
    const [claimed] = await tx
      .insert(bookingEvents)
      .values({ booking_id: id, kind: `reminder-${kind}`, detail: { on: today, to: b.lead_email } })
      .onConflictDoNothing()
      .returning({ id: bookingEvents.id });
    if (!claimed) continue;
    const [v] = await tx
      .select({ title: sql<string>`coalesce(${bookings.title}, ${quoteVersions.document}->>'title')` })
      .from(bookings)
      .leftJoin(quoteVersions, eq(quoteVersions.id, bookings.quote_version_id))
      .where(eq(bookings.id, id));
    // A booking with no quote names its safari: its title in the traveller's language.
    const title = v?.title ? await travellerTitle(tx, { title: v.title, safariSlug: b.title === null ? null : b.safari_slug, language: b.language as Language }) : b.reference;
    // A new trip link per reminder (only a token's hash is kept): its quote's, or its own for a
    // booking of departure seats; a booking made by hand has no trip page.
    const token = b.quote_id !== null ? await createTripLink(tx, b.quote_id) : (await hasBookingTripLink(tx, id)) ? await createBookingTripLink(tx, id) : null;
    const link = token === null ? undefined : tripUrl(opts.siteUrl, token, b.language as Language);
    const message = bookingReminderMail(
      kind,
      { reference: b.reference, title, leadName: b.lead_name, leadEmail: b.lead_email, travelFrom: b.travel_from, tripUrl: link, language: b.language as Language },
      account,
      opts,
    );
    await enqueueMail(tx, opts.messageIdDomain, [{ kind: 'booking-reminder', message }]);
    sent.push(kind);
  }
  return sent;
}

/** Looks at every open booking once; answers the reminders this process queued. */
export async function runBookingReminders(db: Db, opts: ReminderOptions): Promise<{ bookingId: number; kind: ReminderKind }[]> {
  const today = await operatorDay(db, opts.clock ?? systemClock);
  const on = await readReminderSettings(db);
  const sent: { bookingId: number; kind: ReminderKind }[] = [];
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(gt(bookings.id, after), notInArray(bookings.state, ['cancelled', 'travelled'])))
      .orderBy(asc(bookings.id))
      .limit(BATCH);
    for (const { id } of batch) {
      const kinds = await db.transaction((tx) => bookingTurn(tx, id, today, on, opts));
      for (const kind of kinds) sent.push({ bookingId: id, kind });
      after = id;
    }
    if (batch.length < BATCH) break;
  }
  if (sent.length) opts.kick?.();
  return sent;
}

export function startBookingReminders(db: Db, opts: ReminderOptions, logger: Logger, availability?: DatabaseAvailability): RunningJob {
  return startJob(
    {
      name: 'booking reminders',
      run: async () => {
        const sent = await runBookingReminders(db, opts);
        if (sent.length) logger.info({ reminders: sent.length }, 'booking reminders queued');
      },
      everyMs: REMINDERS_EVERY_MS,
      firstAfterMs: 5_000,
    },
    { logger, availability },
  );
}
