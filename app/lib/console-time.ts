// Times on console screens: the same text on the server and in the browser (no locale or time
// zone of either), written by the one helper of the operator's time zone (common/operator-time.ts):
// in UTC unless a screen passes the operator's zone.
import { operatorTime } from '../../common/operator-time.ts';

/** "23 Nov 2026, 18:04 UTC" (with seconds: "18:04:09 UTC"); with a zone, "23 Nov 2026, 21:04 UTC+3". */
export function when(iso: string, opts: { seconds?: boolean; zone?: string } = {}): string {
  return operatorTime(iso, opts.zone ?? 'UTC', { seconds: opts.seconds, short: true });
}
