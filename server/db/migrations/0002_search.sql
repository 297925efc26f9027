-- Site search index. One row per searchable item (blog, park, experience, safari, faq, animal,
-- bird) with a weighted tsvector (A title, B description, C body, D keywords), kept up to date by
-- triggers on the content tables, plus a vocabulary of title/description/keyword words used to
-- correct misspelt query words with pg_trgm. Written to behave the same on PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"words" text[] DEFAULT '{}' NOT NULL,
	"tsv" tsvector NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_pk" PRIMARY KEY ("type", "item_id")
);
--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");
--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- HTML to plain text: tags and character references become spaces.
CREATE OR REPLACE FUNCTION search_plain(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'), '&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);', ' ', 'g')
$$;
--> statement-breakpoint
-- Distinct lower-case words of at least three characters. Words are split on white space and on
-- an explicit list of punctuation (not on locale classes, so every server splits alike).
CREATE OR REPLACE FUNCTION search_words_of(txt text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
  FROM regexp_split_to_table(lower(coalesce(txt, '')), '[ \t\r\n\f\v!"#$%&''()*+,./:;<=>?@\[\\\]^_`{|}~‘’“”–—…-]+') AS w
  WHERE char_length(w) >= 3 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_remove(p_type text, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_words text[];
BEGIN
  DELETE FROM search_documents WHERE type = p_type AND item_id = p_id RETURNING words INTO v_words;
  IF FOUND THEN
    UPDATE search_words SET ndoc = ndoc - 1 WHERE word = ANY (v_words);
    DELETE FROM search_words WHERE ndoc <= 0;
  END IF;
END
$$;
--> statement-breakpoint
-- (Re)builds the index row of one item from its table; removes it when the item is gone.
CREATE OR REPLACE FUNCTION search_refresh(p_type text, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_slug text;
  v_title text;
  v_desc text;
  v_body text;
  v_keys text;
  v_tsv tsvector;
  v_words text[];
  v_old_words text[];
  v_old_title text;
  v_old_slug text;
  v_old_tsv tsvector;
BEGIN
  IF p_type = 'blog' THEN
    SELECT blogtitleslug, blogtitle, blogdescription, blogparagraph, metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys FROM blogs WHERE id = p_id;
  ELSIF p_type = 'park' THEN
    SELECT p.parktitleslug, p.parktitle, p.parkdescription,
           p.parkoverview || ' ' || p.parkdetails || ' ' || coalesce(d.destinationtitle, ''), p.metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys
      FROM parks p LEFT JOIN destinations d ON d.id = p.destination_id WHERE p.id = p_id;
  ELSIF p_type = 'experience' THEN
    SELECT experiencetitleslug, experiencetitle, experiencedescription, experienceparagraph, metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys FROM experiences WHERE id = p_id;
  ELSIF p_type = 'safari' THEN
    SELECT s.safarititleslug, s.safarititle, s.safarimetadescription,
           s.safaridescription || ' ' || coalesce((SELECT string_agg(sd.title || ' ' || sd.description, ' ' ORDER BY sd.day_number)
                                                   FROM safari_days sd WHERE sd.safari_id = s.id), ''),
           s.metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys FROM safaris s WHERE s.id = p_id;
  ELSIF p_type = 'animal' THEN
    SELECT animaltitleslug, animaltitle, animaldescription, animalparagraph, metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys FROM animals WHERE id = p_id;
  ELSIF p_type = 'bird' THEN
    SELECT birdtitleslug, birdtitle, birddescription, birdoverview || ' ' || birddetails, metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys FROM birds WHERE id = p_id;
  ELSIF p_type = 'faq' THEN
    SELECT faqslug, question, '', answer, ''
      INTO v_slug, v_title, v_desc, v_body, v_keys FROM faqs WHERE id = p_id;
  ELSE
    RAISE EXCEPTION 'search_refresh: unknown type %', p_type;
  END IF;

  IF NOT FOUND THEN
    PERFORM search_remove(p_type, p_id);
    RETURN;
  END IF;

  v_desc := search_plain(v_desc);
  v_body := search_plain(v_body);
  v_tsv := setweight(to_tsvector('english', v_title), 'A')
        || setweight(to_tsvector('simple', v_title), 'A')
        || setweight(to_tsvector('english', v_desc), 'B')
        || setweight(to_tsvector('simple', v_desc), 'B')
        || setweight(to_tsvector('english', v_body), 'C')
        || setweight(to_tsvector('english', coalesce(v_keys, '')), 'D');
  v_words := search_words_of(v_title || ' ' || v_desc || ' ' || coalesce(v_keys, ''));

  SELECT words, title, slug, tsv INTO v_old_words, v_old_title, v_old_slug, v_old_tsv
    FROM search_documents WHERE type = p_type AND item_id = p_id;
  IF FOUND AND v_old_title = v_title AND v_old_slug = v_slug AND v_old_tsv = v_tsv AND v_old_words = v_words THEN
    RETURN;
  END IF;
  v_old_words := coalesce(v_old_words, '{}');

  INSERT INTO search_documents (type, item_id, slug, title, words, tsv, updated_at)
    VALUES (p_type, p_id, v_slug, v_title, v_words, v_tsv, now())
    ON CONFLICT (type, item_id) DO UPDATE
      SET slug = EXCLUDED.slug, title = EXCLUDED.title, words = EXCLUDED.words, tsv = EXCLUDED.tsv, updated_at = now();

  UPDATE search_words SET ndoc = ndoc - 1 WHERE word = ANY (v_old_words) AND NOT (word = ANY (v_words));
  INSERT INTO search_words (word, ndoc)
    SELECT w, 1 FROM unnest(v_words) AS w WHERE NOT (w = ANY (v_old_words))
    ON CONFLICT (word) DO UPDATE SET ndoc = search_words.ndoc + 1;
  DELETE FROM search_words WHERE ndoc <= 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_remove(TG_ARGV[0], OLD.id);
    RETURN OLD;
  END IF;
  PERFORM search_refresh(TG_ARGV[0], NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Itinerary days are part of their safari's document: refresh each touched safari once per statement.
CREATE OR REPLACE FUNCTION search_safari_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh('safari', x.safari_id) FROM (SELECT DISTINCT safari_id FROM changed_days) AS x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A park's document carries its country's name.
CREATE OR REPLACE FUNCTION search_destination_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.destinationtitle IS DISTINCT FROM OLD.destinationtitle THEN
    PERFORM search_refresh('park', p.id) FROM parks p WHERE p.destination_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blogs_search" AFTER INSERT OR UPDATE OR DELETE ON "blogs" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('blog');
--> statement-breakpoint
CREATE TRIGGER "parks_search" AFTER INSERT OR UPDATE OR DELETE ON "parks" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('park');
--> statement-breakpoint
CREATE TRIGGER "experiences_search" AFTER INSERT OR UPDATE OR DELETE ON "experiences" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('experience');
--> statement-breakpoint
CREATE TRIGGER "safaris_search" AFTER INSERT OR UPDATE OR DELETE ON "safaris" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('safari');
--> statement-breakpoint
CREATE TRIGGER "animals_search" AFTER INSERT OR UPDATE OR DELETE ON "animals" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('animal');
--> statement-breakpoint
CREATE TRIGGER "birds_search" AFTER INSERT OR UPDATE OR DELETE ON "birds" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('bird');
--> statement-breakpoint
CREATE TRIGGER "faqs_search" AFTER INSERT OR UPDATE OR DELETE ON "faqs" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('faq');
--> statement-breakpoint
CREATE TRIGGER "safari_days_search_insert" AFTER INSERT ON "safari_days" REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION search_safari_days_trigger();
--> statement-breakpoint
CREATE TRIGGER "safari_days_search_update" AFTER UPDATE ON "safari_days" REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION search_safari_days_trigger();
--> statement-breakpoint
CREATE TRIGGER "safari_days_search_delete" AFTER DELETE ON "safari_days" REFERENCING OLD TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION search_safari_days_trigger();
--> statement-breakpoint
CREATE TRIGGER "destinations_search" AFTER UPDATE ON "destinations" FOR EACH ROW EXECUTE FUNCTION search_destination_trigger();
--> statement-breakpoint
-- Index what is already there.
SELECT search_refresh('blog', id) FROM blogs;
--> statement-breakpoint
SELECT search_refresh('park', id) FROM parks;
--> statement-breakpoint
SELECT search_refresh('experience', id) FROM experiences;
--> statement-breakpoint
SELECT search_refresh('safari', id) FROM safaris;
--> statement-breakpoint
SELECT search_refresh('animal', id) FROM animals;
--> statement-breakpoint
SELECT search_refresh('bird', id) FROM birds;
--> statement-breakpoint
SELECT search_refresh('faq', id) FROM faqs;
