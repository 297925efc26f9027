-- Seats booked on a group departure make a booking of the departure with no quote behind it: the
-- booking keeps its trip's title, safari and price lines (as a booking made by hand does), and its
-- trip link opens the booking itself. A trip link opens a quote or a booking, one or the other.
ALTER TABLE "trip_links" ALTER COLUMN "quote_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "trip_links" ADD COLUMN IF NOT EXISTS "booking_id" integer;
--> statement-breakpoint
ALTER TABLE "trip_links" ADD CONSTRAINT "trip_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trip_links_booking_idx" ON "trip_links" USING btree ("booking_id");
--> statement-breakpoint
-- The seat bookings made before this carried a hidden quote, accepted at once: each booking takes
-- its trip's title, safari and price lines from the accepted version, its trip links move to the
-- booking, and the quote (with its version) goes.
CREATE TEMPORARY TABLE "seat_booking_quotes" AS
  SELECT b."id" AS "booking_id", b."quote_id"
  FROM "bookings" b
  WHERE b."quote_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "departure_seats" s WHERE s."booking_id" = b."id");
--> statement-breakpoint
UPDATE "trip_links" l SET "booking_id" = t."booking_id", "quote_id" = NULL
  FROM "seat_booking_quotes" t
  WHERE l."quote_id" = t."quote_id";
--> statement-breakpoint
UPDATE "bookings" b
  SET "title" = v."document"->>'title', "safari_slug" = q."safari_slug", "price_lines" = v."document"->'lines', "quote_id" = NULL, "quote_version_id" = NULL
  FROM "seat_booking_quotes" t, "quotes" q, "quote_versions" v
  WHERE t."booking_id" = b."id" AND q."id" = b."quote_id" AND v."id" = b."quote_version_id";
--> statement-breakpoint
DELETE FROM "quotes" WHERE "id" IN (SELECT "quote_id" FROM "seat_booking_quotes");
--> statement-breakpoint
DROP TABLE "seat_booking_quotes";
--> statement-breakpoint
ALTER TABLE "trip_links" ADD CONSTRAINT "trip_links_owner_check" CHECK (("trip_links"."quote_id" is null) <> ("trip_links"."booking_id" is null));
