// The private links of the trip pages: /trip/{token}, the token 256 random bits (base64url), of
// which only the SHA-256 is kept. A link opens the latest sent version of its quote (and, once
// accepted, its booking), or a booking made with no quote (seats on a group departure), until
// staff revoke it. The token is never logged (server/logger.ts masks /trip/ paths) and never in
// the sitemap.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { quotes, tripLinks } from '../db/schema.ts';
import type { QuoteRow } from './quotes.ts';

/** A token's shape: 43 base64url characters (32 bytes). Anything else is not looked up. */
const TRIP_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for the quote; the token is returned once, to be written into the traveller's e-mail. */
export async function createTripLink(tx: Tx, quoteId: number): Promise<string> {
  return newLink(tx, { quote_id: quoteId });
}

/** A new link that opens a booking made with no quote (seats on a group departure). */
export async function createBookingTripLink(tx: Tx, bookingId: number): Promise<string> {
  return newLink(tx, { booking_id: bookingId });
}

async function newLink(tx: Tx, owner: { quote_id: number } | { booking_id: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(tripLinks).values({ token_hash: hashOf(token), ...owner });
  return token;
}

/** What a link opens: a quote (and its booking once accepted), or a booking with no quote. */
export type TripLinkTarget = { quote: QuoteRow; bookingId: null } | { quote: null; bookingId: number };

/** What a token opens, or null (unknown, malformed or revoked). */
export async function linkOfToken(tx: Tx, token: string): Promise<TripLinkTarget | null> {
  if (!TRIP_TOKEN.test(token)) return null;
  const [row] = await tx
    .select({ quote: quotes, bookingId: tripLinks.booking_id })
    .from(tripLinks)
    .leftJoin(quotes, eq(quotes.id, tripLinks.quote_id))
    .where(and(eq(tripLinks.token_hash, hashOf(token)), isNull(tripLinks.revoked_at)));
  if (row?.quote) return { quote: row.quote, bookingId: null };
  return row?.bookingId ? { quote: null, bookingId: row.bookingId } : null;
}

/** Whether a booking has a link of its own (its trip page), revoked or not. */
export async function hasBookingTripLink(tx: Tx, bookingId: number): Promise<boolean> {
  const [row] = await tx.select({ id: tripLinks.id }).from(tripLinks).where(eq(tripLinks.booking_id, bookingId)).limit(1);
  return row !== undefined;
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
