import { describe, expect, it } from 'vitest';
import type { DayStop } from './api-types.ts';
import { dayRange, safariRoute, shortStopName } from './route.ts';

const park = (slug: string, title: string, latitude = -1, longitude = 30): DayStop => ({ title, parktitleslug: slug, latitude, longitude });
const place = (title: string, latitude = 0, longitude = 32): DayStop => ({ title, parktitleslug: null, latitude, longitude });

describe('safariRoute', () => {
  it('lists the stops of the days in order, a stop carried on from one day to the next once', () => {
    const entebbe = place('Entebbe');
    const kibale = park('kibale-national-park', 'Kibale National Park');
    const qe = park('queen-elizabeth-national-park', 'Queen Elizabeth National Park');
    const route = safariRoute([
      // Days out of order in the input are put in order.
      { day_number: 3, stops: [kibale, qe] },
      { day_number: 1, stops: [entebbe] },
      { day_number: 2, stops: [kibale] },
      { day_number: 4, stops: [qe, entebbe] },
    ]);
    expect(route.map((s) => [s.number, s.title, s.days])).toEqual([
      [1, 'Entebbe', [1]],
      [2, 'Kibale National Park', [2, 3]],
      [3, 'Queen Elizabeth National Park', [3, 4]],
      [4, 'Entebbe', [4]],
    ]);
    expect(route[1]!.parktitleslug).toBe('kibale-national-park');
    expect(route[0]!.parktitleslug).toBeNull();
  });

  it('tells a park from a place of the same name', () => {
    const route = safariRoute([{ day_number: 1, stops: [place('Nairobi'), park('nairobi', 'Nairobi')] }]);
    expect(route).toHaveLength(2);
  });

  it('is empty for days without stops', () => {
    expect(safariRoute([{ day_number: 1, stops: [] }])).toEqual([]);
  });
});

describe('dayRange and shortStopName', () => {
  it('names the days of a stop', () => {
    expect(dayRange([3])).toBe('Day 3');
    expect(dayRange([2, 3, 4])).toBe('Days 2–4');
    expect(dayRange([1, 8])).toBe('Days 1, 8');
    expect(dayRange([])).toBe('');
  });

  it('shortens park titles for map labels', () => {
    expect(shortStopName('Bwindi Impenetrable Forest National Park')).toBe('Bwindi');
    expect(shortStopName('Mgahinga Gorilla National Park')).toBe('Mgahinga');
    expect(shortStopName('Kibale National Park (Kibale Forest)')).toBe('Kibale');
    expect(shortStopName('Maasai Mara National Reserve')).toBe('Maasai Mara');
    expect(shortStopName('Ngorongoro Conservation Area')).toBe('Ngorongoro');
    expect(shortStopName('Jinja and the Source of the Nile')).toBe('Jinja');
    expect(shortStopName('Lake Bunyonyi')).toBe('Lake Bunyonyi');
    expect(shortStopName('National Park')).toBe('National Park');
  });
});
