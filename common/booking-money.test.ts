import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountOf,
  addDays,
  BOOKING_STATE_LABELS,
  BOOKING_STATES,
  type BookingTerms,
  daysBetween,
  decimalToMinor,
  depositOf,
  formatMinor,
  type LedgerAmount,
  MoneyError,
  minorToDecimal,
  priceOf,
} from './booking-money.ts';
import type { Currency } from './currency.ts';

const total = fc.integer({ min: 0, max: 5_000_000_00 });
const percent = fc.integer({ min: 0, max: 100 });
const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2026-01-01', n));

const entry = (currency: Currency): fc.Arbitrary<LedgerAmount> =>
  fc.oneof(
    fc.integer({ min: 1, max: 2_000_000_00 }).map((n) => ({ amountMinor: n, currency, kind: 'payment' as const })),
    fc.integer({ min: -2_000_000_00, max: -1 }).map((n) => ({ amountMinor: n, currency, kind: 'refund' as const })),
    fc
      .integer({ min: -50_000_00, max: 50_000_00 })
      .filter((n) => n !== 0)
      .map((n) => ({ amountMinor: n, currency, kind: 'correction' as const })),
  );

const terms: fc.Arbitrary<BookingTerms> = fc.record({ total, percent, booked: day, lead: fc.integer({ min: 0, max: 400 }), length: fc.integer({ min: 0, max: 20 }) }).map((t) => {
  const travelFrom = addDays(t.booked, t.lead);
  return {
    currency: 'USD',
    totalMinor: t.total,
    depositMinor: depositOf(t.total, t.percent),
    depositDueOn: addDays(t.booked, 7),
    balanceDueOn: addDays(travelFrom, -60),
    travelFrom,
    travelTo: addDays(travelFrom, t.length),
  };
});

describe('the deposit and the balance', () => {
  it('always add up to the total, to the minor unit, with the deposit rounded half up', () => {
    fc.assert(
      fc.property(total, percent, (t, p) => {
        const deposit = depositOf(t, p);
        expect(Number.isInteger(deposit)).toBe(true);
        expect(deposit).toBeGreaterThanOrEqual(0);
        expect(deposit).toBeLessThanOrEqual(t);
        // Within half a minor unit of the exact share, and the half goes up.
        expect(Math.abs(deposit * 100 - t * p)).toBeLessThanOrEqual(50);
        if ((t * p) % 100 === 50) expect(deposit * 100).toBe(t * p + 50);
      }),
    );
    expect(depositOf(1001, 30)).toBe(300);
    expect(depositOf(1005, 30)).toBe(302);
    expect(depositOf(5, 30)).toBe(2);
    expect(depositOf(5, 10)).toBe(1);
  });

  it('refuses what is not whole money or a percentage', () => {
    expect(() => depositOf(10.5, 30)).toThrow(MoneyError);
    expect(() => depositOf(1000, 101)).toThrow(MoneyError);
    expect(() => depositOf(1000, 12.5)).toThrow(MoneyError);
  });
});

