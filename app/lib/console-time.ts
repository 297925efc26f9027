// Times on console screens: the same text on the server and in the browser (no locale or time
// zone of either), written by the one helper of the operator's time zone (common/operator-time.ts):
// in UTC unless a screen passes the operator's zone. The console's layout provides the operator's
// zone (a console setting) to every screen: `useOperatorZone()`.
import { createContext, useContext } from 'react';
import { DEFAULT_TIME_ZONE, operatorTime, toLocalInput } from '../../common/operator-time.ts';
import { formatDate } from '../../common/intl.ts';

/** The operator's time zone of the console's screens (the layout's loader reads it). */
export const OperatorZone = createContext<string>(DEFAULT_TIME_ZONE);

export const useOperatorZone = () => useContext(OperatorZone);

/** "3 Dec 2026": a calendar date ("2026-12-03") as it is, an instant on its day in the zone. */
export function dayOf(iso: string, zone = 'UTC'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return formatDate(iso.length === 10 ? d : new Date(`${toLocalInput(d, zone).slice(0, 10)}T00:00:00Z`), 'en', 'short');
}

/** "23 Nov 2026, 18:04 UTC" (with seconds: "18:04:09 UTC"); with a zone, "23 Nov 2026, 21:04 UTC+3". */
export function when(iso: string, opts: { seconds?: boolean; zone?: string } = {}): string {
  return operatorTime(iso, opts.zone ?? 'UTC', { seconds: opts.seconds, short: true });
}
