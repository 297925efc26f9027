-- Bookings made by hand (a trip booked on the phone): no quote behind them, so the quote and its
-- version may be null, and such a booking keeps its own title, safari and price lines (priced by
-- common/booking-money.ts priceOf) and who made it. A booking has a quote and a version, or neither.
ALTER TABLE "bookings" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "quote_version_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "safari_slug" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_origin_check" CHECK (("bookings"."quote_id" is null) = ("bookings"."quote_version_id" is null) and ("bookings"."quote_id" is not null or ("bookings"."title" is not null and "bookings"."price_lines" is not null)));
