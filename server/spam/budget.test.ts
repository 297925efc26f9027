import { describe, expect, it } from 'vitest';
import { BURST_SECONDS, ClientBudget } from './budget.ts';
import { ProxyTrust } from '../http/client-address.ts';

function budget(sharePercent: number) {
  let now = 0;
  const b = new ClientBudget({ sharePercent, trust: new ProxyTrust(null), now: () => now });
  return { b, advance: (ms: number) => (now += ms), at: () => now };
}

/** Work that takes `ms` of the (fake) clock. */
const work = (clock: { advance: (ms: number) => number }, ms: number) => async () => {
  clock.advance(ms);
  return ms;
};

describe('per-address budget of server time', () => {
  it('lets an address spend its burst, then refuses it with the wait until it has time again', async () => {
    const clock = budget(10); // 10 % of the process: a burst of 2 s, 100 ms earned per second
    const { b } = clock;
    expect(b.burst).toBe(0.1 * BURST_SECONDS * 1000);
    let served = 0;
    for (;;) {
      const check = b.check('198.51.100.7');
      if (!check.ok) {
        // 2 s burst spent in 50 ms requests (the clock moving meanwhile earns a little more).
        expect(served).toBeGreaterThanOrEqual(40);
        expect(served).toBeLessThan(50);
        expect(check.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        break;
      }
      await b.charge(check.key, work(clock, 50));
      served++;
    }
    const refused = b.check('198.51.100.7');
    expect(refused.ok).toBe(false);
    // After the announced wait it may come back.
    clock.advance((refused as { retryAfterSeconds: number }).retryAfterSeconds * 1000);
    expect(b.check('198.51.100.7').ok).toBe(true);
  });

  it('does not touch another address, and counts an IPv6 /64 as one', async () => {
    const clock = budget(1);
    const { b } = clock;
    for (let i = 0; i < 20 && b.check(b.keyOf(new Headers(), '2001:db8:1:2::1')).ok; i++) await b.charge(b.keyOf(new Headers(), '2001:db8:1:2::1'), work(clock, 100));
    expect(b.check(b.keyOf(new Headers(), '2001:db8:1:2::1')).ok).toBe(false);
    // Another address in the same /64: the same budget.
    expect(b.check(b.keyOf(new Headers(), '2001:db8:1:2:ffff:1:2:3')).ok).toBe(false);
    // Another /64 and an IPv4 address are unaffected.
    expect(b.check(b.keyOf(new Headers(), '2001:db8:1:3::1')).ok).toBe(true);
    expect(b.check(b.keyOf(new Headers(), '203.0.113.9')).ok).toBe(true);
  });

  it('charges concurrent requests their share of the elapsed time, not all of it each', async () => {
    const clock = budget(1); // a burst of 200 ms of server time
    const { b } = clock;
    const key = b.check('192.0.2.1').key;
    // Ten requests in flight together for 100 ms: about 100 ms of the process in all, within the burst.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const all = Array.from({ length: 10 }, () => b.charge(key, () => gate));
    clock.advance(100);
    release();
    await Promise.all(all);
    expect(b.check('192.0.2.1').ok).toBe(true);
    // One request alone for 250 ms spends more than the burst.
    await b.charge(key, work(clock, 250));
    expect(b.check('192.0.2.1').ok).toBe(false);
  });

  it('never limits a request whose address is unknown', async () => {
    const { b } = budget(1);
    expect(b.keyOf(new Headers(), undefined)).toBeNull();
    expect(b.check(null)).toEqual({ ok: true, key: null });
  });

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    const trusted = new ClientBudget({ sharePercent: 10, trust: new ProxyTrust({ hops: 1 }) });
    const untrusted = new ClientBudget({ sharePercent: 10, trust: new ProxyTrust(null) });
    const headers = new Headers({ 'x-forwarded-for': '203.0.113.5' });
    expect(trusted.keyOf(headers, '10.0.0.2')).toBe('203.0.113.5');
    expect(untrusted.keyOf(headers, '10.0.0.2')).toBe('10.0.0.2');
  });
});
