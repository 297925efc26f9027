-- What each content change wrote: one row per move of the content version made by a change that
-- knows its tables (a console edit, an approved review, a currency rate). A process that sees the
-- version move from N to M drops only the kept pages and API answers made from those tables when
-- it finds a row for every version after N up to M; otherwise it drops them all
-- (server/db/version.ts). Old rows are removed as new ones come.
CREATE TABLE "content_changes" (
	"version" integer PRIMARY KEY NOT NULL,
	"tables" text[] NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
