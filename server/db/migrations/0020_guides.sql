-- Guides: the team the operator sends out (a page each, a portrait), and the guides who usually
-- lead each safari, in order (server/content/types/guides.ts).
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"guidetitle" text NOT NULL,
	"guidetitleslug" text NOT NULL,
	"guiderole" text DEFAULT '' NOT NULL,
	"guidelanguages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"guideyears" integer DEFAULT 0 NOT NULL,
	"guidespecialities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"guideheaderimage" text DEFAULT '' NOT NULL,
	"guideheaderimagealt" text DEFAULT '' NOT NULL,
	"guidedescription" text DEFAULT '' NOT NULL,
	"guideparagraph" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safari_guides" (
	"safari_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "safari_guides_safari_id_guide_id_pk" PRIMARY KEY("safari_id","guide_id")
);
--> statement-breakpoint
ALTER TABLE "safari_guides" ADD CONSTRAINT "safari_guides_safari_id_safaris_id_fk" FOREIGN KEY ("safari_id") REFERENCES "public"."safaris"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "safari_guides" ADD CONSTRAINT "safari_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "guides_slug_idx" ON "guides" USING btree ("guidetitleslug");
--> statement-breakpoint
CREATE INDEX "guides_order_idx" ON "guides" USING btree ("sort_order","id");
--> statement-breakpoint
CREATE INDEX "safari_guides_guide_idx" ON "safari_guides" USING btree ("guide_id");
