// A safari's route: the stops of its days in itinerary order, with a stop that carries on from
// one day to the next (the night's lodge, the next morning's start) counted once. Shared by the
// safari page (the list beside the map), the route map and the printable itinerary.
import type { DayStop, LodgeCard } from './api-types.ts';

export interface RouteStop {
  /** 1-based position on the route (the number on the map's marker). */
  number: number;
  title: string;
  parktitleslug: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The itinerary days spent at or passing through this stop, ascending. */
  days: number[];
}

const sameStop = (a: DayStop, b: DayStop) => (a.parktitleslug !== null || b.parktitleslug !== null ? a.parktitleslug === b.parktitleslug : a.title === b.title);

export function safariRoute(days: readonly { day_number: number; stops: readonly DayStop[] }[]): RouteStop[] {
  const route: RouteStop[] = [];
  for (const day of [...days].sort((a, b) => a.day_number - b.day_number)) {
    for (const stop of day.stops) {
      const last = route[route.length - 1];
      if (last && sameStop(last, stop)) {
        if (!last.days.includes(day.day_number)) last.days.push(day.day_number);
        continue;
      }
      route.push({
        number: route.length + 1,
        title: stop.title,
        parktitleslug: stop.parktitleslug,
        latitude: stop.latitude,
        longitude: stop.longitude,
        days: [day.day_number],
      });
    }
  }
  return route;
}

/** "Day 3", "Days 2–4", "Days 1, 3". */
export function dayRange(days: readonly number[], words: DayWords = ENGLISH_DAY_WORDS): string {
  if (days.length === 0) return '';
  if (days.length === 1) return words.day(days[0]!);
  const contiguous = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  return contiguous ? words.range(days[0]!, days[days.length - 1]!) : words.list(days.join(', '));
}

/** The words of a day range in a language (a PDF in another language gives its own). */
export interface DayWords {
  day(n: number): string;
  range(first: number, last: number): string;
  list(days: string): string;
}

const ENGLISH_DAY_WORDS: DayWords = { day: (n) => `Day ${n}`, range: (a, b) => `Days ${a}–${b}`, list: (d) => `Days ${d}` };

/**
 * The name a map label uses for a park: its title without the kind of protected area it is, an
 * aside in brackets or a trailing "and the ..." ("Kibale National Park (Kibale Forest)": "Kibale").
 */
export function shortStopName(title: string): string {
  const short = title
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+and the\s.*$/i, '')
    .replace(/\s+(Impenetrable Forest\s+)?(National Park|National Reserve|Conservation Area|Gorilla National Park|Mountains National Park)$/i, '')
    .trim();
  return short || title;
}

/** Where a lodge is: its park, or the town of a hotel outside the parks. */
export function lodgeSetting(lodge: Pick<LodgeCard, 'parktitle' | 'placetitle'>): string {
  return lodge.parktitle ?? lodge.placetitle ?? '';
}
