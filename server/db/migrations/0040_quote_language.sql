-- The language a quote is written in (common/languages.ts): its days, its e-mail, its PDF and its
-- trip page are in it. A quote made from an enquiry is in the enquiry's language; one made from
-- nothing in the language staff choose. Existing quotes take their enquiry's (English without one),
-- which is what they were sent in.
ALTER TABLE "quotes" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
UPDATE "quotes" SET "language" = "enquiries"."language" FROM "enquiries" WHERE "enquiries"."id" = "quotes"."enquiry_id";
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_language_check" CHECK ("language" in ('en', 'de', 'fr', 'es'));
