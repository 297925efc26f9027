CREATE TABLE "animals" (
	"id" serial PRIMARY KEY NOT NULL,
	"animaltitle" text NOT NULL,
	"animaltitleslug" text NOT NULL,
	"animaldescription" text DEFAULT '' NOT NULL,
	"animalheaderimage" text DEFAULT '' NOT NULL,
	"animalheaderimagealt" text DEFAULT '' NOT NULL,
	"animalparagraph" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "birds" (
	"id" serial PRIMARY KEY NOT NULL,
	"birdtitle" text NOT NULL,
	"birdtitleslug" text NOT NULL,
	"birddescription" text DEFAULT '' NOT NULL,
	"birdheaderimage" text DEFAULT '' NOT NULL,
	"birdheaderimagealt" text DEFAULT '' NOT NULL,
	"birdoverview" text DEFAULT '' NOT NULL,
	"birddetails" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"blogtitle" text NOT NULL,
	"blogtitleslug" text NOT NULL,
	"blogheaderimage" text DEFAULT '' NOT NULL,
	"blogheaderimagealt" text DEFAULT '' NOT NULL,
	"blogdescription" text DEFAULT '' NOT NULL,
	"blogparagraph" text DEFAULT '' NOT NULL,
	"show_in_nav" boolean DEFAULT false NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text
);
--> statement-breakpoint
CREATE TABLE "destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"destinationtitle" text NOT NULL,
	"destinationtitleslug" text NOT NULL,
	"destinationtag" text DEFAULT '' NOT NULL,
	"destinationheaderimage" text DEFAULT '' NOT NULL,
	"destinationheaderimagealt" text DEFAULT '' NOT NULL,
	"destinationdescription" text DEFAULT '' NOT NULL,
	"destinationparagraph" text DEFAULT '' NOT NULL,
	"youtubeembedlink" text,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experience_destinations" (
	"experience_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	CONSTRAINT "experience_destinations_experience_id_destination_id_pk" PRIMARY KEY("experience_id","destination_id")
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiencetitle" text NOT NULL,
	"experiencetitleslug" text NOT NULL,
	"experiencedescription" text DEFAULT '' NOT NULL,
	"experienceheaderimage" text DEFAULT '' NOT NULL,
	"experienceheaderimagealt" text DEFAULT '' NOT NULL,
	"experienceparagraph" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"faqslug" text NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"show_on_home" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"filepath" text NOT NULL,
	"filename" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"pagekeywords" text DEFAULT '' NOT NULL,
	"pagedescription" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parks" (
	"id" serial PRIMARY KEY NOT NULL,
	"parktitle" text NOT NULL,
	"parktitleslug" text NOT NULL,
	"parkheaderimage" text DEFAULT '' NOT NULL,
	"parkheaderimagealt" text DEFAULT '' NOT NULL,
	"parkdescription" text DEFAULT '' NOT NULL,
	"parkoverview" text DEFAULT '' NOT NULL,
	"parkdetails" text DEFAULT '' NOT NULL,
	"destination_id" integer NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"overview" text NOT NULL,
	"details" text NOT NULL,
	"profileimage" text,
	"rating" smallint DEFAULT 5 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safari_day_experiences" (
	"safari_day_id" integer NOT NULL,
	"experience_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "safari_day_experiences_safari_day_id_experience_id_pk" PRIMARY KEY("safari_day_id","experience_id")
);
--> statement-breakpoint
CREATE TABLE "safari_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"safari_id" integer NOT NULL,
	"day_number" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"breakfast" boolean DEFAULT false NOT NULL,
	"lunch" boolean DEFAULT false NOT NULL,
	"dinner" boolean DEFAULT false NOT NULL,
	"drinking_water" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safari_destinations" (
	"safari_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	CONSTRAINT "safari_destinations_safari_id_destination_id_pk" PRIMARY KEY("safari_id","destination_id")
);
--> statement-breakpoint
CREATE TABLE "safari_experiences" (
	"safari_id" integer NOT NULL,
	"experience_id" integer NOT NULL,
	CONSTRAINT "safari_experiences_safari_id_experience_id_pk" PRIMARY KEY("safari_id","experience_id")
);
--> statement-breakpoint
CREATE TABLE "safaris" (
	"id" serial PRIMARY KEY NOT NULL,
	"safarititle" text NOT NULL,
	"safarititleslug" text NOT NULL,
	"safariday" integer NOT NULL,
	"safariprice" integer NOT NULL,
	"safariheaderimage" text DEFAULT '' NOT NULL,
	"safariheaderimagealt" text DEFAULT '' NOT NULL,
	"safarimetadescription" text DEFAULT '' NOT NULL,
	"safaridescription" text DEFAULT '' NOT NULL,
	"safariincludes" text DEFAULT '' NOT NULL,
	"safariexcludes" text DEFAULT '' NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experience_destinations" ADD CONSTRAINT "experience_destinations_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_destinations" ADD CONSTRAINT "experience_destinations_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_day_experiences" ADD CONSTRAINT "safari_day_experiences_safari_day_id_safari_days_id_fk" FOREIGN KEY ("safari_day_id") REFERENCES "public"."safari_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_day_experiences" ADD CONSTRAINT "safari_day_experiences_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_days" ADD CONSTRAINT "safari_days_safari_id_safaris_id_fk" FOREIGN KEY ("safari_id") REFERENCES "public"."safaris"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_destinations" ADD CONSTRAINT "safari_destinations_safari_id_safaris_id_fk" FOREIGN KEY ("safari_id") REFERENCES "public"."safaris"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_destinations" ADD CONSTRAINT "safari_destinations_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_experiences" ADD CONSTRAINT "safari_experiences_safari_id_safaris_id_fk" FOREIGN KEY ("safari_id") REFERENCES "public"."safaris"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safari_experiences" ADD CONSTRAINT "safari_experiences_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "animals_slug_idx" ON "animals" USING btree ("animaltitleslug");--> statement-breakpoint
CREATE UNIQUE INDEX "birds_slug_idx" ON "birds" USING btree ("birdtitleslug");--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_idx" ON "blogs" USING btree ("blogtitleslug");--> statement-breakpoint
CREATE INDEX "blogs_created_idx" ON "blogs" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_slug_idx" ON "destinations" USING btree ("destinationtitleslug");--> statement-breakpoint
CREATE INDEX "experience_destinations_dest_idx" ON "experience_destinations" USING btree ("destination_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiences_slug_idx" ON "experiences" USING btree ("experiencetitleslug");--> statement-breakpoint
CREATE UNIQUE INDEX "faqs_slug_idx" ON "faqs" USING btree ("faqslug");--> statement-breakpoint
CREATE INDEX "gallery_owner_idx" ON "gallery_images" USING btree ("owner_type","owner_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "parks_slug_idx" ON "parks" USING btree ("parktitleslug");--> statement-breakpoint
CREATE INDEX "parks_destination_idx" ON "parks" USING btree ("destination_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "safari_days_safari_day_idx" ON "safari_days" USING btree ("safari_id","day_number");--> statement-breakpoint
CREATE INDEX "safari_destinations_dest_idx" ON "safari_destinations" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "safari_experiences_exp_idx" ON "safari_experiences" USING btree ("experience_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safaris_slug_idx" ON "safaris" USING btree ("safarititleslug");--> statement-breakpoint
CREATE INDEX "safaris_order_idx" ON "safaris" USING btree ("sort_order","id");