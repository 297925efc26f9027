// npm run content:export: the database's content written back in the layout of content/ (one
// YAML file per published item, and currency-rates.yaml), so that seeding a fresh database from
// the export gives the same content. Drafts and scheduled items are not exported (a file is a
// published item); files of items no longer in the database are removed from the folders written.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { stringify as toYaml } from 'yaml';
import { collections, CURRENCY_RATES_FILE } from '../db/content.ts';
import type { Db } from '../db/index.ts';
import { currencyRates } from '../db/schema.ts';
import { exportDocuments } from './content-files.ts';

export interface ExportFile {
  /** Relative to the content folder: "parks/bwindi-impenetrable-forest-national-park.yaml". */
  path: string;
  text: string;
}

export async function exportContent(db: Db): Promise<ExportFile[]> {
  const files: ExportFile[] = (await exportDocuments(db)).map((d) => ({ path: `${d.collection}/${d.slug}.yaml`, text: d.yaml }));
  const rates = await db.select().from(currencyRates).orderBy(asc(currencyRates.currency));
  if (rates.length) {
    const newest = rates.reduce((a, r) => (new Date(r.updated_at) > a ? new Date(r.updated_at) : a), new Date(0));
    const doc = { date: newest.toISOString().slice(0, 10), rates: Object.fromEntries(rates.map((r) => [r.currency, Number(r.per_usd)])) };
    files.push({ path: CURRENCY_RATES_FILE, text: toYaml(doc) });
  }
  return files;
}

/** Writes the export into `dir`; returns how many files were written and removed. */
export async function writeExport(dir: string, files: ExportFile[]): Promise<{ written: number; removed: number }> {
  const keep = new Set(files.map((f) => f.path));
  let removed = 0;
  for (const name of Object.keys(collections)) {
    const folder = path.join(dir, name);
    for (const f of await readdir(folder).catch(() => [] as string[])) {
      if (!/\.ya?ml$/.test(f) || keep.has(`${name}/${f}`)) continue;
      await rm(path.join(folder, f));
      removed++;
    }
  }
  for (const f of files) {
    const target = path.join(dir, f.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, f.text);
  }
  return { written: files.length, removed };
}
