// A new quote takes what the enquiry said about the trip: its travellers and its dates.
import { describe, expect, it } from 'vitest';
import { addDays } from './booking-money.ts';
import type { SafariResponse } from './api-types.ts';
import { blankQuote, type EnquiryTrip, quoteFromSafari, safariInLanguage, withEnquiryTrip } from './quote-base.ts';
import { quoteDocumentSchema } from './quote-document.ts';

const TODAY = '2026-11-27';
const none: EnquiryTrip = { travelFrom: null, travelTo: null, travelMonth: null, adults: null, children: null, childAges: [] };
const threeDays = () => {
  const doc = blankQuote(TODAY);
  return { ...doc, travelTo: addDays(doc.travelFrom, 2), days: [doc.days[0]!, doc.days[0]!, doc.days[0]!] };
};

describe('a quote made from an enquiry', () => {
  it('keeps the quote as it is when the enquiry says nothing about the trip', () => {
    const doc = blankQuote(TODAY);
    expect(withEnquiryTrip(doc, null, TODAY)).toBe(doc);
    expect(withEnquiryTrip(doc, none, TODAY)).toEqual(doc);
  });

  it('takes the travellers and their ages', () => {
    const doc = withEnquiryTrip(blankQuote(TODAY), { ...none, adults: 3, children: 2, childAges: [8, 12] }, TODAY);
    expect(doc.travellers).toEqual({ adults: 3, children: 2, childAges: [8, 12] });
    expect(quoteDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('takes the dates given, and the balance falls due 60 days before the first', () => {
    const doc = withEnquiryTrip(blankQuote(TODAY), { ...none, travelFrom: '2027-07-10', travelTo: '2027-07-16' }, TODAY);
    expect(doc).toMatchObject({ travelFrom: '2027-07-10', travelTo: '2027-07-16', balanceDueOn: '2027-05-11' });
    expect(quoteDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it('starts a flexible month on its first day and keeps the itinerary’s length', () => {
    const base = threeDays();
    const length = Date.parse(base.travelTo) - Date.parse(base.travelFrom);
    const doc = withEnquiryTrip(base, { ...none, travelMonth: '2027-08' }, TODAY);
    expect(doc.travelFrom).toBe('2027-08-01');
    expect(Date.parse(doc.travelTo) - Date.parse(doc.travelFrom)).toBe(length);
  });

  it('leaves dates already past to the agent, and the balance never falls due before today', () => {
    const base = blankQuote(TODAY);
    expect(withEnquiryTrip(base, { ...none, travelMonth: '2026-10' }, TODAY).travelFrom).toBe(base.travelFrom);
    const soon = withEnquiryTrip(base, { ...none, travelFrom: '2026-12-20', travelTo: '2026-12-24' }, TODAY);
    expect(soon).toMatchObject({ travelFrom: '2026-12-20', balanceDueOn: TODAY });
  });
});

describe('a quote in the traveller’s language', () => {
  type Answer = Pick<SafariResponse, 'safari' | 'safaridays'>;
  const lodge = { lodgetitleslug: 'gorilla-lodge', lodgetitle: 'Gorilla Lodge' };
  const day = (n: number, title: string, withLodge = true) => ({
    day_number: n,
    title,
    description: `<p>${title}.</p>`,
    lodge: withLodge ? lodge : null,
    breakfast: true,
    lunch: false,
    dinner: true,
    experiences: [],
    stops: [],
  });
  const answer = (title: string, days: string[], lodges = true) =>
    ({
      safari: { safarititle: title, safariday: days.length, safariprice: 1250, safariincludes: 'Park fees, Guide', safariexcludes: 'Flights' },
      safaridays: days.map((d, i) => day(i + 1, d, lodges)),
    }) as unknown as Answer;

  it('starts in English as it always did', () => {
    const doc = quoteFromSafari(answer('Gorilla Trek', ['Arrival', 'Trek']), TODAY);
    expect(doc.title).toBe('2-day Gorilla Trek');
    expect(doc.lines[0]!.label).toBe('Gorilla Trek (per person)');
    expect(doc.terms).toMatch(/^Your booking is confirmed when we receive the deposit\./);
    expect(blankQuote(TODAY)).toMatchObject({ title: 'Your safari', days: [{ title: 'Day 1' }] });
  });

  it('starts in German with the language’s title, price line and terms, the days as given', () => {
    const doc = quoteFromSafari(answer('Gorilla-Trekking', ['Ankunft', 'Trekking']), TODAY, 'de');
    expect(doc.title).toBe('2 Tage: Gorilla-Trekking');
    expect(doc.lines[0]!.label).toBe('Gorilla-Trekking (pro Person)');
    expect(doc.days.map((d) => [d.title, d.text])).toEqual([
      ['Ankunft', 'Ankunft.'],
      ['Trekking', 'Trekking.'],
    ]);
    expect(doc.terms).toMatch(/^Ihre Buchung ist bestätigt/);
    expect(quoteDocumentSchema.safeParse(doc).success).toBe(true);
    expect(blankQuote(TODAY, 'fr')).toMatchObject({ title: 'Votre safari', days: [{ title: 'Jour 1' }] });
    expect(blankQuote(TODAY, 'es').terms).toMatch(/^Su reserva queda confirmada/);
  });

  it('keeps each night’s lodge where the translated answer leaves it out', () => {
    const english = answer('Gorilla Trek', ['Arrival', 'Trek']);
    const translated = answer('Gorilla-Trekking', ['Ankunft', 'Trekking'], false);
    const merged = safariInLanguage(translated, english);
    expect(merged.safaridays.map((d) => [d.title, d.lodge?.lodgetitle])).toEqual([
      ['Ankunft', 'Gorilla Lodge'],
      ['Trekking', 'Gorilla Lodge'],
    ]);
  });

  it('names a lodge by its translated name and keeps its English slug, which the console’s lodges know', () => {
    const english = answer('Gorilla Trek', ['Arrival', 'Trek']);
    const translated = answer('Gorilla-Trekking', ['Ankunft', 'Trekking']);
    translated.safaridays[0]!.lodge = { lodgetitleslug: 'gorilla-lodge-de', lodgetitle: 'Gorilla-Lodge' } as (typeof translated.safaridays)[number]['lodge'];
    const doc = quoteFromSafari(safariInLanguage(translated, english), TODAY, 'de');
    expect(doc.days.map((d) => [d.lodge?.slug, d.lodge?.name])).toEqual([
      ['gorilla-lodge', 'Gorilla-Lodge'],
      ['gorilla-lodge', 'Gorilla Lodge'],
    ]);
  });
});
