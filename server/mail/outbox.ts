// The transactional outbox: messages are written in the same transaction as the enquiry or
// subscription that caused them, and a worker (worker.ts) delivers them afterwards.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/index.ts';
import { mailOutbox, type OutboxMessage } from '../db/schema-enquiries.ts';

type OutboxKind =
  | 'enquiry-operator'
  | 'enquiry-acknowledgement'
  | 'newsletter-confirmation'
  | 'enquiry-reply'
  | 'enquiry-reply-copy'
  | 'enquiry-assigned'
  | 'newsletter-campaign'
  | 'newsletter-test'
  | 'staff-password-reset'
  | 'staff-invitation'
  | 'staff-account-locked'
  | 'review-moderation'
  | 'quote-sent'
  | 'booking-confirmation'
  | 'booking-notice'
  | 'booking-reminder'
  | 'payment-receipt'
  | 'payment-flagged';

export interface NewOutboxRow {
  kind: OutboxKind;
  message: OutboxMessage;
  enquiryId?: number;
  subscriberId?: number;
  /** Not sent before this time (campaigns stagger their messages); default: at once. */
  notBefore?: Date;
}

/** The domain of the From address, used on the right of every Message-ID. */
export function messageIdDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'localhost';
}

/** Adds messages to the outbox, each with a Message-ID fixed now so retries carry the same one. */
export async function enqueueMail(tx: Tx, domain: string, rows: NewOutboxRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(mailOutbox)
    .values(
      rows.map((r) => ({
        kind: r.kind,
        enquiry_id: r.enquiryId,
        subscriber_id: r.subscriberId,
        message_id: `<${r.kind}.${randomUUID()}@${domain}>`,
        message: r.message,
        ...(r.notBefore ? { next_attempt_at: r.notBefore } : {}),
      })),
    )
    .returning({ id: mailOutbox.id });
  return inserted.map((r) => r.id);
}
