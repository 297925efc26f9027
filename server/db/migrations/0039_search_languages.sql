-- Site search in the site's other languages: one document per translated item and language, its
-- lexemes made by that language's text search configuration (german, french, spanish) over the
-- text with its accents removed (unaccent), so "Ruanda" finds "Ruanda" and "uber" finds "über".
-- Written by server/search/languages.ts from the items' translations (content_translations); the
-- English documents stay in search_documents, as before.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TABLE "search_translated_documents" (
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"words" text[] DEFAULT '{}' NOT NULL,
	"tsv" tsvector NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_translated_documents_pk" PRIMARY KEY ("type", "item_id", "language"),
	CONSTRAINT "search_translated_documents_language_check" CHECK ("language" in ('de', 'fr', 'es'))
);
