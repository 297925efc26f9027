// Tables of the operator's console: staff accounts, their sessions, second factors, password
// resets and the audit log of sign-ins and changes.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A member of staff: an owner (everything) or an agent (enquiries). */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** lower(email): the identity of an account. */
    email_key: text('email_key').notNull(),
    name: text('name').notNull().default(''),
    /** 'owner' | 'agent' */
    role: text('role').notNull(),
    /** Argon2id (PHC string). */
    password_hash: text('password_hash').notNull(),
    /** Base32 TOTP secret once a second factor is turned on; null otherwise. */
    totp_secret: text('totp_secret'),
    totp_enabled_at: at('totp_enabled_at'),
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    totp_last_step: integer('totp_last_step'),
    /** A disabled account cannot sign in; its sessions are ended. */
    disabled_at: at('disabled_at'),
    created_at: at('created_at').notNull().defaultNow(),
    password_changed_at: at('password_changed_at').notNull().defaultNow(),
    last_sign_in_at: at('last_sign_in_at'),
  },
  (t) => [uniqueIndex('staff_email_key_idx').on(t.email_key)],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id_hash: text('id_hash').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** 'full' once signed in; 'totp' between the password and the second factor. */
    stage: text('stage').notNull().default('full'),
    /** The session's anti-forgery token, sent back with every write. */
    csrf: text('csrf').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    last_seen_at: at('last_seen_at').notNull().defaultNow(),
    /** The absolute end, whatever the activity. */
    expires_at: at('expires_at').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staff_id), index('staff_sessions_expires_idx').on(t.expires_at)],
);

/** Single-use recovery codes for an account with a second factor (SHA-256 of each code). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: at('used_at'),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staff_id)],
);

/** Password-reset links: single use, valid 30 minutes; only the token's SHA-256 is stored. */
export const staffPasswordResets = pgTable(
  'staff_password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_password_resets_staff_idx').on(t.staff_id)],
);

/** Who did what, when, from where: sign-ins (and failed ones) and every change in the console. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    /** Null for an anonymous attempt (an unknown address at sign-in). */
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The account's address at the time (kept when the account is gone). */
    actor: text('actor').notNull().default(''),
    /** e.g. 'sign-in', 'sign-in-failed', 'enquiry.status', 'staff.create' */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'enquiry:42'. */
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.target).where(sql`target is not null`)],
);
