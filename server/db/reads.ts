// Which tables an answer was made from, and which tables a change wrote: the dependencies that let
// a content change drop exactly the kept pages and API answers it affects (server/http/cache.ts).
//
// Every statement Drizzle runs passes through the database's logger (server/db/index.ts). While a
// trace is open in the current async context (AsyncLocalStorage), the logger adds the statement's
// tables to it: tables read (FROM, JOIN) and tables written (INSERT INTO, UPDATE, DELETE FROM).
// Traces nest: what an in-process API answer reads while a page renders counts for the page too.
// Nothing is recorded outside a trace, so requests that are never kept pay one lookup a statement.
import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/** Stands for "every table": an answer made from something the trace cannot name. */
export const ANY_TABLE = '*';

export class Trace {
  readonly reads = new Set<string>();
  readonly writes = new Set<string>();
  readonly parent: Trace | undefined;
  constructor(parent?: Trace) {
    this.parent = parent;
  }

  read(tables: Iterable<string>) {
    for (let t: Trace | undefined = this; t; t = t.parent) for (const name of tables) t.reads.add(name);
  }

  wrote(tables: Iterable<string>) {
    for (let t: Trace | undefined = this; t; t = t.parent) for (const name of tables) t.writes.add(name);
  }
}

const current = new AsyncLocalStorage<Trace>();

/** Runs `work` in a new trace (nested in the current one, if any) and returns both. */
export async function traced<T>(work: () => Promise<T>): Promise<{ value: T; trace: Trace }> {
  const trace = new Trace(current.getStore());
  const value = await current.run(trace, work);
  return { value, trace };
}

/** The open trace of this async context, if any. */
export function currentTrace(): Trace | undefined {
  return current.getStore();
}

/** Counts tables read elsewhere (a kept answer, a remembered query) for the open trace. */
export function noteReads(tables: Iterable<string> | undefined) {
  const trace = current.getStore();
  if (trace) trace.read(tables ?? [ANY_TABLE]);
}

interface Statement {
  reads: string[];
  writes: string[];
}

/**
 * Tables whose rows belong to a row of another table and are written only with it (a gallery's
 * pictures with their park, animal, bird, experience or lodge: server/db/seed.ts): whoever reads
 * them reads the owner's table too, which is what a change of them is seen by. Counting them would
 * tie every gallery page to every other type's galleries.
 */
const OWNED = new Set(['gallery_images']);

/** Tables kept by triggers from the content tables (0002_search): made from all of the content. */
const DERIVED = new Set(['search_documents', 'search_words', 'search_translated_documents']);

const IDENT = String.raw`(?:"?[a-z_][a-z0-9_]*"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)\b"?`;
// A table after FROM or JOIN, unless it is a function call (unnest(...)) or a subquery.
const READ = new RegExp(String.raw`\b(?:from|join)\s+${IDENT}(?!\s*\()`, 'gi');
const WRITE = new RegExp(String.raw`\b(?:insert\s+into|update|delete\s+from)\s+${IDENT}`, 'gi');
// Names a statement may put after FROM that are not tables.
const NOT_TABLES = new Set(['select', 'lateral', 'only', 'each', 'now', 'generate_series', 'unnest']);

const known = new Set(Object.values(schema).flatMap((v) => (isTable(v) ? [getTableConfig(v).name] : [])));

function isTable(v: unknown): v is PgTable {
  try {
    return typeof v === 'object' && v !== null && !!getTableConfig(v as PgTable).name;
  } catch {
    return false;
  }
}

/**
 * The tables a statement reads and writes. A name that is not one of the schema's tables (a CTE,
 * a column after EXTRACT(... FROM col)) reads as ANY_TABLE: an answer made from it is dropped by
 * every change, never kept past one.
 */
export function statementTables(sqlText: string): Statement {
  const reads = new Set<string>();
  const writes = new Set<string>();
  const text = sqlText.toLowerCase();
  // Only the schema's tables: `do update set`, `for update skip locked` name none.
  for (const m of text.matchAll(WRITE)) if (known.has(m[1]!)) writes.add(m[1]!);
  for (const m of text.matchAll(READ)) {
    const name = m[1]!;
    if (NOT_TABLES.has(name) || OWNED.has(name)) continue;
    reads.add(DERIVED.has(name) || !known.has(name) ? ANY_TABLE : name);
  }
  return { reads: [...reads], writes: [...writes] };
}

// Statements repeat (Drizzle builds the same text for every request of a route): parse each once.
const parsed = new Map<string, Statement>();
const PARSED_MAX = 4000;

function tablesOf(sqlText: string): Statement {
  let s = parsed.get(sqlText);
  if (!s) {
    s = statementTables(sqlText);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(sqlText, s);
  }
  return s;
}

/** Drizzle's logger hook: records a statement's tables in the open trace. */
export const traceLogger = {
  logQuery(query: string): void {
    const trace = current.getStore();
    if (!trace) return;
    const s = tablesOf(query);
    if (s.reads.length) trace.read(s.reads);
    if (s.writes.length) trace.wrote(s.writes);
  },
};

/** For each table, the tables whose rows a deletion there changes too (ON DELETE cascade / set null). */
const cascades = new Map<string, string[]>();
for (const v of Object.values(schema)) {
  if (!isTable(v)) continue;
  const config = getTableConfig(v);
  for (const fk of config.foreignKeys) {
    if (fk.onDelete !== 'cascade' && fk.onDelete !== 'set null') continue;
    const target = getTableConfig(fk.reference().foreignTable).name;
    cascades.set(target, [...(cascades.get(target) ?? []), config.name]);
  }
}

/**
 * The tables a change wrote, with those its writes reach without a statement of their own: rows
 * that a deletion cascades to or clears. (Tables kept by triggers are read as ANY_TABLE.)
 */
export function changedTables(written: Iterable<string>): string[] {
  const out = new Set<string>();
  const visit = (name: string) => {
    if (out.has(name)) return;
    out.add(name);
    for (const next of cascades.get(name) ?? []) visit(next);
  };
  for (const name of written) visit(name);
  return [...out].sort();
}
