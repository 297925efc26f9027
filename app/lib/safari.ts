// Safari presentation rules of spec point 2: includes/excludes lists, meal flags, dedupe and sort.

/** Splits a comma-separated includes/excludes text into clean items: quote, brace and backslash
 * characters removed, whitespace trimmed, empty items dropped. */
export function cleanList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/["'`{}\\]/g, '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** A meal-plan flag counts when it is the boolean true or the string 'true'. */
export function isOn(flag: unknown): boolean {
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
}

export interface MealFlags {
  breakfast: unknown;
  lunch: unknown;
  dinner: unknown;
  drinking_water: unknown;
}

/** The labels of a day's meal plan, in the order the spec lists them. */
export function mealPlan(day: MealFlags): string[] {
  const meals: string[] = [];
  if (isOn(day.breakfast)) meals.push('Breakfast');
  if (isOn(day.lunch)) meals.push('Lunch');
  if (isOn(day.dinner)) meals.push('Dinner');
  if (isOn(day.drinking_water)) meals.push('Drinking water');
  return meals;
}

/** Keeps the first item of each id, in order. */
export function dedupeById<T extends { id: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

export type SortOrder = 'asc' | 'desc';

export function parseSort(value: string | null): SortOrder {
  return value === 'desc' ? 'desc' : 'asc';
}

/** Sorts by day count (ties by title, so the order is stable across requests). */
export function sortByDays<T extends { safariday: number; safarititle: string }>(items: readonly T[], order: SortOrder): T[] {
  const dir = order === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => dir * (a.safariday - b.safariday) || a.safarititle.localeCompare(b.safarititle));
}
