-- The language of the page a traveller wrote from (common/languages.ts): on enquiries, newsletter
-- subscribers and bookings, so that what is sent to them can be in their language. Existing rows
-- were all sent from English pages.
ALTER TABLE "enquiries" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_language_check" CHECK ("language" in ('en', 'de', 'fr', 'es'));
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_language_check" CHECK ("language" in ('en', 'de', 'fr', 'es'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_language_check" CHECK ("language" in ('en', 'de', 'fr', 'es'));
