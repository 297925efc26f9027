-- Quotes and bookings (server/db/schema-bookings.ts): quotes and their versions, the private trip
-- links (only a token's SHA-256), bookings, their travellers, the append-only payment ledger and
-- the bookings' events. Amounts are integers in minor units (common/booking-money.ts).
CREATE TABLE "reference_counters" (
	"prefix" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "reference_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"enquiry_id" integer,
	"traveller_name" text NOT NULL,
	"traveller_email" text NOT NULL,
	"traveller_phone" text DEFAULT '' NOT NULL,
	"safari_slug" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("status" in ('draft', 'sent', 'accepted', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trip_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"quote_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"quote_id" integer NOT NULL,
	"quote_version_id" integer NOT NULL,
	"state" text DEFAULT 'confirmed-pending-deposit' NOT NULL,
	"travel_from" date NOT NULL,
	"travel_to" date NOT NULL,
	"currency" text NOT NULL,
	"lead_name" text NOT NULL,
	"lead_email" text NOT NULL,
	"lead_phone" text DEFAULT '' NOT NULL,
	"total_minor" bigint NOT NULL,
	"deposit_minor" bigint NOT NULL,
	"deposit_due_on" date NOT NULL,
	"balance_due_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_state_check" CHECK ("state" in ('confirmed-pending-deposit', 'confirmed', 'balance-due', 'paid', 'travelled', 'cancelled')),
	CONSTRAINT "bookings_money_check" CHECK ("total_minor" >= 0 and "deposit_minor" between 0 and "total_minor"),
	CONSTRAINT "bookings_dates_check" CHECK ("travel_from" <= "travel_to")
);
--> statement-breakpoint
CREATE TABLE "booking_travellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"age" smallint,
	"dietary" text DEFAULT '' NOT NULL,
	"medical" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"provider" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" in ('payment', 'refund', 'correction')),
	CONSTRAINT "ledger_entries_method_check" CHECK ("method" is null or "method" in ('bank-transfer', 'cash', 'card', 'mobile-money')),
	CONSTRAINT "ledger_entries_sign_check" CHECK ("amount_minor" <> 0 and ("kind" <> 'payment' or "amount_minor" > 0) and ("kind" <> 'refund' or "amount_minor" < 0)),
	CONSTRAINT "ledger_entries_reason_check" CHECK ("kind" = 'payment' or length("reason") > 0),
	CONSTRAINT "ledger_entries_who_check" CHECK ("recorded_by" is not null or "provider" is not null)
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_sent_by_staff_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_links" ADD CONSTRAINT "trip_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_version_id_quote_versions_id_fk" FOREIGN KEY ("quote_version_id") REFERENCES "public"."quote_versions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_reference_idx" ON "quotes" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX "quotes_enquiry_idx" ON "quotes" USING btree ("enquiry_id");
--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_quote_version_idx" ON "quote_versions" USING btree ("quote_id","version");
--> statement-breakpoint
CREATE UNIQUE INDEX "trip_links_token_idx" ON "trip_links" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "trip_links_quote_idx" ON "trip_links" USING btree ("quote_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_quote_idx" ON "bookings" USING btree ("quote_id");
--> statement-breakpoint
CREATE INDEX "bookings_travel_idx" ON "bookings" USING btree ("travel_from");
--> statement-breakpoint
CREATE INDEX "bookings_balance_idx" ON "bookings" USING btree ("balance_due_on");
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_travellers_position_idx" ON "booking_travellers" USING btree ("booking_id","position");
--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_events_reminder_idx" ON "booking_events" USING btree ("booking_id","kind") WHERE kind like 'reminder-%';
--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by a new entry, never by an edit or a removal.
-- An empty ledger may be truncated (nothing recorded is lost): a TRUNCATE ... CASCADE of the
-- enquiries or staff it refers to reaches it even when no booking was ever made.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' AND NOT EXISTS (SELECT 1 FROM ledger_entries) THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'ledger_entries is append-only: % refused (record a correction instead)', TG_OP USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
