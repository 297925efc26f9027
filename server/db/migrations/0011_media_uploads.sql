-- The media library: uploaded images, each row also the background job that renders its
-- variants (queued, processing, done, failed), and the console's owner-chosen settings.
CREATE TABLE "media_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"variants_done" integer DEFAULT 0 NOT NULL,
	"variants_total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"token" text,
	"rendered_width" integer,
	"rendered_height" integer,
	"widths" jsonb,
	"placeholder" text,
	"uploaded_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "media_uploads_status_check" CHECK ("status" IN ('queued', 'processing', 'done', 'failed')),
	CONSTRAINT "media_uploads_format_check" CHECK ("format" IN ('jpeg', 'png', 'webp', 'avif'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_name_idx" ON "media_uploads" USING btree ("name");
--> statement-breakpoint
CREATE INDEX "media_uploads_status_idx" ON "media_uploads" USING btree ("status","id");
--> statement-breakpoint
CREATE TABLE "console_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer REFERENCES "staff"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
