// The double opt-in e-mail: new tokens for the subscriber (only their hashes are stored) and a
// confirmation message in the outbox. Sent on a sign-up through the public form
// (server/api/newsletter.ts) and, when the owner asks for it, to imported people
// (server/api/admin/subscribers.ts).
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { urlIn } from '../../common/language-paths.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { newsletterSubscribers } from '../db/schema-enquiries.ts';
import type { Tx } from '../db/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newsletterConfirmation } from '../mail/templates.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');
/** The shape of every newsletter token (24 random bytes, base64url). */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export interface ConfirmationOptions {
  siteUrl: string;
  mailFrom: string;
  messageIdDomain: string;
}

/** Rotates the subscriber's tokens and queues a confirmation e-mail carrying them, in the subscriber's language (its links to that language's pages). */
export async function queueConfirmation(tx: Tx, opts: ConfirmationOptions, id: number, s: { fullName: string; email: string; language?: Language }, notBefore?: Date): Promise<void> {
  const language = s.language ?? DEFAULT_LANGUAGE;
  const confirm = newToken();
  const unsubscribe = newToken();
  await tx
    .update(newsletterSubscribers)
    .set({ confirm_token_hash: hashToken(confirm), unsubscribe_token_hash: hashToken(unsubscribe), confirmation_sent_at: sql`now()` })
    .where(eq(newsletterSubscribers.id, id));
  const links = {
    confirm: urlIn(`${opts.siteUrl}/newsletter/confirm?token=${confirm}`, language),
    unsubscribe: urlIn(`${opts.siteUrl}/newsletter/unsubscribe?token=${unsubscribe}`, language),
    // The page answers a GET with a button and a one-click POST (RFC 8058) by unsubscribing.
    oneClickUnsubscribe: urlIn(`${opts.siteUrl}/newsletter/unsubscribe?token=${unsubscribe}`, language),
  };
  await enqueueMail(tx, opts.messageIdDomain, [{ kind: 'newsletter-confirmation', subscriberId: id, message: newsletterConfirmation(s, links, { from: opts.mailFrom, language }), notBefore }]);
}
