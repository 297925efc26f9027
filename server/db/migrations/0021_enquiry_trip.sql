-- The trip an enquiry may carry (all optional): the safari's slug as the visitor chose it, the
-- travel dates or the month of a flexible trip, the travellers with the children's ages, and the
-- budget per person (one of the ranges of common/enquiry-trip.ts).
ALTER TABLE "enquiries" ADD COLUMN "safari" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "travel_from" date;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "travel_to" date;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "travel_month" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "adults" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "children" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "child_ages" integer[];--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "budget" text;
