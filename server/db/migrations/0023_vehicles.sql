-- Safari vehicles: the operator's fleet (a page each, a drawn picture), and the vehicle each safari
-- usually runs in (server/content/types/vehicles.ts).
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicletitle" text NOT NULL,
	"vehicletitleslug" text NOT NULL,
	"vehiclekind" text DEFAULT '' NOT NULL,
	"vehicleseats" integer DEFAULT 0 NOT NULL,
	"vehiclewindowseats" boolean DEFAULT false NOT NULL,
	"vehiclefeatures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vehicleheaderimage" text DEFAULT '' NOT NULL,
	"vehicleheaderimagealt" text DEFAULT '' NOT NULL,
	"vehicledescription" text DEFAULT '' NOT NULL,
	"vehicleparagraph" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safari_vehicles" (
	"safari_id" integer PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safari_vehicles" ADD CONSTRAINT "safari_vehicles_safari_id_safaris_id_fk" FOREIGN KEY ("safari_id") REFERENCES "public"."safaris"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "safari_vehicles" ADD CONSTRAINT "safari_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "safari_vehicles_vehicle_idx" ON "safari_vehicles" USING btree ("vehicle_id");
--> statement-breakpoint
CREATE INDEX "vehicles_order_idx" ON "vehicles" USING btree ("sort_order","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_slug_idx" ON "vehicles" USING btree ("vehicletitleslug");
