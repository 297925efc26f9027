// Known devices: a browser that has signed in to an account gets a long-lived cookie naming the
// account, when it was given and a random id, signed with a key kept in the database (app_secrets;
// made on first use). With it, that browser's sign-in attempts to that account have their own
// small limit instead of the account's lock (throttle.ts), so wrong passwords typed elsewhere
// cannot lock the account's owner out. A device cookie stops counting when the account's password
// changes after it was given, when the account is disabled, and after DEVICE_MS.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { appSecrets } from '../db/schema.ts';
import { staffCookie } from './guard.ts';
import { sameSecret } from './sessions.ts';

export const DEVICE_MS = 180 * 24 * 3600_000;
const KEY_NAME = 'device-cookie-key';

export function deviceCookie(siteUrl: string) {
  return staffCookie(siteUrl, { https: '__Host-staff-device', http: 'staff_device' });
}

const keys = new WeakMap<object, Promise<string>>();
/** The signing key of this database's device cookies. */
function deviceKey(db: Tx): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_NAME)).limit(1);
      return row!.value;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new device cookie value for an account, given now. */
export async function issueDevice(db: Db, staffId: number, now = Date.now()): Promise<string> {
  const payload = `${staffId}.${now}.${randomBytes(18).toString('base64url')}`;
  return `${payload}.${sign(await deviceKey(db), payload)}`;
}

export interface Device {
  staffId: number;
  issuedAt: number;
  /** The device's id: the key of its own sign-in limit. */
  id: string;
}

/** The device a cookie value names, when its signature is right and it is not too old; otherwise null. */
export async function readDevice(db: Db, value: string | undefined, now = Date.now()): Promise<Device | null> {
  if (!value || value.length > 200) return null;
  const m = /^(\d{1,12})\.(\d{1,15})\.([\w-]{24})\.([\w-]{43})$/.exec(value);
  if (!m) return null;
  const [, staffId, issuedAt, id, signature] = m;
  if (!sameSecret(signature!, sign(await deviceKey(db), `${staffId}.${issuedAt}.${id}`))) return null;
  const issued = Number(issuedAt);
  if (issued > now + 60_000 || now - issued > DEVICE_MS) return null;
  return { staffId: Number(staffId), issuedAt: issued, id: id! };
}

/** Whether a device is a known one of this account: given to it since its password last changed, the account active. */
export function knownDeviceOf(device: Device | null, member: { id: number; password_changed_at: Date; disabled_at: Date | null } | undefined): Device | null {
  if (!device || !member || member.disabled_at || device.staffId !== member.id) return null;
  return device.issuedAt >= member.password_changed_at.getTime() ? device : null;
}