describe('the price of a quote', () => {
  const line = fc.record({
    label: fc.constantFrom('Safari', 'Gorilla permit', 'Airport transfer', 'Single supplement', 'Flight'),
    basis: fc.constantFrom('person' as const, 'group' as const),
    unitMinor: fc.integer({ min: 0, max: 2_000_000 }),
    quantity: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  });
  const travellers = fc.record({ adults: fc.integer({ min: 1, max: 12 }), children: fc.integer({ min: 0, max: 8 }) });

  it('is the sum of its lines; per-person lines count the travellers; deposit + balance = total', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), travellers, percent, day, (lines, people, p, travelFrom) => {
        const price = priceOf({ currency: 'USD', lines, travellers: people, depositPercent: p, travelFrom });
        lines.forEach((l, i) => {
          const q = l.quantity ?? (l.basis === 'person' ? people.adults + people.children : 1);
          expect(price.lines[i]?.amountMinor).toBe(l.unitMinor * q);
        });
        expect(price.totalMinor).toBe(price.lines.reduce((s, l) => s + l.amountMinor, 0));
        expect(price.depositMinor + price.balanceMinor).toBe(price.totalMinor);
        expect(price.balanceDueOn).toBe(addDays(travelFrom, -60));
      }),
    );
  });

  it('takes a discount off, defaults to 30 % and 60 days, and refuses a total below zero', () => {
    const price = priceOf({
      currency: 'USD',
      travellers: { adults: 2, children: 1 },
      travelFrom: '2027-03-10',
      lines: [
        { label: '7-day safari', basis: 'person', unitMinor: 250_000 },
        { label: 'Gorilla permits', basis: 'person', unitMinor: 80_000, quantity: 2 },
        { label: 'Private transfer', basis: 'group', unitMinor: 12_000 },
        { label: 'Returning guest', basis: 'group', unitMinor: -10_001 },
      ],
    });
    expect(price.totalMinor).toBe(750_000 + 160_000 + 12_000 - 10_001);
    expect(price.depositPercent).toBe(30);
    expect(price.depositMinor).toBe(273_600);
    expect(price.balanceMinor).toBe(911_999 - 273_600);
    expect(price.balanceDueOn).toBe('2027-01-09');
    expect(() => priceOf({ currency: 'USD', travellers: { adults: 1, children: 0 }, travelFrom: '2027-03-10', lines: [{ label: 'Discount', basis: 'group', unitMinor: -1 }] })).toThrow(/below zero/);
  });
});

