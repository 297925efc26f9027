// The sign-in lock as the console's routes use it: where an attempt comes from (a known device of
// the account or not), whether it is refused, counting a failure (and, when that failure locks the
// account, e-mailing its owner once through the outbox), and the device cookie a full sign-in sets.
import type { Db } from '../db/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { accountLockedMail } from '../mail/staff-mail.ts';
import { audit } from './audit.ts';
import { readOperatorTimeZone } from './content-access.ts';
import { DEVICE_MS, deviceCookie, issueDevice, knownDeviceOf, readDevice } from './devices.ts';
import { signInBlocked, signInFailed, type SignInLimits, type SignInSource } from './throttle.ts';

export interface LockoutOptions {
  siteUrl: string;
  limits: SignInLimits;
  mail: { from: string; messageIdDomain: string; onQueued?: () => void };
}

/** The account row the lock needs (staffByEmail's, or the signed-in member's). */
export interface LockMember {
  id: number;
  email: string;
  name: string;
  password_changed_at: Date;
  disabled_at: Date | null;
}

export function lockout(opts: LockoutOptions) {
  const cookie = deviceCookie(opts.siteUrl);
  return {
    /** Where an attempt on `account` comes from; `member`: the account's row, when it exists. */
    async source(db: Db, cookieHeader: string | undefined, account: string, address: string | null, member: LockMember | undefined): Promise<SignInSource> {
      const device = knownDeviceOf(await readDevice(db, cookie.read(cookieHeader)), member);
      return { account, address, device: device?.id ?? null };
    },

    /** Seconds to wait when the attempt is refused; 0 when it may go on. */
    blocked(db: Db, source: SignInSource): Promise<number> {
      return signInBlocked(db, opts.limits, source);
    },

    /** Counts a failed attempt; when it locks the account, its owner is e-mailed (once per lock). */
    async failed(db: Db, source: SignInSource, member: LockMember | undefined, ip: string | null): Promise<void> {
      const lock = await signInFailed(db, opts.limits, source);
      if (!lock || !member || member.disabled_at) return;
      await db.transaction(async (tx) => {
        const message = accountLockedMail(
          member,
          { ...lock, attempts: opts.limits.perAccount.max },
          { signIn: `${opts.siteUrl}/admin/login`, reset: `${opts.siteUrl}/admin/reset` },
          { from: opts.mail.from, timeZone: await readOperatorTimeZone(tx) },
        );
        await enqueueMail(tx, opts.mail.messageIdDomain, [{ kind: 'staff-account-locked', message }]);
        await audit(tx, { action: 'sign-in-locked', staffId: member.id, actor: member.email, target: `staff:${member.id}`, ip, detail: { until: lock.until.toISOString() } });
      });
      opts.mail.onQueued?.();
    },

    /** The Set-Cookie value that makes this browser a known device of the account. */
    async remember(db: Db, staffId: number): Promise<string> {
      return cookie.set(await issueDevice(db, staffId), DEVICE_MS / 1000);
    },
  };
}
