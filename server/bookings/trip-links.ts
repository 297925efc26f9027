// The private links of the trip pages: /trip/{token}, the token 256 random bits (base64url), of
// which only the SHA-256 is kept. A link opens the latest sent version of its quote (and, once
// accepted, its booking) until staff revoke it. The token is never logged (server/logger.ts masks
// /trip/ paths) and never in the sitemap.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { quotes, tripLinks } from '../db/schema.ts';

/** A token's shape: 43 base64url characters (32 bytes). Anything else is not looked up. */
const TRIP_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for the quote; the token is returned once, to be written into the traveller's e-mail. */
export async function createTripLink(tx: Tx, quoteId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(tripLinks).values({ token_hash: hashOf(token), quote_id: quoteId });
  return token;
}

/** The quote a token opens, or null (unknown, malformed or revoked). */
export async function quoteOfToken(tx: Tx, token: string) {
  if (!TRIP_TOKEN.test(token)) return null;
  const [row] = await tx
    .select({ quote: quotes })
    .from(tripLinks)
    .innerJoin(quotes, eq(quotes.id, tripLinks.quote_id))
    .where(and(eq(tripLinks.token_hash, hashOf(token)), isNull(tripLinks.revoked_at)));
  return row?.quote ?? null;
}

/** Revokes every link of a quote; returns how many were open. */
export async function revokeTripLinks(tx: Tx, quoteId: number): Promise<number> {
  const rows = await tx
    .update(tripLinks)
    .set({ revoked_at: new Date() })
    .where(and(eq(tripLinks.quote_id, quoteId), isNull(tripLinks.revoked_at)))
    .returning({ id: tripLinks.id });
  return rows.length;
}
