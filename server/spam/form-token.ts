// The minimum fill time: the form asks for a token when it appears (POST /api/form-token), and a
// submission whose token is younger than the minimum is refused. The token is the issue time
// signed with a key kept in the database, so every process can check every other's tokens.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

const SECRET_NAME = 'form-token-key';

export interface FormTokens {
  issue(now?: number): Promise<string>;
  /** 'ok', 'too-fast' (younger than the minimum) or 'invalid' (forged, garbled or from the future). */
  check(token: string, now?: number): Promise<'ok' | 'too-fast' | 'invalid'>;
}

export function createFormTokens(db: Db, minFillMs: number): FormTokens {
  let key: Promise<Buffer> | null = null;
  const loadKey = () =>
    (key ??= (async () => {
      await db.execute(sql`insert into app_secrets (name, value) values (${SECRET_NAME}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
      const r = await db.execute(sql`select value from app_secrets where name = ${SECRET_NAME}`);
      const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { value: string }[];
      return Buffer.from(rows[0]!.value, 'base64url');
    })().catch((e) => {
      key = null;
      throw e;
    }));
  const sign = (k: Buffer, issued: string) => createHmac('sha256', k).update(`form:${issued}`).digest('base64url');
  return {
    async issue(now = Date.now()) {
      const issued = String(now);
      return `${issued}.${sign(await loadKey(), issued)}`;
    },
    async check(token, now = Date.now()) {
      const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return 'invalid';
      const expected = Buffer.from(sign(await loadKey(), m[1]!));
      const given = Buffer.from(m[2]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      const age = now - Number(m[1]);
      if (age < -60_000) return 'invalid';
      return age < minFillMs ? 'too-fast' : 'ok';
    },
  };
}