describe('a booking’s account', () => {
  it('reconciles: paid is the sum of the entries, outstanding is total − paid, whatever their order', () => {
    fc.assert(
      fc.property(terms, fc.array(entry('USD'), { maxLength: 12 }), day, fc.integer(), (t, entries, today, seed) => {
        const account = accountOf(t, entries, today);
        const sum = entries.reduce((s, e) => s + e.amountMinor, 0);
        expect(account.paidMinor).toBe(sum);
        expect(account.payments + account.refunds + account.corrections).toBe(sum);
        expect(account.outstandingMinor).toBe(t.totalMinor - sum);
        expect(account.depositMinor + account.balanceMinor).toBe(account.totalMinor);
        expect(account.dueNowMinor).toBeGreaterThanOrEqual(0);
        expect(account.dueNowMinor).toBeLessThanOrEqual(Math.max(0, account.outstandingMinor));
        // The same entries in another order give the same account.
        const shuffled = [...entries].sort((a, b) => ((a.amountMinor * 31 + seed) % 7) - ((b.amountMinor * 31 + seed) % 7));
        expect(accountOf(t, shuffled, today)).toEqual(account);
        expect(accountOf(t, [...entries].reverse(), today)).toEqual(account);
      }),
    );
  });

  it('states what the money implies, and what is due next', () => {
    fc.assert(
      fc.property(terms, fc.array(entry('USD'), { maxLength: 8 }), day, (t, entries, today) => {
        const a = accountOf(t, entries, today);
        if (today > t.travelTo) expect(a.state).toBe('travelled');
        else if (a.paidMinor >= t.totalMinor) expect(a.state).toBe('paid');
        else if (a.paidMinor < t.depositMinor) expect(a.state).toBe('confirmed-pending-deposit');
        else expect(a.state).toBe(today >= t.balanceDueOn ? 'balance-due' : 'confirmed');
        expect(a.next === null).toBe(a.outstandingMinor <= 0);
        if (a.next) expect(a.next.amountMinor).toBeLessThanOrEqual(a.outstandingMinor);
        expect(accountOf({ ...t, state: 'cancelled' }, entries, today)).toMatchObject({ state: 'cancelled', next: null, dueNowMinor: 0, paidMinor: a.paidMinor });
      }),
    );
  });

  it('walks a booking from deposit to paid, and back with a refund', () => {
    const t: BookingTerms = {
      currency: 'USD',
      totalMinor: 911_999,
      depositMinor: 273_600,
      depositDueOn: '2026-12-08',
      balanceDueOn: '2027-01-09',
      travelFrom: '2027-03-10',
      travelTo: '2027-03-17',
    };
    const pay = (n: number): LedgerAmount => ({ amountMinor: n, currency: 'USD', kind: 'payment' });
    expect(accountOf(t, [], '2026-12-01')).toMatchObject({ state: 'confirmed-pending-deposit', dueNowMinor: 0, next: { amountMinor: 273_600, by: '2026-12-08', what: 'deposit' }, overdue: false });
    expect(accountOf(t, [], '2026-12-09')).toMatchObject({ dueNowMinor: 273_600, overdue: true });
    expect(accountOf(t, [pay(273_600)], '2026-12-09')).toMatchObject({ state: 'confirmed', dueNowMinor: 0, next: { amountMinor: 638_399, by: '2027-01-09', what: 'balance' } });
    expect(accountOf(t, [pay(273_600)], '2027-01-09')).toMatchObject({ state: 'balance-due', dueNowMinor: 638_399, overdue: false });
    expect(accountOf(t, [pay(273_600), pay(638_399)], '2027-01-10')).toMatchObject({ state: 'paid', outstandingMinor: 0, next: null, daysToTravel: 59 });
    const refunded = accountOf(t, [pay(273_600), pay(638_399), { amountMinor: -100_000, currency: 'USD', kind: 'refund' }], '2027-01-10');
    expect(refunded).toMatchObject({ state: 'balance-due', paidMinor: 811_999, outstandingMinor: 100_000, refunds: -100_000 });
    expect(accountOf(t, [pay(273_600)], '2027-03-18').state).toBe('travelled');
  });

  it('refuses an entry in another currency', () => {
    const t: BookingTerms = { currency: 'USD', totalMinor: 100, depositMinor: 30, depositDueOn: '2026-01-01', balanceDueOn: '2026-02-01', travelFrom: '2026-04-01', travelTo: '2026-04-02' };
    expect(() => accountOf(t, [{ amountMinor: 30, currency: 'EUR', kind: 'payment' }], '2026-01-01')).toThrow(MoneyError);
  });
});

describe('amounts as text', () => {
  it('turn into minor units and back without losing a unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom<Currency>('USD', 'UGX', 'EUR', 'RWF'), (n, c) => {
        expect(decimalToMinor(minorToDecimal(n, c), c)).toBe(n);
      }),
    );
    expect(decimalToMinor('1,234.5', 'USD')).toBe(123_450);
    expect(decimalToMinor('12.345', 'USD')).toBeNull();
    expect(decimalToMinor('12.5', 'UGX')).toBeNull();
    expect(decimalToMinor('abc', 'USD')).toBeNull();
    expect(formatMinor(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMinor(120_000, 'USD')).toBe('$1,200');
    expect(formatMinor(-5, 'USD')).toBe('-$0.05');
  });
});

describe('days and states as the trip page shows them', () => {
  it('counts the days to the trip, and names every state', () => {
    expect(daysBetween('2026-11-27', '2027-03-10')).toBe(103);
    expect(daysBetween('2027-03-10', '2027-03-10')).toBe(0);
    expect(daysBetween('2027-03-11', '2027-03-10')).toBe(-1);
    fc.assert(fc.property(day, fc.integer({ min: -500, max: 500 }), (d, n) => daysBetween(d, addDays(d, n)) === n));
    expect(BOOKING_STATES.map((s) => BOOKING_STATE_LABELS[s])).toEqual(['Confirmed, awaiting deposit', 'Confirmed', 'Balance due', 'Paid in full', 'Travelled', 'Cancelled']);
  });
});
