// The operator's time zone (an owner's choice on the console's settings screen; default
// Africa/Kampala): the one home of turning an instant into the operator's wall-clock time and
// back. The operator's e-mails, the campaign schedule and the console's times use it; the text is
// the same on the server and in the browser (the zone is always given, never the machine's).
import './zod-csp.ts';
import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'Africa/Kampala';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Whether the runtime knows this IANA zone name ("UTC" included). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_MESSAGE = 'Choose a time zone from the list (for example Africa/Kampala).';
export const timeZoneSchema = z.string({ error: TIME_ZONE_MESSAGE }).trim().refine(isTimeZone, TIME_ZONE_MESSAGE);

/** The zones to choose from: every zone the runtime knows, with UTC first. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(d: Date, zone: string): WallClock {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at this instant, in minutes (Kampala: 180). */
function offsetMinutes(d: Date, zone: string): number {
  const w = wallClock(d, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const m = Math.abs(minutes);
  return `UTC${sign}${Math.floor(m / 60)}${m % 60 ? `:${String(m % 60).padStart(2, '0')}` : ''}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "27 Nov 2026, 11:19 (Africa/Kampala, UTC+3)"; with `seconds`, "11:19:58". In UTC: "27 Nov 2026, 08:19 UTC".
 * `short` leaves the zone's name out: "27 Nov 2026, 11:19 UTC+3".
 */
export function operatorTime(at: Date | string, zone: string, opts: { seconds?: boolean; short?: boolean } = {}): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return '';
  const tz = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const w = wallClock(d, tz);
  const clock = `${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${pad(w.hour)}:${pad(w.minute)}${opts.seconds ? `:${pad(w.second)}` : ''}`;
  const offset = offsetText(offsetMinutes(d, tz));
  if (tz === 'UTC' || tz === 'Etc/UTC') return `${clock} UTC`;
  return opts.short ? `${clock} ${offset}` : `${clock} (${tz}, ${offset})`;
}

/** The value of an <input type="datetime-local"> showing this instant in the zone: "2026-11-27T11:19". */
export function toLocalInput(at: Date | string, zone: string): string {
  const w = wallClock(typeof at === 'string' ? new Date(at) : at, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * The instant a wall-clock time ("2026-12-01T09:00", as a datetime-local field sends it) names in
 * the zone, or null when the text is no such time. A time skipped by a daylight-saving change is
 * moved forward by the change; a repeated one is the first of the two.
 */
export function fromLocalInput(value: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m || !isTimeZone(zone)) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const naive = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(naive).getUTCDate() !== d) return null;
  // Two passes: the offset at the guess, then at the corrected guess.
  const first = naive - offsetMinutes(new Date(naive), zone) * 60_000;
  const second = naive - offsetMinutes(new Date(first), zone) * 60_000;
  const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
  const exact = [first, second].filter((t) => toLocalInput(new Date(t), zone) === wall);
  return new Date(exact.length ? Math.min(...exact) : Math.max(first, second));
}
