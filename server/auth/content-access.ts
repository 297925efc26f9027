// Who may edit the site's content in the console (images now, content items later): owners
// always; agents only while an owner allows it (the console setting agentsEditContent, on the
// /admin/settings screen). Checked here, on the server, for every request.
import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { MEDIA_MESSAGES, type ConsoleSettings } from '../../common/media-library.ts';
import { deps } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import type { Db, Tx } from '../db/index.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../common/operator-time.ts';
import { requireStaff, type AdminEnv } from './guard.ts';
import type { Session } from './sessions.ts';

const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = { agentsEditContent: false, timeZone: DEFAULT_TIME_ZONE, agentsExport: false };

const KEYS: Record<keyof ConsoleSettings, string> = { agentsEditContent: 'agents_edit_content', timeZone: 'time_zone', agentsExport: 'agents_export' };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The console's settings: the stored values over the defaults. */
export async function readConsoleSettings(db: Db | Tx): Promise<ConsoleSettings> {
  const rows = rowsOf<{ key: string; value: unknown }>(await db.execute(sql`select key, value from console_settings`));
  const out: ConsoleSettings = { ...DEFAULT_CONSOLE_SETTINGS };
  for (const [field, key] of Object.entries(KEYS) as [keyof ConsoleSettings, string][]) {
    const row = rows.find((r) => r.key === key);
    if (field === 'timeZone' && row && !isTimeZone(String(row.value))) continue;
    if (row && typeof row.value === typeof DEFAULT_CONSOLE_SETTINGS[field]) (out as unknown as Record<string, unknown>)[field] = row.value;
  }
  return out;
}

/** The operator's time zone (console setting; Africa/Kampala until an owner chooses another). */
export async function readOperatorTimeZone(db: Db | Tx): Promise<string> {
  return (await readConsoleSettings(db)).timeZone;
}

/** Stores settings (owners only: the route checks). Returns the fields whose value changed. */
export async function writeConsoleSettings(db: Db, next: Partial<ConsoleSettings>, staffId: number): Promise<(keyof ConsoleSettings)[]> {
  const before = await readConsoleSettings(db);
  const changed: (keyof ConsoleSettings)[] = [];
  for (const [field, value] of Object.entries(next) as [keyof ConsoleSettings, unknown][]) {
    if (value === undefined) continue;
    if (before[field] !== value) changed.push(field);
    await db.execute(sql`
      insert into console_settings (key, value, updated_by, updated_at) values (${KEYS[field]}, ${JSON.stringify(value)}::jsonb, ${staffId}, now())
      on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
  }
  return changed;
}

/** Whether this signed-in member of staff may edit content. */
export async function mayEditContent(db: Db, session: Pick<Session, 'staff'>): Promise<boolean> {
  if (session.staff.role === 'owner') return true;
  return (await readConsoleSettings(db)).agentsEditContent;
}

/** Whether this signed-in member of staff may export enquiries: owners always, agents while an owner allows it. */
export async function mayExport(db: Db, session: Pick<Session, 'staff'>): Promise<boolean> {
  if (session.staff.role === 'owner') return true;
  return (await readConsoleSettings(db)).agentsExport;
}

/** requireStaff() (session, anti-forgery token on writes), then the content-editing permission. */
export function requireContentEditor(): MiddlewareHandler<AdminEnv> {
  const staff = requireStaff();
  return async (c, next) => {
    await staff(c, async () => {
      const session = c.var.session!;
      if (!(await mayEditContent(deps(c).db, session))) throw new HttpError(403, MEDIA_MESSAGES.notAllowed, undefined, 'forbidden');
      await next();
    });
  };
}
