import { describe, expect, it } from 'vitest';
import { requestPath } from './load.ts';

describe('requestPath', () => {
  const req = (u: string) => new Request(`http://x.test${u}`);
  it('is the page path for document requests', () => {
    expect(requestPath(req('/privacy-policy'))).toBe('/privacy-policy');
    expect(requestPath(req('/privacy-policy/'))).toBe('/privacy-policy');
    expect(requestPath(req('/'))).toBe('/');
  });
  it('drops the single-fetch suffix of client navigations', () => {
    expect(requestPath(req('/privacy-policy.data?_routes=static-privacy-policy'))).toBe('/privacy-policy');
    expect(requestPath(req('/safaris/Uganda-Safaris.data'))).toBe('/safaris/Uganda-Safaris');
    expect(requestPath(req('/_root.data'))).toBe('/');
  });
  it('is the English page for a page in another language', () => {
    expect(requestPath(req('/de/datenschutz'))).toBe('/privacy-policy');
    expect(requestPath(req('/fr/conditions-generales.data'))).toBe('/terms-and-conditions');
    expect(requestPath(req('/es/'))).toBe('/');
  });
});
