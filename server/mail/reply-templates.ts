// The reply templates owners keep (common/reply-templates.ts), stored as one value of the
// console's settings (console_settings, key `reply_templates`): the whole list, in its order.
import { sql } from 'drizzle-orm';
import { type ReplyTemplate, replyTemplatesSchema } from '../../common/reply-templates.ts';
import type { Db, Tx } from '../db/index.ts';

const KEY = 'reply_templates';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The templates, in the owners' order (none until an owner writes one). */
export async function readReplyTemplates(db: Db | Tx): Promise<ReplyTemplate[]> {
  const [row] = rowsOf<{ value: unknown }>(await db.execute(sql`select value from console_settings where key = ${KEY}`));
  const parsed = replyTemplatesSchema.safeParse({ templates: row?.value ?? [] });
  return parsed.success ? parsed.data.templates : [];
}

/** Replaces the list; answers whether it changed. */
export async function writeReplyTemplates(db: Db | Tx, templates: ReplyTemplate[], staffId: number): Promise<boolean> {
  const before = await readReplyTemplates(db);
  if (JSON.stringify(before) === JSON.stringify(templates)) return false;
  await db.execute(sql`
    insert into console_settings (key, value, updated_by, updated_at) values (${KEY}, ${JSON.stringify(templates)}::jsonb, ${staffId}, now())
    on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
  return true;
}
