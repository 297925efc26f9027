// A new quote takes what the enquiry said about the trip: its travellers and its dates.
import { describe, expect, it } from 'vitest';
import { addDays } from './booking-money.ts';
import { blankQuote, type EnquiryTrip, withEnquiryTrip } from './quote-base.ts';
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
