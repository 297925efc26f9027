-- Content translations (common/languages.ts): one row per content item and language, the translated
-- fields in the shape of the English document; deleted with its item.
CREATE TABLE "content_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"language" text NOT NULL,
	"document" jsonb NOT NULL,
	"slug" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"source_hash" text NOT NULL,
	"seed_hash" text,
	"origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "content_translations_language_check" CHECK ("content_translations"."language" in ('de', 'fr', 'es')),
	CONSTRAINT "content_translations_status_check" CHECK ("content_translations"."status" in ('current', 'needs_review'))
);
--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_item_idx" ON "content_translations" USING btree ("item_id","language");
