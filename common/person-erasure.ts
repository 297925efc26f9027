// Erasing any person by their e-mail address (owners, /admin/erase), shared by the console page and
// the console API: the forms' schemas and the answers' shapes. What it removes and keeps is counted
// for the confirmation (server/bookings/erasure.ts).
import './zod-csp.ts';
import { z } from 'zod';
import { eraseSchema } from './newsletter-admin.ts';
import { isEmail } from './validation.ts';

const ERASE_EMAIL_MESSAGE = 'Enter the person’s e-mail address, like name@example.com.';

const emailField = z
  .string({ error: ERASE_EMAIL_MESSAGE })
  .trim()
  .max(254, ERASE_EMAIL_MESSAGE)
  .refine((v) => isEmail(v), ERASE_EMAIL_MESSAGE);

/** Looking a person up before erasing them. */
export const personLookupSchema = z.object({ email: emailField });
/** Erasing them: their address, and the tick that says it is meant. */
export const personEraseSchema = eraseSchema.extend({ email: emailField });

/** What erasing a person removes, and what it keeps anonymised for the accounts (counts). */
export interface PersonFootprint {
  subscribed: boolean;
  enquiries: number;
  /** Quotes never booked (deleted, with their versions). */
  quotes: number;
  /** Private trip pages that stop working. */
  tripLinks: number;
  /** E-mails to or about them in the outbox. */
  mail: number;
  /** Bookings kept for the accounts without the person. */
  bookings: number;
  /** Travellers on those bookings' manifests (deleted). */
  travellers: number;
  /** Payments, refunds and corrections on those bookings (kept as they are). */
  ledgerEntries: number;
}

/** The console API's answer to a look-up: the address and what erasing it would do. */
export interface PersonLookup {
  email: string;
  footprint: PersonFootprint;
}

/** Whether anything of the person is stored at all. */
export const nothingStored = (f: PersonFootprint) => !f.subscribed && !f.enquiries && !f.quotes && !f.tripLinks && !f.mail && !f.bookings;
