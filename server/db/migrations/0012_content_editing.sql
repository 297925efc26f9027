-- The database becomes the source of truth for the site's content (issue 12): each item is kept
-- as a document in the shape of its content file (Markdown, not HTML), with its publication
-- state; the content tables the API reads are a projection of the published documents
-- (server/content/). Every save keeps the previous version as a revision; a changed slug leaves a
-- permanent redirect from the old address.
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"slug" text NOT NULL,
	"document" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"seed_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer REFERENCES "staff"("id") ON DELETE set null,
	CONSTRAINT "content_items_status_check" CHECK ("status" IN ('draft', 'published', 'scheduled')),
	CONSTRAINT "content_items_schedule_check" CHECK (("status" = 'scheduled') = ("publish_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_slug_idx" ON "content_items" ("collection", "slug");
--> statement-breakpoint
CREATE INDEX "content_items_due_idx" ON "content_items" ("publish_at") WHERE "status" = 'scheduled';
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer REFERENCES "content_items"("id") ON DELETE set null,
	"collection" text NOT NULL,
	"slug" text NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"status" text NOT NULL,
	"action" text NOT NULL,
	"saved_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" ("item_id", "revision");
--> statement-breakpoint
CREATE INDEX "content_revisions_slug_idx" ON "content_revisions" ("collection", "slug", "saved_at");
--> statement-breakpoint
CREATE TABLE "content_redirects" (
	"from_path" text PRIMARY KEY NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "slug" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_slug_idx" ON "reviews" ("slug");
