import { describe, expect, it } from 'vitest';
import { cleanList, dedupeById, isOn, mealPlan, parseSort, sortByDays } from './safari.ts';

describe('cleanList', () => {
  it('splits on commas, trims and drops empty items', () => {
    expect(cleanList(' Park fees ,  Lodge,, ,Transfers ')).toEqual(['Park fees', 'Lodge', 'Transfers']);
  });
  it('removes quote, brace and backslash characters', () => {
    expect(cleanList('{"Gorilla permit (US $800)", \'Meals\', "Water\\"}')).toEqual(['Gorilla permit (US $800)', 'Meals', 'Water']);
  });
  it('drops items that were only punctuation', () => {
    expect(cleanList('{}, "", \\\\')).toEqual([]);
  });
  it('returns nothing for empty or missing text', () => {
    expect(cleanList('')).toEqual([]);
    expect(cleanList(null)).toEqual([]);
    expect(cleanList(undefined)).toEqual([]);
  });
});

describe('meal flags', () => {
  it('accepts true and the string true only', () => {
    expect(isOn(true)).toBe(true);
    expect(isOn('true')).toBe(true);
    expect(isOn('TRUE ')).toBe(true);
    expect(isOn(false)).toBe(false);
    expect(isOn('false')).toBe(false);
    expect(isOn(1)).toBe(false);
    expect(isOn(null)).toBe(false);
    expect(isOn(undefined)).toBe(false);
  });
  it('lists the meals in order', () => {
    expect(mealPlan({ breakfast: 'true', lunch: false, dinner: true, drinking_water: 'true' })).toEqual(['Breakfast', 'Dinner', 'Drinking water']);
    expect(mealPlan({ breakfast: 'false', lunch: 'no', dinner: false, drinking_water: undefined })).toEqual([]);
    expect(mealPlan({ breakfast: true, lunch: true, dinner: true, drinking_water: true })).toEqual(['Breakfast', 'Lunch', 'Dinner', 'Drinking water']);
  });
});

describe('dedupeById', () => {
  it('keeps the first of each id in order', () => {
    const items = [
      { id: 3, n: 'a' },
      { id: 1, n: 'b' },
      { id: 3, n: 'c' },
      { id: 2, n: 'd' },
      { id: 1, n: 'e' },
    ];
    expect(dedupeById(items)).toEqual([
      { id: 3, n: 'a' },
      { id: 1, n: 'b' },
      { id: 2, n: 'd' },
    ]);
  });
});

describe('safari sort', () => {
  const s = (safariday: number, safarititle: string) => ({ safariday, safarititle });
  it('sorts by day count ascending by default and descending on request', () => {
    const list = [s(5, 'E'), s(1, 'A'), s(3, 'C'), s(3, 'B')];
    expect(sortByDays(list, parseSort(null)).map((x) => x.safarititle)).toEqual(['A', 'B', 'C', 'E']);
    expect(sortByDays(list, parseSort('desc')).map((x) => x.safarititle)).toEqual(['E', 'B', 'C', 'A']);
    expect(list[0]!.safarititle).toBe('E');
  });
  it('treats unknown sort values as ascending', () => {
    expect(parseSort('sideways')).toBe('asc');
    expect(parseSort('asc')).toBe('asc');
  });
});
