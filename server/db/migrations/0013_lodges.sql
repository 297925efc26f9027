-- Lodges: where the nights of an itinerary are spent. Each lodge is in or beside a park, has its
-- gallery in gallery_images (owner_type 'lodge'), may be named by itinerary days (safari_days.lodge_id,
-- cleared when the lodge goes) and is a search document of type 'lodge' kept by the same triggers
-- as the other content (0002_search), its document carrying its park's name.
CREATE TABLE "lodges" (
	"id" serial PRIMARY KEY NOT NULL,
	"lodgetitle" text NOT NULL,
	"lodgetitleslug" text NOT NULL,
	"lodgeheaderimage" text DEFAULT '' NOT NULL,
	"lodgeheaderimagealt" text DEFAULT '' NOT NULL,
	"lodgedescription" text DEFAULT '' NOT NULL,
	"lodgeparagraph" text DEFAULT '' NOT NULL,
	"lodgetier" text NOT NULL,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"park_id" integer NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"metatitle" text,
	"metakeywords" text DEFAULT '' NOT NULL,
	"metadescription" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lodges_tier_check" CHECK ("lodgetier" in ('budget', 'mid-range', 'luxury'))
);
--> statement-breakpoint
ALTER TABLE "lodges" ADD CONSTRAINT "lodges_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "lodges_slug_idx" ON "lodges" USING btree ("lodgetitleslug");
--> statement-breakpoint
CREATE INDEX "lodges_park_idx" ON "lodges" USING btree ("park_id","sort_order","id");
--> statement-breakpoint
ALTER TABLE "safari_days" ADD COLUMN "lodge_id" integer;
--> statement-breakpoint
ALTER TABLE "safari_days" ADD CONSTRAINT "safari_days_lodge_id_lodges_id_fk" FOREIGN KEY ("lodge_id") REFERENCES "public"."lodges"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "safari_days_lodge_idx" ON "safari_days" USING btree ("lodge_id");
--> statement-breakpoint
-- search_refresh of 0002_search, with lodges: title, description, body with the tier, the
-- amenities and the park's name, and the keywords.
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
  ELSIF p_type = 'lodge' THEN
    SELECT l.lodgetitleslug, l.lodgetitle, l.lodgedescription,
           l.lodgeparagraph || ' ' || l.lodgetier || ' '
             || coalesce((SELECT string_agg(a, ' ') FROM jsonb_array_elements_text(l.amenities) AS a), '') || ' '
             || coalesce(p.parktitle, ''),
           l.metakeywords
      INTO v_slug, v_title, v_desc, v_body, v_keys
      FROM lodges l LEFT JOIN parks p ON p.id = l.park_id WHERE l.id = p_id;
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
-- A lodge's document carries its park's name.
CREATE OR REPLACE FUNCTION search_park_lodges_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parktitle IS DISTINCT FROM OLD.parktitle THEN
    PERFORM search_refresh('lodge', l.id) FROM lodges l WHERE l.park_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lodges_search" AFTER INSERT OR UPDATE OR DELETE ON "lodges" FOR EACH ROW EXECUTE FUNCTION search_row_trigger('lodge');
--> statement-breakpoint
CREATE TRIGGER "parks_lodges_search" AFTER UPDATE ON "parks" FOR EACH ROW EXECUTE FUNCTION search_park_lodges_trigger();
