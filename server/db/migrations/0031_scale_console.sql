-- The console with many enquiries (npm run bench:scale).
-- The inbox's word search reads a stored column of each enquiry's folded words (the same
-- expression as the index of migration 0018 had): the index finds the matches and checking a match
-- again reads the stored words, instead of folding and splitting every matching message once more
-- (a common name matched thousands of rows and took seconds).
ALTER TABLE "enquiries" ADD COLUMN IF NOT EXISTS "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_fold("name" || ' ' || "email" || ' ' || "message"))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "enquiries_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enquiries_search_idx" ON "enquiries" USING gin ("search_words");
--> statement-breakpoint
-- The inbox's country choices: the distinct countries are read by skipping along this index.
CREATE INDEX IF NOT EXISTS "enquiries_country_idx" ON "enquiries" USING btree ("country");
