-- What travellers bring (issue 13): currency rates for prices shown in the visitor's money,
-- WhatsApp leads counted per page and day, and reviews written on safari pages, held for
-- moderation, with the renderings of their photos.
CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_usd" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "currency_rates_positive" CHECK ("per_usd" > 0),
	CONSTRAINT "currency_rates_code" CHECK ("currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "whatsapp_leads" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_leads_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE INDEX "whatsapp_leads_path_idx" ON "whatsapp_leads" USING btree ("path","day");
--> statement-breakpoint
CREATE TABLE "traveller_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"safari_id" integer NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"photo_width" integer,
	"photo_height" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" integer,
	CONSTRAINT "traveller_reviews_rating" CHECK ("rating" between 1 and 5),
	CONSTRAINT "traveller_reviews_status" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "traveller_reviews" ADD CONSTRAINT "traveller_reviews_safari_id_safaris_id_fk" FOREIGN KEY ("safari_id") REFERENCES "public"."safaris"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "traveller_reviews_safari_idx" ON "traveller_reviews" USING btree ("safari_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "traveller_reviews_status_idx" ON "traveller_reviews" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE "traveller_review_photos" (
	"review_id" integer NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "traveller_review_photos_review_id_width_format_pk" PRIMARY KEY("review_id","width","format")
);
--> statement-breakpoint
ALTER TABLE "traveller_review_photos" ADD CONSTRAINT "traveller_review_photos_review_id_traveller_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."traveller_reviews"("id") ON DELETE cascade ON UPDATE no action;
