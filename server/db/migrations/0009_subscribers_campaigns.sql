-- Newsletter campaigns written in the console, one recipient row per subscriber a campaign was
-- sent to (unique: a campaign reaches a person once), and the tombstones of erased subscribers
-- (an HMAC of the address, never the address itself).
CREATE TABLE "newsletter_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body_md" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"sent_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_campaigns_status_check" CHECK ("status" IN ('draft', 'sending'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_campaign_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL REFERENCES "newsletter_campaigns"("id") ON DELETE cascade,
	"subscriber_id" integer NOT NULL REFERENCES "newsletter_subscribers"("id") ON DELETE cascade,
	"outbox_id" bigint REFERENCES "mail_outbox"("id") ON DELETE set null,
	"unsubscribe_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_campaign_recipients_once_idx" ON "newsletter_campaign_recipients" USING btree ("campaign_id","subscriber_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_campaign_recipients_token_idx" ON "newsletter_campaign_recipients" USING btree ("unsubscribe_token_hash");
--> statement-breakpoint
CREATE INDEX "newsletter_campaign_recipients_subscriber_idx" ON "newsletter_campaign_recipients" USING btree ("subscriber_id");
--> statement-breakpoint
CREATE INDEX "newsletter_campaign_recipients_outbox_idx" ON "newsletter_campaign_recipients" USING btree ("outbox_id");
--> statement-breakpoint
CREATE TABLE "newsletter_tombstones" (
	"address_hmac" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","id");
