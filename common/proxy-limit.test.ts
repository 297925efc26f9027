import { describe, expect, it } from 'vitest';
import { proxyTooLargeMessage } from './proxy-limit.ts';

describe('a proxy’s refusal of a large file', () => {
  it('says the proxy refused it, that retrying cannot help, and the size to allow', () => {
    const m = proxyTooLargeMessage(20);
    expect(m).toMatch(/^The file is larger than the web server in front of this site lets through/);
    expect(m).toContain('lower than the 20 MB the site accepts');
    expect(m).toContain('Trying again will not help');
    expect(m).toMatch(/raise that limit to 20 MB\.$/);
    expect(proxyTooLargeMessage(2)).toContain('raise that limit to 2 MB.');
  });
});
