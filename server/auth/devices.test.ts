import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { openMigratedMemoryDatabase } from '../../tests/helpers/db.ts';
import { DEVICE_MS, deviceCookie, issueDevice, knownDeviceOf, readDevice } from './devices.ts';

describe('device cookies', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedMemoryDatabase();
  });
  afterAll(() => database?.close());

  it('are __Host- prefixed and Secure on an https site, HttpOnly and SameSite=Lax everywhere', () => {
    expect(deviceCookie('https://www.kigezitrails.example').set('v', DEVICE_MS / 1000)).toBe('__Host-staff-device=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=15552000; Secure');
    expect(deviceCookie('http://localhost:3000').set('v', 60)).toBe('staff_device=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
  });

  it('name their account; a changed byte, another database or age makes them nothing', async () => {
    const { db } = database;
    const now = Date.UTC(2026, 10, 27);
    const value = await issueDevice(db, 7, now);
    const device = await readDevice(db, value, now + 1000);
    expect(device).toMatchObject({ staffId: 7, issuedAt: now });
    expect(device!.id).toMatch(/^[\w-]{24}$/);
    expect(await readDevice(db, value.replace(/^7\./, '8.'), now)).toBeNull();
    expect(await readDevice(db, `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`, now)).toBeNull();
    expect(await readDevice(db, value, now + DEVICE_MS + 1)).toBeNull();
    expect(await readDevice(db, undefined, now)).toBeNull();
    const other = await openMigratedMemoryDatabase();
    try {
      expect(await readDevice(other.db, value, now)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('count only for their account, while it is active and its password has not changed since', () => {
    const device = { staffId: 7, issuedAt: 2_000, id: 'x'.repeat(24) };
    const member = { id: 7, password_changed_at: new Date(1_000), disabled_at: null };
    expect(knownDeviceOf(device, member)).toBe(device);
    expect(knownDeviceOf(device, { ...member, id: 8 })).toBeNull();
    expect(knownDeviceOf(device, { ...member, disabled_at: new Date(1_500) })).toBeNull();
    expect(knownDeviceOf(device, { ...member, password_changed_at: new Date(3_000) })).toBeNull();
    expect(knownDeviceOf(device, undefined)).toBeNull();
    expect(knownDeviceOf(null, member)).toBeNull();
  });
});
