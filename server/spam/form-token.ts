// Form tokens: every enquiry and subscription carries one. A form asks for its token when it
// appears (POST /api/form-token, or a page that shows a form to confirm, app/routes/enquiry.tsx);
// the token is the issue time and a random id, signed with a key kept in the database, so every
// process can check every other's tokens. A token is refused younger than the minimum fill time
// (a robot's speed), older than its lifetime (2 hours), forged, or spent: the id of an accepted
// one is recorded in the submission's transaction, and a second insert of it conflicts.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';

const SECRET_NAME = 'form-token-key';
/** How long a token is good for. */
export const FORM_TOKEN_TTL_MS = 2 * 3600_000;
/** Tolerated clock difference between processes, for tokens issued "in the future". */
const CLOCK_SKEW_MS = 60_000;
/** Spent ids are kept this long after their token expired, then pruned. */
const KEEP_AFTER_EXPIRY = '1 hour';

const TOKEN_SHAPE = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

type TokenCheck = { verdict: 'ok'; id: string; expiresAt: Date } | { verdict: 'too-fast'; retryInMs: number } | { verdict: 'expired' } | { verdict: 'invalid' };

export interface FormTokens {
  issue(now?: number): Promise<string>;
  /** Signature, age and lifetime; does not spend the token. */
  check(token: string, now?: number): Promise<TokenCheck>;
  /** Records a checked token as spent, in the caller's transaction: false when it was spent before. */
  spend(tx: Tx, id: string, expiresAt: Date): Promise<boolean>;
  /** Drops the spent ids of tokens that expired more than an hour ago. */
  prune(db: Db | Tx): Promise<void>;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

export function createFormTokens(db: Db, opts: { minFillMs: number; ttlMs?: number }): FormTokens {
  const ttlMs = opts.ttlMs ?? FORM_TOKEN_TTL_MS;
  let key: Promise<Buffer> | null = null;
  const loadKey = () =>
    (key ??= (async () => {
      await db.execute(sql`insert into app_secrets (name, value) values (${SECRET_NAME}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
      const rows = rowsOf<{ value: string }>(await db.execute(sql`select value from app_secrets where name = ${SECRET_NAME}`));
      return Buffer.from(rows[0]!.value, 'base64url');
    })().catch((e) => {
      key = null;
      throw e;
    }));
  const sign = (k: Buffer, issued: string, id: string) => createHmac('sha256', k).update(`form-token:${issued}.${id}`).digest('base64url');
  return {
    async issue(now = Date.now()) {
      const issued = String(now);
      const id = randomBytes(16).toString('base64url');
      return `${issued}.${id}.${sign(await loadKey(), issued, id)}`;
    },
    async check(token, now = Date.now()) {
      const m = TOKEN_SHAPE.exec(token);
      if (!m) return { verdict: 'invalid' };
      const [, issued, id, signature] = m as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(await loadKey(), issued, id));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { verdict: 'invalid' };
      const age = now - Number(issued);
      if (age < -CLOCK_SKEW_MS) return { verdict: 'invalid' };
      if (age > ttlMs) return { verdict: 'expired' };
      if (age < opts.minFillMs) return { verdict: 'too-fast', retryInMs: opts.minFillMs - age };
      return { verdict: 'ok', id, expiresAt: new Date(Number(issued) + ttlMs) };
    },
    async spend(tx, id, expiresAt) {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into form_tokens_used (id, expires_at) values (${id}, ${expiresAt.toISOString()}::timestamptz) on conflict (id) do nothing returning id`),
      );
      return rows.length === 1;
    },
    async prune(target) {
      await target.execute(sql`delete from form_tokens_used where expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`);
    },
  };
}
