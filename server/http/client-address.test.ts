import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { parseTrustProxy, type TrustProxy } from '../trust-proxy.ts';
import { atPublicOrigin, callerSource, limitKey, normaliseAddress, ProxyTrust } from './client-address.ts';

const h = (headers: Record<string, string>) => new Headers(headers);

describe('TRUST_PROXY', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', null],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['127.0.0.1', { cidrs: ['127.0.0.1'] }],
    ['10.0.0.0/8, 192.168.0.0/16 ,::1', { cidrs: ['10.0.0.0/8', '192.168.0.0/16', '::1'] }],
    ['2001:db8::/32', { cidrs: ['2001:db8::/32'] }],
  ] as [string, TrustProxy][])('%j is %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual({ ok: true, value: expected });
    expect(loadConfig({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it('is off by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeNull();
  });

  it.each(['yes', 'true', '10.0.0.0/33', '::1/129', '300.1.1.1', '10.0.0.0/8,nope', '17', '-1', '1.5', 'loopback'])('refuses %j with a message naming it', (raw) => {
    expect(parseTrustProxy(raw).ok).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});

describe('the source of a request', () => {
  const forged = { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  it('without TRUST_PROXY: the connection, and no X-Forwarded-* header is read, even from loopback or private peers', () => {
    const none = new ProxyTrust(null);
    for (const peer of ['127.0.0.1', '::1', '10.0.0.5', '192.168.1.2', '203.0.113.9', '::ffff:127.0.0.1']) {
      expect(none.source(h(forged), peer)).toEqual({ address: normaliseAddress(peer), host: null, proto: null });
    }
    expect(none.source(h(forged), undefined)).toEqual({ address: null, host: null, proto: null });
    expect(none.enabled).toBe(false);
  });

  it('with a hop count: that many proxies from the right, the next address is the visitor', () => {
    const one = new ProxyTrust({ hops: 1 });
    expect(one.source(h({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7' }), '10.0.0.2').address).toBe('198.51.100.7');
    expect(one.source(h({}), '10.0.0.2').address).toBe('10.0.0.2');
    expect(one.source(h({ 'x-forwarded-for': '[2001:db8::1]:443' }), '10.0.0.2').address).toBe('2001:db8::1');
    expect(one.source(h({ 'x-forwarded-for': '198.51.100.7:5555' }), '10.0.0.2').address).toBe('198.51.100.7');
    // A garbled entry stops the walk at the proxy that passed it on.
    expect(one.source(h({ 'x-forwarded-for': 'garbage' }), '10.0.0.2').address).toBe('10.0.0.2');
    const two = new ProxyTrust({ hops: 2 });
    expect(two.source(h({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.9' }), '10.0.0.2').address).toBe('198.51.100.7');
    expect(two.source(h({ 'x-forwarded-for': '198.51.100.7' }), '10.0.0.2').address).toBe('198.51.100.7');
  });

  it('with CIDRs: trusted hops are skipped from the right; the first untrusted one is the visitor', () => {
    const t = new ProxyTrust({ cidrs: ['10.0.0.0/8', '::1'] });
    expect(t.source(h({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.1.2.3' }), '10.0.0.2').address).toBe('198.51.100.7');
    expect(t.source(h({ 'x-forwarded-for': '198.51.100.7' }), '::1').address).toBe('198.51.100.7');
    // A peer outside the list is the visitor, whatever it says.
    expect(t.source(h(forged), '127.0.0.1')).toEqual({ address: '127.0.0.1', host: null, proto: null });
    expect(t.source(h(forged), '203.0.113.9')).toEqual({ address: '203.0.113.9', host: null, proto: null });
    // Only trusted addresses all along: the leftmost is the best that can be said.
    expect(t.source(h({ 'x-forwarded-for': '10.9.9.9, 10.1.1.1' }), '10.0.0.2').address).toBe('10.9.9.9');
  });

  it('reads X-Forwarded-Host and -Proto only from a trusted proxy, the last value, and only if well formed', () => {
    const t = new ProxyTrust({ hops: 1 });
    expect(t.source(h({ 'x-forwarded-host': 'a.example, www.Example.com', 'x-forwarded-proto': 'http, HTTPS' }), '10.0.0.2')).toMatchObject({
      host: 'www.example.com',
      proto: 'https',
    });
    expect(t.source(h({ 'x-forwarded-host': 'bad host/x', 'x-forwarded-proto': 'gopher' }), '10.0.0.2')).toMatchObject({ host: null, proto: null });
    expect(t.source(h({ 'x-forwarded-host': '[::1]:8080' }), '10.0.0.2').host).toBe('[::1]:8080');
  });

  it('the web process passes on its own view: the request host and scheme unless a trusted proxy said otherwise', () => {
    const req = new Request('http://site.example:3000/enquiry', { headers: forged });
    expect(callerSource(new ProxyTrust(null), req, '127.0.0.1')).toEqual({ address: '127.0.0.1', host: 'site.example:3000', proto: 'http' });
    expect(callerSource(new ProxyTrust({ hops: 1 }), req, '127.0.0.1')).toEqual({ address: '1.2.3.4', host: 'evil.example', proto: 'https' });
  });
});

describe("a page request at the visitor's origin", () => {
  const behindTls = () =>
    new Request('http://www.site.example/enquiry?x=1', {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.site.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });

  it('is the request itself without TRUST_PROXY, or from a peer that is not a trusted proxy', () => {
    const r = behindTls();
    expect(atPublicOrigin(new ProxyTrust(null), r, '127.0.0.1')).toBe(r);
    const s = behindTls();
    expect(atPublicOrigin(new ProxyTrust({ cidrs: ['10.0.0.0/8'] }), s, '127.0.0.1')).toBe(s);
  });

  it('takes the scheme and host a trusted proxy reports, keeping method, headers and body', async () => {
    const out = atPublicOrigin(new ProxyTrust({ hops: 1 }), behindTls(), '127.0.0.1');
    expect(out.url).toBe('https://www.site.example/enquiry?x=1');
    expect(out.method).toBe('POST');
    expect(out.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await out.text()).toBe('a=1');
    const moved = atPublicOrigin(new ProxyTrust({ hops: 1 }), new Request('http://10.0.0.7:3000/contact-us', { headers: { 'x-forwarded-host': 'www.site.example' } }), '10.0.0.1');
    expect(moved.url).toBe('http://www.site.example/contact-us');
  });
});

describe('rate-limit keys', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['2001:db8:aaaa:bbbb::', '2001:db8:aaaa:bbbb::/64'],
  ])('%s is limited as %s', (address, key) => {
    expect(limitKey(address)).toBe(key);
  });

  it('puts every address of one /64 under one key and the next /64 under another', () => {
    const keys = new Set(Array.from({ length: 50 }, (_, i) => limitKey(`2001:db8:5:6:${((i * 7919) & 0xffff).toString(16)}::${i.toString(16)}`)));
    expect([...keys]).toEqual(['2001:db8:5:6::/64']);
    expect(limitKey('2001:db8:5:7::1')).not.toBe(limitKey('2001:db8:5:6::1'));
  });
});
