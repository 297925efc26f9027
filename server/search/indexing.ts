// The search index kept by the database itself, derived from the types' descriptions
// (server/content/definitions.ts): search_refresh(type, id) reads an item's document the way its
// type says, and triggers on each type's table (and on the tables its document names) make the
// document again whenever what it says changes. Installed (CREATE OR REPLACE) each time the
// database is set up, after the migrations; the rest of the index (search_documents, search_words,
// search_remove, search_plain, search_words_of and the weights) is migration 0002's.
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { DEFINITIONS, type ContentTypeDefinition, type SearchDocumentSource } from '../content/definitions.ts';
import type { Db } from '../db/index.ts';

type Searchable = ContentTypeDefinition & { search: NonNullable<ContentTypeDefinition['search']> };

const searchable = (): Searchable[] => DEFINITIONS.filter((d): d is Searchable => !!d.search);
const tableName = (d: ContentTypeDefinition) => getTableConfig(d.table).name;
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL name: ${name}`);
  return name;
};
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

function documentBranch(d: Searchable, first: boolean): string {
  const doc: SearchDocumentSource = d.search.document;
  return `  ${first ? 'IF' : 'ELSIF'} p_type = ${literal(d.search.type)} THEN
    SELECT ${doc.slug}, ${doc.title}, ${doc.description}, ${doc.body}, ${doc.keywords}
      INTO v_slug, v_title, v_desc, v_body, v_keys
      FROM ${ident(tableName(d))} x ${doc.joins ?? ''} WHERE x.id = p_id;`;
}

/** search_refresh(p_type, p_id): one branch per searchable type, then the common indexing. */
export function searchRefreshFunction(types: Searchable[] = searchable()): string {
  return `CREATE OR REPLACE FUNCTION search_refresh(p_type text, p_id integer) RETURNS void LANGUAGE plpgsql AS $fn$
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
${types.map((d, i) => documentBranch(d, i === 0)).join('\n')}
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
$fn$`;
}

/** The triggers of migrations 0002 and 0013 that the derived ones replace. */
const REPLACED = [
  'DROP TRIGGER IF EXISTS "safari_days_search_insert" ON "safari_days"',
  'DROP TRIGGER IF EXISTS "safari_days_search_update" ON "safari_days"',
  'DROP TRIGGER IF EXISTS "safari_days_search_delete" ON "safari_days"',
  'DROP TRIGGER IF EXISTS "destinations_search" ON "destinations"',
  'DROP TRIGGER IF EXISTS "parks_lodges_search" ON "parks"',
  'DROP FUNCTION IF EXISTS search_safari_days_trigger()',
  'DROP FUNCTION IF EXISTS search_destination_trigger()',
  'DROP FUNCTION IF EXISTS search_park_lodges_trigger()',
];

/** Every statement that installs the index's function and triggers, in order. */
export function searchIndexingStatements(types: Searchable[] = searchable()): string[] {
  const out = [...REPLACED, searchRefreshFunction(types)];
  for (const d of types) {
    const table = ident(tableName(d));
    const type = d.search.type;
    // The item's own row: search_row_trigger (0002) makes or removes its document.
    out.push(`CREATE OR REPLACE TRIGGER "${table}_search" AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION search_row_trigger(${literal(type)})`);
    for (const also of d.search.document.alsoFrom ?? []) {
      const other = ident(also.table);
      const fn = `search_${ident(type)}_from_${other}`;
      if (also.perStatement) {
        out.push(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM search_refresh(${literal(type)}, ids.id) FROM (${also.items}) AS ids(id);
  RETURN NULL;
END
$fn$`);
        for (const [op, ref] of [
          ['INSERT', 'NEW'],
          ['UPDATE', 'NEW'],
          ['DELETE', 'OLD'],
        ] as const) {
          out.push(
            `CREATE OR REPLACE TRIGGER "${other}_search_${type}_${op.toLowerCase()}" AFTER ${op} ON "${other}" REFERENCING ${ref} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
          );
        }
      } else {
        const column = ident(also.column ?? '');
        out.push(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.${column} IS DISTINCT FROM OLD.${column} THEN
    PERFORM search_refresh(${literal(type)}, ids.id) FROM (${also.items}) AS ids(id);
  END IF;
  RETURN NEW;
END
$fn$`);
        out.push(`CREATE OR REPLACE TRIGGER "${other}_search_${type}" AFTER UPDATE ON "${other}" FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      }
    }
    // Items without a document yet (a type new to the index) get one.
    out.push(`SELECT search_refresh(${literal(type)}, x.id) FROM "${table}" x WHERE NOT EXISTS (SELECT 1 FROM search_documents s WHERE s.type = ${literal(type)} AND s.item_id = x.id)`);
  }
  return out;
}

/** Installs the index's function and triggers (after the migrations; idempotent). */
export async function installSearchIndexing(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of searchIndexingStatements()) await tx.execute(sql.raw(statement));
  });
}
