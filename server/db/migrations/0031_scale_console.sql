-- The console with many enquiries (npm run bench:scale).
-- The inbox's search reads stored columns of each enquiry's folded words and folded name (the same
-- expressions as the indexes of migration 0018 had): the indexes find the matches, and checking a
-- match again (or reading every row, when a common name matches many) reads the stored values
-- instead of folding and splitting every message and name once more (a common name matched
-- thousands of rows and took seconds; on PGlite, a whole scan took many seconds).
ALTER TABLE "enquiries" ADD COLUMN IF NOT EXISTS "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_fold("name" || ' ' || "email" || ' ' || "message"))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "enquiries_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enquiries_search_idx" ON "enquiries" USING gin ("search_words");
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN IF NOT EXISTS "search_name" text GENERATED ALWAYS AS (search_fold("name")) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "enquiries_name_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enquiries_name_trgm_idx" ON "enquiries" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- The inbox's country choices: the distinct countries are read by skipping along this index.
CREATE INDEX IF NOT EXISTS "enquiries_country_idx" ON "enquiries" USING btree ("country");
