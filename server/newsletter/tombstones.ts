// Tombstones of erased subscribers: an HMAC-SHA-256 of the lower-cased address, keyed with a
// secret generated on first use and kept in app_secrets (as the form-token key is), so the table
// alone does not tell whether an address was ever on the list. An import skips an address whose
// tombstone is there; the person's own sign-up through the public form is fresh consent and
// removes it (server/api/newsletter.ts).
import { createHmac, randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { newsletterTombstones } from '../db/schema-campaigns.ts';

const SECRET_NAME = 'newsletter-tombstone-key';
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

const keys = new WeakMap<object, Promise<Buffer>>();

async function loadKey(db: Db | Tx): Promise<Buffer> {
  await db.execute(sql`insert into app_secrets (name, value) values (${SECRET_NAME}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
  const rows = rowsOf<{ value: string }>(await db.execute(sql`select value from app_secrets where name = ${SECRET_NAME}`));
  return Buffer.from(rows[0]!.value, 'base64url');
}

/** The key of this database (read once per database handle; `db` is also the cache's key). */
function keyOf(db: Db | Tx, cacheKey: object): Promise<Buffer> {
  let k = keys.get(cacheKey);
  if (!k) {
    k = loadKey(db).catch((e) => {
      keys.delete(cacheKey);
      throw e;
    });
    keys.set(cacheKey, k);
  }
  return k;
}

export interface Tombstones {
  /** Reads the key now: call it before a transaction (PGlite has one connection, which the transaction holds). */
  ready(): Promise<void>;
  /** The tombstone of an address (any letter case). */
  mark(address: string): Promise<string>;
  /** Records that the address was erased (in the caller's transaction). */
  bury(tx: Tx, address: string): Promise<void>;
  /** The subset of these lower-cased addresses that have a tombstone. */
  buried(tx: Tx, addresses: string[]): Promise<Set<string>>;
  /** Removes the tombstone of an address (its owner signed up again). */
  lift(tx: Tx, address: string): Promise<void>;
}

/** Tombstones of the database `db` (a handle, not a transaction: the key is read outside any). */
export function tombstones(db: Db): Tombstones {
  const mark = async (address: string) =>
    createHmac('sha256', await keyOf(db, db))
      .update(address.trim().toLowerCase())
      .digest('base64url');
  return {
    ready: async () => {
      await keyOf(db, db);
    },
    mark,
    async bury(tx, address) {
      await tx
        .insert(newsletterTombstones)
        .values({ address_hmac: await mark(address) })
        .onConflictDoNothing();
    },
    async buried(tx, addresses) {
      const out = new Set<string>();
      const marks = new Map<string, string>();
      for (const a of addresses) marks.set(await mark(a), a);
      const all = [...marks.keys()];
      for (let i = 0; i < all.length; i += 1000) {
        const rows = await tx
          .select({ h: newsletterTombstones.address_hmac })
          .from(newsletterTombstones)
          .where(inArray(newsletterTombstones.address_hmac, all.slice(i, i + 1000)));
        for (const r of rows) out.add(marks.get(r.h)!);
      }
      return out;
    },
    async lift(tx, address) {
      await tx.delete(newsletterTombstones).where(sql`${newsletterTombstones.address_hmac} = ${await mark(address)}`);
    },
  };
}
