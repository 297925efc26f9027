import { describe, expect, it } from 'vitest';
import { clientAddressFrom } from './client-address.ts';

describe('client address from the X-Forwarded-For chain', () => {
  it.each([
    [['203.0.113.9'], '203.0.113.9'],
    [['127.0.0.1'], '127.0.0.1'],
    // A visitor behind a local reverse proxy: the proxy appended the visitor, this server the proxy.
    [['203.0.113.9', '127.0.0.1'], '203.0.113.9'],
    // A forged entry on the left is skipped when the real hop is public.
    [['1.2.3.4', '203.0.113.9'], '203.0.113.9'],
    [['1.2.3.4', '203.0.113.9', '10.0.0.5', '::1'], '203.0.113.9'],
    // Only private hops: the leftmost is the best guess (local development).
    [['192.168.1.20', '10.0.0.5'], '192.168.1.20'],
    [['::ffff:198.51.100.7'], '198.51.100.7'],
    [['[2001:db8::1]:443'], '2001:db8::1'],
    [['198.51.100.7:5555'], '198.51.100.7'],
    [['garbage', ' 198.51.100.7 '], '198.51.100.7'],
    [[], null],
    [['unknown'], null],
  ])('%j gives %s', (chain, expected) => {
    expect(clientAddressFrom(chain)).toBe(expected);
  });
});
