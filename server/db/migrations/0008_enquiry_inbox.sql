-- The enquiry inbox (server/api/admin/enquiries.ts): each enquiry's place in the pipeline, the
-- agent it is assigned to, the safari it is about and where it was sent from; its notes, status
-- history and replies; and the indexes of the inbox's search (words and partial addresses).
ALTER TABLE "enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "assigned_to" integer REFERENCES "staff"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "safari_id" integer REFERENCES "safaris"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "source" text DEFAULT 'other' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_status_check" CHECK ("status" IN ('new', 'contacted', 'quoted', 'booked', 'lost', 'spam'));
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_source_check" CHECK ("source" IN ('contact', 'plan-a-safari', 'safari', 'home', 'other'));
--> statement-breakpoint
-- Where existing enquiries came from: the path of page_url (no origin, query, fragment or
-- trailing slash), read the same way as common/enquiry-inbox.ts sourceOfPath does for new ones.
UPDATE "enquiries" e SET
  "safari_id" = s.id
FROM "safaris" s
WHERE s.safarititleslug = substring(rtrim(regexp_replace(regexp_replace(coalesce(e.page_url, ''), '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*', ''), '[?#].*$', ''), '/') FROM '^/safaris/([a-z0-9]+(?:-[a-z0-9]+)*)$');
--> statement-breakpoint
UPDATE "enquiries" SET "source" = CASE
  WHEN page_url IS NULL THEN 'other'
  WHEN p = '' THEN 'home'
  WHEN p = '/contact-us' THEN 'contact'
  WHEN p = '/plan-a-safari' THEN 'plan-a-safari'
  WHEN safari_id IS NOT NULL THEN 'safari'
  ELSE 'other' END
FROM (SELECT id AS pid, rtrim(regexp_replace(regexp_replace(coalesce(page_url, ''), '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*', ''), '[?#].*$', ''), '/') AS p FROM "enquiries") AS paths
WHERE paths.pid = "enquiries".id;
--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "enquiries_assigned_idx" ON "enquiries" USING btree ("assigned_to") WHERE assigned_to IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "enquiries_safari_idx" ON "enquiries" USING btree ("safari_id") WHERE safari_id IS NOT NULL;
--> statement-breakpoint
-- Whole words and word beginnings: the same expression as the inbox's query (enquirySearchVector).
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "email" || ' ' || "message"));
--> statement-breakpoint
-- Any part of an address or a name (ILIKE '%…%').
CREATE INDEX "enquiries_email_trgm_idx" ON "enquiries" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "enquiries_name_trgm_idx" ON "enquiries" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "enquiry_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL REFERENCES "enquiries"("id") ON DELETE cascade,
	"staff_id" integer REFERENCES "staff"("id") ON DELETE set null,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enquiry_notes_enquiry_idx" ON "enquiry_notes" USING btree ("enquiry_id", "created_at");
--> statement-breakpoint
CREATE TABLE "enquiry_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL REFERENCES "enquiries"("id") ON DELETE cascade,
	"staff_id" integer REFERENCES "staff"("id") ON DELETE set null,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enquiry_status_changes_enquiry_idx" ON "enquiry_status_changes" USING btree ("enquiry_id", "at");
--> statement-breakpoint
CREATE TABLE "enquiry_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL REFERENCES "enquiries"("id") ON DELETE cascade,
	"staff_id" integer REFERENCES "staff"("id") ON DELETE set null,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"outbox_id" bigint REFERENCES "mail_outbox"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enquiry_replies_enquiry_idx" ON "enquiry_replies" USING btree ("enquiry_id", "created_at");
