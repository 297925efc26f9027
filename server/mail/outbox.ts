// The transactional outbox: messages are written in the same transaction as the enquiry or
// subscription that caused them, and a worker (worker.ts) delivers them afterwards.
// Attachments (a quote's PDF, a safari's itinerary) are made when the message is queued and stored
// in its row, not made again at send time: the row survives a restart, a retry sends the very
// bytes the agent sent (not a document changed since), and the worker's claim and fencing that
// keep a message from being sent twice keep its files too. A sent row's files stay with it, as
// its text does.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/index.ts';
import { type MailAttachment, mailOutbox, type OutboxMessage } from '../db/schema-enquiries.ts';

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
  | 'departure-cancelled'
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

/** The most bytes of files one message carries (mail servers commonly refuse past 10–25 MB, after base64). */
const MAX_ATTACHMENT_BYTES = 8 * 1024 * 1024;

/** A PDF to attach to a message. */
export function pdfAttachment(filename: string, bytes: Uint8Array): MailAttachment {
  return { filename, contentType: 'application/pdf', contentBase64: Buffer.from(bytes).toString('base64') };
}

/** The bytes the files of a message take once decoded. */
const attachmentBytes = (m: OutboxMessage) => (m.attachments ?? []).reduce((n, a) => n + Math.floor((a.contentBase64.length * 3) / 4), 0);

/** Adds messages to the outbox, each with a Message-ID fixed now so retries carry the same one. */
export async function enqueueMail(tx: Tx, domain: string, rows: NewOutboxRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  for (const r of rows) if (attachmentBytes(r.message) > MAX_ATTACHMENT_BYTES) throw new Error(`a ${r.kind} message carries more than ${MAX_ATTACHMENT_BYTES} bytes of files`);
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
