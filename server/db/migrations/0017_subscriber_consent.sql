-- Proof of consent for people imported as already confirmed: the source (for the whole file, in
-- the owner's words) and the day they agreed, kept on each subscriber (server/api/admin/subscribers.ts).
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_source" text;
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_date" date;
