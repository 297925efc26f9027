// The audit log: one row per sign-in (or failed attempt) and per change made in the console.
import { auditLog } from '../db/schema.ts';
import type { Tx } from '../db/index.ts';

export interface AuditEntry {
  staffId?: number | null;
  actor?: string;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export async function audit(db: Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staff_id: entry.staffId ?? null,
    actor: entry.actor ?? '',
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
