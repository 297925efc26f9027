ALTER TABLE "lodges" ALTER COLUMN "park_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lodges" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "lodges" ADD COLUMN "destination_id" integer;--> statement-breakpoint
UPDATE "lodges" SET "destination_id" = "parks"."destination_id" FROM "parks" WHERE "parks"."id" = "lodges"."park_id";--> statement-breakpoint
ALTER TABLE "lodges" ALTER COLUMN "destination_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lodges" ADD CONSTRAINT "lodges_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lodges" ADD CONSTRAINT "lodges_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lodges" ADD CONSTRAINT "lodges_park_or_town_check" CHECK (("lodges"."park_id" is null) <> ("lodges"."place_id" is null));--> statement-breakpoint
CREATE INDEX "lodges_destination_idx" ON "lodges" USING btree ("destination_id");
