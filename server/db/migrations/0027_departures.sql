CREATE TABLE "departure_seats" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"departure_id" integer NOT NULL,
	"seats" smallint NOT NULL,
	"single_rooms" smallint DEFAULT 0 NOT NULL,
	"hold_until" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_seats_seats_check" CHECK ("departure_seats"."seats" between 1 and 99 and "departure_seats"."single_rooms" between 0 and "departure_seats"."seats")
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"id" serial PRIMARY KEY NOT NULL,
	"safari_slug" text NOT NULL,
	"starts_on" date NOT NULL,
	"seats" smallint NOT NULL,
	"price_minor" bigint NOT NULL,
	"single_supplement_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"guide_slug" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departures_status_check" CHECK ("departures"."status" in ('open', 'guaranteed', 'full', 'cancelled')),
	CONSTRAINT "departures_seats_check" CHECK ("departures"."seats" between 1 and 99),
	CONSTRAINT "departures_money_check" CHECK ("departures"."price_minor" >= 0 and "departures"."single_supplement_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "departure_seats" ADD CONSTRAINT "departure_seats_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_seats" ADD CONSTRAINT "departure_seats_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_seats_departure_idx" ON "departure_seats" USING btree ("departure_id");--> statement-breakpoint
CREATE INDEX "departures_safari_idx" ON "departures" USING btree ("safari_slug","starts_on");--> statement-breakpoint
CREATE INDEX "departures_starts_idx" ON "departures" USING btree ("starts_on");
