import { describe, expect, it } from 'vitest';
import { safariCardTitle, safariHeading } from './safari-title.ts';

describe('safariHeading', () => {
  it('keeps the English form: the days in front of the title', () => {
    expect(safariHeading(3, 'Gorilla Trekking Safari')).toBe('3 Day Gorilla Trekking Safari');
    expect(safariHeading(1, 'Bwindi Gorilla Trek from Kabale', 'en')).toBe('1 Day Bwindi Gorilla Trek from Kabale');
  });

  it('names the days first in German, one day singular', () => {
    expect(safariHeading(3, 'Gorilla-Trekking in Bwindi', 'de')).toBe('3 Tage: Gorilla-Trekking in Bwindi');
    expect(safariHeading(1, 'Gorilla-Trekking in Bwindi ab Kabale', 'de')).toBe('1 Tag: Gorilla-Trekking in Bwindi ab Kabale');
  });

  it('writes French with a no-break space before the colon', () => {
    expect(safariHeading(5, 'Trek des gorilles et lac Bunyonyi', 'fr')).toBe('5 jours\u00a0: Trek des gorilles et lac Bunyonyi');
    expect(safariHeading(1, 'Trek des gorilles', 'fr')).toBe('1 jour\u00a0: Trek des gorilles');
  });

  it('names the days first in Spanish', () => {
    expect(safariHeading(10, 'Safari por Uganda', 'es')).toBe('10 días: Safari por Uganda');
    expect(safariHeading(1, 'Trekking de gorilas', 'es')).toBe('1 día: Trekking de gorilas');
  });
});

describe('safariCardTitle', () => {
  it('says "Days" on English cards, one day singular', () => {
    expect(safariCardTitle(3, 'Gorilla Trekking Safari')).toBe('3 Days Gorilla Trekking Safari');
    expect(safariCardTitle(1, 'Bwindi Gorilla Trek', 'en')).toBe('1 Day Bwindi Gorilla Trek');
  });

  it('is the page heading in the other languages', () => {
    for (const language of ['de', 'fr', 'es'] as const) expect(safariCardTitle(4, 'Titel', language)).toBe(safariHeading(4, 'Titel', language));
  });
});
