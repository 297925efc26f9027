// The sign-in counts against an in-memory database, with a clock: which failure locks, that a
// lock is reported once, that a known device is counted apart, and that a lock ends with its window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { openMigratedMemoryDatabase } from '../../tests/helpers/db.ts';
import { signInBlocked, signInFailed, type SignInLimits } from './throttle.ts';

const WINDOW = 15 * 60_000;
const LIMITS: SignInLimits = { perAccount: { max: 3, windowMs: WINDOW }, perAddress: { max: 100, windowMs: WINDOW }, perDevice: { max: 2, windowMs: WINDOW } };
const T0 = Math.floor(Date.UTC(2026, 10, 27, 9, 0) / WINDOW) * WINDOW;

describe('sign-in throttle', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedMemoryDatabase();
  });
  afterAll(() => database?.close());

  it('the failure that reaches the account limit is the lock, reported once; the lock ends with its window', async () => {
    const { db } = database;
    const elsewhere = { account: 'amani@example.com', address: '203.0.113.0' };
    const locks = [];
    for (let i = 0; i < 3; i++) locks.push(await signInFailed(db, LIMITS, elsewhere, T0 + i * 1000));
    expect(locks.slice(0, 2)).toEqual([null, null]);
    expect(locks[2]).toEqual({ at: new Date(T0 + 2000), until: new Date(T0 + WINDOW) });
    expect(await signInBlocked(db, LIMITS, elsewhere, T0 + 3000)).toBe((WINDOW - 3000) / 1000);
    // Counted anyway (a race past the check): no second lock report.
    expect(await signInFailed(db, LIMITS, elsewhere, T0 + 4000)).toBeNull();
    // The next window: free again, and a new lock is a new report.
    expect(await signInBlocked(db, LIMITS, elsewhere, T0 + WINDOW)).toBe(0);
    for (let i = 0; i < 2; i++) expect(await signInFailed(db, LIMITS, elsewhere, T0 + WINDOW + i)).toBeNull();
    expect(await signInFailed(db, LIMITS, elsewhere, T0 + WINDOW + 5)).toEqual({ at: new Date(T0 + WINDOW + 5), until: new Date(T0 + 2 * WINDOW) });
  });

  it('a known device is counted on its own: not blocked by the account lock, blocked by its own limit', async () => {
    const { db } = database;
    const locked = { account: 'neema@example.com', address: null };
    for (let i = 0; i < 3; i++) await signInFailed(db, LIMITS, locked, T0 + i);
    expect(await signInBlocked(db, LIMITS, locked, T0 + 10)).toBeGreaterThan(0);
    const device = { ...locked, device: 'device-one' };
    expect(await signInBlocked(db, LIMITS, device, T0 + 10)).toBe(0);
    expect(await signInFailed(db, LIMITS, device, T0 + 11)).toBeNull();
    expect(await signInFailed(db, LIMITS, device, T0 + 12)).toBeNull();
    expect(await signInBlocked(db, LIMITS, device, T0 + 13)).toBeGreaterThan(0);
    expect(await signInBlocked(db, LIMITS, { ...locked, device: 'device-two' }, T0 + 13)).toBe(0);
  });
});
