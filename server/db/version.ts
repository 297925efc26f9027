// Watches the content version row so that every process drops its caches when content changes,
// whichever process loaded the change.
import { eq } from 'drizzle-orm';
import type { Db } from './index.ts';
import { contentVersion } from './schema.ts';

export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.v ?? 0;
}

export function watchContentVersion(db: Db, onChange: (version: number) => void, intervalMs = 5000): () => void {
  let last: number | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const v = await readContentVersion(db);
      if (last !== undefined && v !== last) onChange(v);
      last = v;
    } catch {
      // The database may be briefly unreachable; readyz reports it.
    }
  };
  void tick();
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
