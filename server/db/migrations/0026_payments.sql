-- Online payments (server/db/schema-payments.ts): an attempt per payment or refund sent to a
-- provider, written before the provider is called, and the providers' events stored once by
-- (provider, event id).
CREATE TABLE "payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"what" text NOT NULL,
	"provider" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"charge_minor" bigint NOT NULL,
	"charge_currency" text NOT NULL,
	"rate" double precision DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"flag_reason" text DEFAULT '' NOT NULL,
	"provider_ref" text,
	"provider_payment" text,
	"idempotency_key" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"refund_of" bigint,
	"ledger_entry_id" bigint,
	"staff_id" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_what_check" CHECK ("payment_attempts"."what" in ('deposit', 'balance', 'refund')),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('stripe', 'flutterwave')),
	CONSTRAINT "payment_attempts_state_check" CHECK ("payment_attempts"."state" in ('open', 'paid', 'failed', 'flagged', 'refunded')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount_minor" > 0 and "payment_attempts"."charge_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"attempt_id" bigint,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_key_idx" ON "payment_attempts" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "payment_attempts_booking_idx" ON "payment_attempts" USING btree ("booking_id","id");
--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("created_at") WHERE state = 'open';
--> statement-breakpoint
CREATE INDEX "payment_attempts_flagged_idx" ON "payment_attempts" USING btree ("booking_id") WHERE state = 'flagged';
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");
--> statement-breakpoint
CREATE INDEX "payment_events_attempt_idx" ON "payment_events" USING btree ("attempt_id");
