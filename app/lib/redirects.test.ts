import { describe, expect, it } from 'vitest';
import { REDIRECT_ROUTE_PATHS, redirectTarget } from './redirects.ts';

describe('redirectTarget', () => {
  it('maps the tips page', () => {
    expect(redirectTarget('/gorilla-trekking-tips')).toBe('/gorilla-tracking-tips');
  });
  it('maps the five top-attraction pages to parks by country', () => {
    for (const c of ['uganda', 'rwanda', 'kenya', 'tanzania', 'democratic-republic-of-congo']) expect(redirectTarget(`/parks/top-tourist-attractions-in-${c}`)).toBe(`/parks/in/${c}`);
  });
  it('maps the gorilla and chimpanzee category pages of Uganda and Rwanda', () => {
    expect(redirectTarget('/safaris/gorilla-tracking-safaris-in-uganda')).toBe('/safaris/experiences/gorilla-trekking');
    expect(redirectTarget('/safaris/gorilla-tracking-safaris-in-rwanda')).toBe('/safaris/experiences/gorilla-trekking');
    expect(redirectTarget('/safaris/chimpanzee-tracking-safaris-in-uganda')).toBe('/safaris/experiences/chimpanzee-trekking');
    expect(redirectTarget('/safaris/chimpanzee-tracking-safaris-in-rwanda')).toBe('/safaris/experiences/chimpanzee-trekking');
  });
  it('maps the country safari pages whatever their case', () => {
    expect(redirectTarget('/safaris/Rwanda-Safaris')).toBe('/safaris/in/rwanda');
    expect(redirectTarget('/safaris/Uganda-Safaris')).toBe('/safaris/in/uganda');
    expect(redirectTarget('/safaris/Kenya-Safaris')).toBe('/safaris/in/kenya');
    expect(redirectTarget('/safaris/Tanzania-Safaris')).toBe('/safaris/in/tanzania');
    expect(redirectTarget('/safaris/drc-Safaris')).toBe('/safaris/in/democratic-republic-of-congo');
    expect(redirectTarget('/safaris/uganda-safaris/')).toBe('/safaris/in/uganda');
  });
  it('maps the singular experience link and keeps the query', () => {
    expect(redirectTarget('/experience/gorilla-trekking')).toBe('/experiences/gorilla-trekking');
    expect(redirectTarget('/gorilla-trekking-tips', '?a=1')).toBe('/gorilla-tracking-tips?a=1');
  });
  it('leaves other addresses alone', () => {
    expect(redirectTarget('/safaris/3-days-bwindi-gorilla-trekking-safari')).toBeNull();
    expect(redirectTarget('/parks/in/uganda')).toBeNull();
  });
  it('declares one route path per fixed redirect', () => {
    expect(REDIRECT_ROUTE_PATHS).toContain('safaris/Uganda-Safaris');
    expect(REDIRECT_ROUTE_PATHS).toContain('safaris/drc-Safaris');
    expect(REDIRECT_ROUTE_PATHS).toContain('gorilla-trekking-tips');
    for (const p of REDIRECT_ROUTE_PATHS) expect(redirectTarget(`/${p}`), p).not.toBeNull();
  });
});
