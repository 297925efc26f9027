import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, fromLocalInput, isTimeZone, operatorTime, timeZoneChoices, timeZoneSchema, toLocalInput } from './operator-time.ts';

describe('operator time', () => {
  const at = new Date('2026-11-27T08:19:58.262Z');

  it('writes an instant in the operator’s zone, with the zone named', () => {
    expect(operatorTime(at, 'Africa/Kampala')).toBe('27 Nov 2026, 11:19 (Africa/Kampala, UTC+3)');
    expect(operatorTime(at, 'Africa/Kampala', { seconds: true, short: true })).toBe('27 Nov 2026, 11:19:58 UTC+3');
    expect(operatorTime(at, 'UTC')).toBe('27 Nov 2026, 08:19 UTC');
    expect(operatorTime(at, 'Asia/Kolkata')).toBe('27 Nov 2026, 13:49 (Asia/Kolkata, UTC+5:30)');
    expect(operatorTime(at, 'America/New_York')).toBe('27 Nov 2026, 03:19 (America/New_York, UTC−5)');
    expect(operatorTime(at.toISOString(), 'Africa/Kampala')).toBe(operatorTime(at, 'Africa/Kampala'));
  });

  it('falls back to the default zone for an unknown one, and to nothing for no date', () => {
    expect(operatorTime(at, 'Mars/Olympus')).toBe(operatorTime(at, DEFAULT_TIME_ZONE));
    expect(operatorTime('not a date', 'UTC')).toBe('');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('Africa/Kampala')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Africa/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(timeZoneSchema.safeParse('Europe/Paris').success).toBe(true);
    expect(timeZoneSchema.safeParse('Nowhere').success).toBe(false);
    expect(timeZoneChoices()[0]).toBe('UTC');
    expect(timeZoneChoices()).toContain('Africa/Kampala');
  });

  it('reads a wall-clock time of the zone as the instant it names', () => {
    expect(fromLocalInput('2026-12-01T09:00', 'Africa/Kampala')?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(fromLocalInput('2026-07-01T09:00', 'Europe/London')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(fromLocalInput('2026-12-01T09:00', 'UTC')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    // Skipped by the spring change in London (01:00 → 02:00): moved forward by the hour.
    expect(fromLocalInput('2026-03-29T01:30', 'Europe/London')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    for (const bad of ['', '2026-02-30T09:00', '2026-12-01 09:00', '2026-13-01T09:00', '2026-12-01T24:00', 'tomorrow']) expect(fromLocalInput(bad, 'Africa/Kampala')).toBeNull();
    expect(fromLocalInput('2026-12-01T09:00', 'Nowhere')).toBeNull();
  });

  it('round-trips every minute through the field in several zones', () => {
    const zones = ['Africa/Kampala', 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 }), fc.constantFrom(...zones), (minute, zone) => {
        const d = new Date(minute * 60_000);
        const back = fromLocalInput(toLocalInput(d, zone), zone)!;
        // A repeated hour (autumn change) reads as its first instance.
        expect(back.getTime() === d.getTime() || d.getTime() - back.getTime() === 3600_000).toBe(true);
      }),
    );
  });
});
