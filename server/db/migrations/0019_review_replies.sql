-- The operator's public reply under a traveller's review, shown with it on the safari's page and
-- in its Review structured data (comment).
ALTER TABLE "traveller_reviews" ADD COLUMN "reply" text;
--> statement-breakpoint
ALTER TABLE "traveller_reviews" ADD COLUMN "replied_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "traveller_reviews" ADD COLUMN "replied_by" integer;
