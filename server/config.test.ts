import { describe, expect, it } from 'vitest';
import { site } from '../common/site.ts';
import { ConfigError, listenHost, loadConfig, trustsAnyoneDirectly } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SITE_URL).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    // The sender is named by the operator's name of the site's one config.
    expect(c.MAIL_FROM).toBe(`${site.name} <no-reply@kigezitrails.example>`);
    expect(c.MAIL_FROM).toBe('Kigezi Trails <no-reply@kigezitrails.example>');
  });
  it('fails with a clear message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ OPERATOR_EMAIL: 'nobody' })).toThrow(/OPERATOR_EMAIL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
  it('takes the default SITE_URL from PORT, and keeps a SITE_URL that is set', () => {
    expect(loadConfig({ PORT: '4100' }).SITE_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', SITE_URL: '' }).SITE_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', SITE_URL: 'https://www.example.com' }).SITE_URL).toBe('https://www.example.com');
  });
  it('trims a trailing slash from SITE_URL and API_URL', () => {
    const c = loadConfig({ SITE_URL: 'https://www.example.com/', API_URL: 'http://api:4000/' });
    expect(c.SITE_URL).toBe('https://www.example.com');
    expect(c.API_URL).toBe('http://api:4000');
  });
  it('reads WEB_CONCURRENCY as a number of processes, 1 by default', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    for (const bad of ['0', '-1', '2.5', 'two', '65']) expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY must be a whole number of processes from 1 to 64/);
  });
  it('listens on loopback when TRUST_PROXY is set and HOST is not, on HOST when set, else on every IPv4 interface', () => {
    expect(listenHost(loadConfig({}))).toEqual({ host: '0.0.0.0', why: 'default' });
    expect(listenHost(loadConfig({ HOST: '' }))).toEqual({ host: '0.0.0.0', why: 'default' });
    expect(listenHost(loadConfig({ TRUST_PROXY: '0' }))).toEqual({ host: '0.0.0.0', why: 'default' });
    expect(listenHost(loadConfig({ TRUST_PROXY: '1' }))).toEqual({ host: '127.0.0.1', why: 'TRUST_PROXY' });
    expect(listenHost(loadConfig({ TRUST_PROXY: '127.0.0.1', HOST: ' ' }))).toEqual({ host: '127.0.0.1', why: 'TRUST_PROXY' });
    expect(listenHost(loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' }))).toEqual({ host: '0.0.0.0', why: 'HOST' });
    expect(listenHost(loadConfig({ HOST: '::1' }))).toEqual({ host: '::1', why: 'HOST' });
  });
  it('flags a hop-count TRUST_PROXY on an address beyond loopback, not a list of proxies or loopback', () => {
    const hops = loadConfig({ TRUST_PROXY: '1' });
    expect(trustsAnyoneDirectly(hops, '0.0.0.0')).toBe(true);
    expect(trustsAnyoneDirectly(hops, '::')).toBe(true);
    expect(trustsAnyoneDirectly(hops, '10.0.0.5')).toBe(true);
    expect(trustsAnyoneDirectly(hops, '127.0.0.1')).toBe(false);
    expect(trustsAnyoneDirectly(hops, '::1')).toBe(false);
    expect(trustsAnyoneDirectly(loadConfig({ TRUST_PROXY: '10.0.0.1' }), '0.0.0.0')).toBe(false);
    expect(trustsAnyoneDirectly(loadConfig({}), '0.0.0.0')).toBe(false);
  });
  it('reads CLIENT_SHARE_PERCENT as a percentage, 25 by default', () => {
    expect(loadConfig({}).CLIENT_SHARE_PERCENT).toBe(25);
    expect(loadConfig({ CLIENT_SHARE_PERCENT: '5' }).CLIENT_SHARE_PERCENT).toBe(5);
    expect(loadConfig({ CLIENT_SHARE_PERCENT: '12.5' }).CLIENT_SHARE_PERCENT).toBe(12.5);
    for (const bad of ['0', '-1', '101', 'half', ' ']) expect(() => loadConfig({ CLIENT_SHARE_PERCENT: bad })).toThrow(/CLIENT_SHARE_PERCENT must be a percentage from 1 to 100/);
  });
  it('takes a payment provider only with its webhook secret, and refuses keys of the wrong shape', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    const both = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-abc123-X',
      FLUTTERWAVE_WEBHOOK_HASH: 'a-long-secret-hash-1234',
    });
    expect([both.STRIPE_SECRET_KEY, both.FLUTTERWAVE_WEBHOOK_HASH]).toEqual(['sk_test_abc123', 'a-long-secret-hash-1234']);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/STRIPE_SECRET_KEY is required with STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-abc' })).toThrow(/FLUTTERWAVE_WEBHOOK_HASH is required/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() => loadConfig({ FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-abc', FLUTTERWAVE_WEBHOOK_HASH: 'short' })).toThrow(/FLUTTERWAVE_WEBHOOK_HASH must be the secret hash/);
  });
});
