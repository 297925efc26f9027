// Structured content under content/: one YAML file per item, validated with zod by its type's
// schema (server/content/types/<collection>.ts). The file name (without .yaml) is the item's slug.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CURRENCIES } from '../../common/currency.ts';
import { collections, CONTENT_MODULES, type CollectionName, type Item } from '../content/types/index.ts';
import { isoDate, slug } from '../content/types/fields.ts';

/**
 * content/currency-rates.yaml: the rates prices are converted with in the browser until an owner
 * sets them in the console (server/currency.ts); units of each currency one US dollar buys.
 */
const currencyRatesSchema = z.object({
  /** The day the rates were set. */
  date: isoDate,
  rates: z.partialRecord(z.enum(CURRENCIES.filter((c) => c !== 'USD') as [string, ...string[]]), z.number().positive().finite()),
});
type CurrencyRatesFile = z.output<typeof currencyRatesSchema>;
export const CURRENCY_RATES_FILE = 'currency-rates.yaml';

export { collections, type CollectionName };
export type Content = { [K in CollectionName]: Item<K>[] } & {
  /** content/currency-rates.yaml, when there is one. */
  currencyRates?: CurrencyRatesFile;
};

export class ContentError extends Error {
  problems: string[];
  constructor(problems: string[]) {
    super(`content is invalid:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

export const defaultContentDir = path.resolve(import.meta.dirname, '../../content');

/** One content file as written: the document the console edits (server/content/). */
export interface ContentFileDocument {
  collection: CollectionName;
  slug: string;
  document: Record<string, unknown>;
}

/** Reads and validates every content file, then checks that all cross-references resolve. */
export async function loadContent(dir = defaultContentDir): Promise<Content> {
  return (await loadContentFiles(dir)).content;
}

/** loadContent(), with each file's document as written (before defaults and conversions). */
export async function loadContentFiles(dir = defaultContentDir): Promise<{ content: Content; documents: ContentFileDocument[] }> {
  const documents: ContentFileDocument[] = [];
  const problems: string[] = [];
  const out = {} as Record<CollectionName, unknown[]>;
  for (const name of Object.keys(collections) as CollectionName[]) {
    const folder = path.join(dir, name);
    let files: string[] = [];
    try {
      files = (await readdir(folder)).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml')).sort();
    } catch {
      files = [];
    }
    const items: unknown[] = [];
    for (const file of files) {
      const itemSlug = file.replace(/\.ya?ml$/, '');
      const where = `${name}/${file}`;
      if (!slug.safeParse(itemSlug).success) {
        problems.push(`${where}: file name is not a valid slug`);
        continue;
      }
      let raw: unknown;
      try {
        raw = parseYaml(await readFile(path.join(folder, file), 'utf8'));
      } catch (e) {
        problems.push(`${where}: YAML error: ${(e as Error).message.split('\n')[0]}`);
        continue;
      }
      const parsed = collections[name].safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push(`${where}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
        continue;
      }
      items.push({ ...parsed.data, slug: itemSlug });
      documents.push({ collection: name, slug: itemSlug, document: JSON.parse(JSON.stringify(raw)) as Record<string, unknown> });
    }
    out[name] = items;
  }
  const content = out as unknown as Content;
  const rates = await readCurrencyRates(dir, problems);
  if (rates) content.currencyRates = rates;
  problems.push(...crossReferenceProblems(content));
  if (problems.length) throw new ContentError(problems);
  return { content, documents };
}

async function readCurrencyRates(dir: string, problems: string[]): Promise<CurrencyRatesFile | undefined> {
  let raw: string;
  try {
    raw = await readFile(path.join(dir, CURRENCY_RATES_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (e) {
    problems.push(`${CURRENCY_RATES_FILE}: YAML error: ${(e as Error).message.split('\n')[0]}`);
    return undefined;
  }
  const parsed = currencyRatesSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${CURRENCY_RATES_FILE}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return undefined;
  }
  return parsed.data;
}

export function crossReferenceProblems(c: Content): string[] {
  const problems: string[] = [];
  const dest = new Set(c.destinations.map((d) => d.slug));
  const exp = new Set(c.experiences.map((e) => e.slug));
  const parkSlugs = new Set(c.parks.map((p) => p.slug));
  for (const p of c.places) if (parkSlugs.has(p.slug)) problems.push(`places/${p.slug}: a park has the same slug`);
  const stopSlugs = new Set([...parkSlugs, ...c.places.map((p) => p.slug)]);
  for (const p of c.parks) if (!dest.has(p.destination)) problems.push(`parks/${p.slug}: unknown destination ${p.destination}`);
  for (const e of c.experiences) for (const d of e.destinations) if (!dest.has(d)) problems.push(`experiences/${e.slug}: unknown destination ${d}`);
  // Where a lodge is: its park, or the town of a hotel outside the parks.
  const lodgePark = new Map(c.lodges.map((l) => [l.slug, l.park ?? l.place]));
  const placeSlugs = new Set(c.places.map((p) => p.slug));
  for (const l of c.lodges) {
    if (l.park !== undefined && !parkSlugs.has(l.park)) problems.push(`lodges/${l.slug}: unknown park ${l.park}`);
    if (l.place !== undefined && !placeSlugs.has(l.place)) problems.push(`lodges/${l.slug}: unknown place ${l.place}`);
    if (l.destination !== undefined && !dest.has(l.destination)) problems.push(`lodges/${l.slug}: unknown destination ${l.destination}`);
  }
  for (const s of c.safaris) {
    for (const d of s.destinations) if (!dest.has(d)) problems.push(`safaris/${s.slug}: unknown destination ${d}`);
    for (const e of s.experiences) if (!exp.has(e)) problems.push(`safaris/${s.slug}: unknown experience ${e}`);
    s.itinerary.forEach((day, i) => {
      for (const a of day.activities) if (!exp.has(a)) problems.push(`safaris/${s.slug}: day ${i + 1}: unknown activity ${a}`);
      for (const p of day.stops) if (!stopSlugs.has(p)) problems.push(`safaris/${s.slug}: day ${i + 1}: unknown stop ${p} (neither a park nor a place)`);
      if (day.lodge !== undefined) {
        const park = lodgePark.get(day.lodge);
        if (park === undefined) problems.push(`safaris/${s.slug}: day ${i + 1}: unknown lodge ${day.lodge}`);
        else if (!day.stops.includes(park)) problems.push(`safaris/${s.slug}: day ${i + 1}: lodge ${day.lodge} is at ${park}, which is not one of the day's stops`);
      }
    });
  }
  const faqOrders = new Set<number>();
  for (const f of c.faqs) {
    if (faqOrders.has(f.order)) problems.push(`faqs/${f.slug}: duplicate order ${f.order}`);
    faqOrders.add(f.order);
  }
  for (const m of CONTENT_MODULES) if ('problems' in m && m.problems) problems.push(...m.problems(c as unknown as Record<string, { slug: string }[]>));
  return problems;
}
