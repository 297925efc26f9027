// "Today" for bookings: the operator's calendar day (in the time zone set in the console) at an
// instant that callers take from a clock they are given, so that tests move time rather than wait.
import { readOperatorTimeZone } from '../auth/content-access.ts';
import type { Db, Tx } from '../db/index.ts';

/** A clock: the current instant (tests pass their own). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function dayIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The operator's day at the clock's instant. */
export async function operatorDay(db: Db | Tx, clock: Clock = systemClock): Promise<string> {
  return dayIn(clock(), await readOperatorTimeZone(db));
}
