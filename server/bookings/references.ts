// References staff and travellers quote on the phone: Q-2026-0042 for a quote, B-2026-0017 for a
// booking, numbered from 1 each year. The number is taken by one atomic upsert of the year's
// counter, so processes that make references at the same time never get the same one.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { referenceCounters } from '../db/schema.ts';

export type ReferencePrefix = 'Q' | 'B';

export async function nextReference(tx: Tx, prefix: ReferencePrefix, year: number): Promise<string> {
  const [row] = await tx
    .insert(referenceCounters)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({ target: [referenceCounters.prefix, referenceCounters.year], set: { last: sql`${referenceCounters.last} + 1` } })
    .returning({ last: referenceCounters.last });
  return `${prefix}-${year}-${String(row!.last).padStart(4, '0')}`;
}
