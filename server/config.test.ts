import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SITE_URL).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
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
    for (const bad of ['0', '-1', '2.5', 'two', '65'])
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY must be a whole number of processes from 1 to 64/);
  });
});
