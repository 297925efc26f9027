import { describe, expect, it } from 'vitest';
import { backoffMs, mailSettingsFromEnv } from './settings.ts';

describe('mail settings', () => {
  it('has production defaults and reads overrides', () => {
    const d = mailSettingsFromEnv({});
    expect(d.giveUpMs).toBe(48 * 3600_000);
    expect(d.leaseMs).toBe(30_000);
    expect(mailSettingsFromEnv({ MAIL_RETRY_BASE_MS: '250' }).retryBaseMs).toBe(250);
  });
  it('keeps the lease at three seconds at least (it is renewed every third)', () => {
    expect(mailSettingsFromEnv({ MAIL_LEASE_MS: '10' }).leaseMs).toBe(3000);
  });
  it('refuses nonsense', () => {
    expect(() => mailSettingsFromEnv({ MAIL_POLL_MS: 'soon' })).toThrow(/MAIL_POLL_MS/);
    expect(() => mailSettingsFromEnv({ MAIL_GIVE_UP_MS: '-1' })).toThrow(/MAIL_GIVE_UP_MS/);
  });
});

describe('backoff', () => {
  const s = { retryBaseMs: 1000, retryMaxMs: 60_000 };
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32_000],
    [7, 60_000],
    [30, 60_000],
  ])('after %i failures waits about %i ms', (attempts, ms) => {
    expect(backoffMs(attempts, s, () => 0.5)).toBe(ms);
    expect(backoffMs(attempts, s, () => 0)).toBe(Math.round(ms * 0.8));
    expect(backoffMs(attempts, s, () => 1)).toBe(Math.round(ms * 1.2));
  });
});
