// Writers of content, one at a time: the lock every change takes (the same as the content load's),
// who made a change and the audit line it leaves.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';
import type { ContentType } from './types.ts';

/** Serialises writers of content (the same lock as the content load of server/db/seed.ts). */
const CONTENT_LOCK = 727_274_002;

/** Who made a change, for the item, its revisions and the audit log. */
export interface Actor {
  staffId: number | null;
  email: string;
  ip?: string | null;
}

async function lock(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK})`);
}

export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await lock(tx);
    return work(tx);
  });
}

export async function writeAudit(tx: Db, actor: Actor, action: string, type: ContentType, slug: string, detail: Record<string, unknown> = {}) {
  await tx.insert(auditLog).values({ staff_id: actor.staffId, actor: actor.email, action: `content.${action}`, target: `${type.name}:${slug}`, detail, ip: actor.ip ?? null });
}
