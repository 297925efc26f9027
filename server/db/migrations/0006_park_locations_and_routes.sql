-- Maps: where each park is, the places a safari passes through that have no park page, and the
-- stops of each itinerary day in order (the route drawn on the safari's map and its PDF).
ALTER TABLE "parks" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"placetitle" text NOT NULL,
	"placetitleslug" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "places_slug_idx" ON "places" USING btree ("placetitleslug");
--> statement-breakpoint
CREATE TABLE "safari_day_stops" (
	"safari_day_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"park_id" integer,
	"place_id" integer,
	CONSTRAINT "safari_day_stops_safari_day_id_position_pk" PRIMARY KEY("safari_day_id","position"),
	CONSTRAINT "safari_day_stops_one_kind" CHECK (("park_id" is null) <> ("place_id" is null))
);
--> statement-breakpoint
ALTER TABLE "safari_day_stops" ADD CONSTRAINT "safari_day_stops_safari_day_id_safari_days_id_fk" FOREIGN KEY ("safari_day_id") REFERENCES "public"."safari_days"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "safari_day_stops" ADD CONSTRAINT "safari_day_stops_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "safari_day_stops" ADD CONSTRAINT "safari_day_stops_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "safari_day_stops_park_idx" ON "safari_day_stops" USING btree ("park_id");
--> statement-breakpoint
CREATE INDEX "safari_day_stops_place_idx" ON "safari_day_stops" USING btree ("place_id");
