-- The inbox's search ignores accents and case: "Muller" finds "Müller" and "MÜLLER". search_fold()
-- maps the accented Latin letters to their plain lower-case letters (the same table as
-- server/search/fold.ts, which folds the query), then lower-cases: immutable, so the indexes
-- below are built on it, and the same on PGlite and PostgreSQL whatever the database's locale.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(t,
    'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆČçćčĎďĐđÈÉÊËĒĖĘĚèéêëēėęěĞğÌÍÎÏĪĮİìíîïīįıŁłÑŃŇñńňÒÓÔÕÖØŌŐòóôõöøōőŔŘŕřŚŠŞśšşŤťÙÚÛÜŪŮŰŲùúûüūůűųÝŸýÿŽŹŻžźż',
    'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeggiiiiiiiiiiiiiillnnnnnnoooooooooooooooorrrrssssssttuuuuuuuuuuuuuuuuyyyyzzzzzz'))
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "enquiries_search_idx";
--> statement-breakpoint
-- Whole words and word beginnings: the same expression as the inbox's query (searchCondition).
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin (to_tsvector('simple'::regconfig, search_fold("name" || ' ' || "email" || ' ' || "message")));
--> statement-breakpoint
DROP INDEX IF EXISTS "enquiries_name_trgm_idx";
--> statement-breakpoint
CREATE INDEX "enquiries_name_trgm_idx" ON "enquiries" USING gin (search_fold("name") gin_trgm_ops);
