// Site search over the search_documents index (migration 0002_search; each type's document and
// result rows as server/content/definitions.ts describes them):
// PostgreSQL full-text search with websearch_to_tsquery (quotes, minus, OR), prefix matching for
// the word being typed, misspelt words corrected from the index's vocabulary with pg_trgm, and
// fuzzy title matching.
// Every statement is plain PostgreSQL, so PGlite and PostgreSQL answer alike.
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TYPES, type SearchType } from '../../common/content-types.ts';
import type { SearchItem } from '../../common/api-types.ts';
import { DEFINITIONS } from '../content/definitions.ts';
import type { Db } from '../db/index.ts';
import { parseQuery, replaceWords, type ParsedQuery } from './query.ts';

/** Lowest trigram similarity at which a vocabulary word replaces an unknown query word. */
export const CORRECTION_MIN_SIMILARITY = 0.45;
/** Shorter words are never corrected (too many near neighbours). */
export const CORRECTION_MIN_LENGTH = 4;
/** At most this many hits are ranked (far more than anyone pages through). */
export const MAX_HITS = 1000;
/** Rank weights of the tsvector classes {D keywords, C body, B description, A title}. */
const WEIGHTS = sql.raw(`'{0.05, 0.2, 0.5, 1.0}'::float4[]`);
/** Extra share of the title-hit score by type (the pages dedicated to a subject). */
const TYPE_BOOST: Partial<Record<SearchType, number>> = Object.fromEntries(DEFINITIONS.flatMap((d) => (d.search?.titleBoost ? [[d.search.type, d.search.titleBoost]] : [])));

export interface Hit {
  type: SearchType;
  id: number;
  score: number;
}

export interface SearchOutcome {
  query: ParsedQuery;
  /** The text with misspelt words corrected, when any were. */
  corrected: string | null;
  /** Lower-case words and stems to highlight in the results. */
  highlight: string[];
  /** Every hit, best first. */
  hits: Hit[];
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const textArray = (items: string[]) => sql`cast(array[${sql.join(
  items.map((i) => sql`${i}`),
  sql`, `,
)}] as text[])`;

interface WordInfo {
  word: string;
  stop: boolean;
  stems: string;
  known: boolean;
  fix: string | null;
  sim: number | null;
}

/** For each distinct word: is it a stop word, its stems, does the index know it, and its closest vocabulary word. */
async function analyseWords(db: Db, words: string[]): Promise<Map<string, WordInfo>> {
  if (words.length === 0) return new Map();
  const result = await db.execute(sql`
    select w.tok as word,
           numnode(plainto_tsquery('english', w.tok)) = 0 as stop,
           coalesce((select string_agg(x.lexeme, ' ') from unnest(to_tsvector('english', w.tok)) as x), '') as stems,
           exists (select 1 from search_documents d
                   where d.tsv @@ (plainto_tsquery('english', w.tok) || plainto_tsquery('simple', w.tok))) as known,
           f.word as fix,
           f.sim
    from unnest(${textArray(words)}) as w(tok)
    left join lateral (
      select v.word, similarity(v.word, w.tok)::float8 as sim
      from search_words v
      where v.word % w.tok
      order by sim desc, v.ndoc desc, v.word
      limit 1
    ) as f on true`);
  const map = new Map<string, WordInfo>();
  for (const r of rowsOf<WordInfo>(result)) map.set(r.word, { ...r, sim: r.sim === null ? null : Number(r.sim) });
  return map;
}

/** The word being typed as a prefix tsquery in both configurations (empty parts are dropped by ||). */
function prefixQuery(word: string): SQL {
  const part = (config: 'simple' | 'english') => sql`(case when numnode(plainto_tsquery(${config}::regconfig, ${word})) = 0
      then plainto_tsquery(${config}::regconfig, ${word})
      else cast(plainto_tsquery(${config}::regconfig, ${word})::text || ':*' as tsquery) end)`;
  return sql`(${part('simple')} || ${part('english')})`;
}

async function hasPrefixMatch(db: Db, word: string): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from search_documents d where d.tsv @@ ${prefixQuery(word)}) as found`);
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}

/** Runs a search. Throws QueryError (a 400) for an empty or over-long text. */
export async function searchIndex(db: Db, raw: string | undefined | null): Promise<SearchOutcome> {
  const query = parseQuery(raw);
  const distinct = [...new Set(query.words.map((w) => w.word))];
  const info = await analyseWords(db, distinct);

  // Correct words the index does not know (not stop words, not numbers, not the word being typed
  // when some indexed word starts with it).
  const corrections = new Map<string, string>();
  for (const w of distinct) {
    const i = info.get(w);
    if (!i || i.stop || i.known || [...w].length < CORRECTION_MIN_LENGTH || /^\p{N}+$/u.test(w)) continue;
    if (!i.fix || (i.sim ?? 0) < CORRECTION_MIN_SIMILARITY || i.fix === w) continue;
    if (w === query.typing && (await hasPrefixMatch(db, w))) continue;
    corrections.set(w, i.fix);
  }
  const corrected = corrections.size ? replaceWords(query.text, corrections) : null;

  // The alternatives a document may match, each with its share of the score.
  const parts: { tsq: SQL; weight: number }[] = [{ tsq: sql`websearch_to_tsquery('english', ${query.text})`, weight: 1 }];
  if (corrected) parts.push({ tsq: sql`websearch_to_tsquery('english', ${corrected})`, weight: 0.7 });
  // A stop word being typed ("the") would match nearly everything by prefix.
  if (query.typing && !info.get(query.typing)?.stop) {
    const before = corrected ? replaceWords(query.textBeforeTyping, corrections) : query.textBeforeTyping;
    const rest = before ? sql`websearch_to_tsquery('english', ${before}) && ` : sql``;
    parts.push({ tsq: sql`(${rest}${prefixQuery(query.typing)})`, weight: 0.8 });
  }
  const positive = query.words.filter((w) => !w.negated).map((w) => corrections.get(w.word) ?? w.word);
  // Words for trigram closeness to titles: stop words carry no meaning there.
  const plain = positive.filter((w) => !info.get(w)?.stop).join(' ');
  const anyPart = sql.join(
    parts.map((p) => p.tsq),
    sql` || `,
  );
  // Titles close to the words (typos the vocabulary could not fix); short words are left to the prefix match.
  const fuzzyText = positive.filter((w) => !info.get(w)?.stop && [...w].length >= CORRECTION_MIN_LENGTH).join(' ');
  const fuzzy = !query.hasOperators && fuzzyText ? sql`or ${fuzzyText} <% d.title` : sql``;
  const rank = sql.join(
    parts.map((p) => sql`${sql.raw(String(p.weight))} * ts_rank(${WEIGHTS}, d.tsv, ${p.tsq})`),
    sql` + `,
  );
  // A hit in the title counts most; on a title hit, the page dedicated to a place, an animal, a
  // bird, an activity or a lodge comes before the safaris, posts and answers that mention it.
  const titleHit = sql`(case
      when (to_tsvector('english', d.title) || to_tsvector('simple', d.title)) @@ ${parts[0]!.tsq} then 1.0
      when (to_tsvector('english', d.title) || to_tsvector('simple', d.title)) @@ (${anyPart}) then 0.6
      else 0 end) * (1 + case d.type ${sql.raw(Object.entries(TYPE_BOOST).map(([k, v]) => `when '${k}' then ${v}`).join(' '))} else 0 end)`;
  const closeness = plain ? sql`(0.5 * word_similarity(${plain}, d.title) + 0.5 * similarity(${plain}, d.title))` : sql`0`;

  // Only exclusions ("-rwanda"): nothing is asked for, so nothing is found.
  if (!positive.length) return { query, corrected, highlight: [], hits: [] };

  const result = await db.execute(sql`
    select d.type, d.item_id as id, (${rank} + ${titleHit} + ${closeness})::float8 as score
    from search_documents d
    where d.tsv @@ (${anyPart}) ${fuzzy}
    order by score desc, d.title, d.type, d.item_id
    limit ${MAX_HITS}`);
  const hits = rowsOf<{ type: SearchType; id: number; score: number }>(result).map((r) => ({
    type: r.type,
    id: Number(r.id),
    score: Number(r.score),
  }));

  const highlight = new Set<string>();
  for (const w of query.words) {
    if (w.negated) continue;
    const i = info.get(w.word);
    if (i?.stop) continue;
    const fixed = corrections.get(w.word);
    for (const term of [w.word, fixed, ...(i?.stems.split(' ') ?? [])]) if (term && [...term].length >= 2) highlight.add(term);
  }
  return { query, corrected, highlight: [...highlight], hits };
}

/** Loads the display fields of hits, in the hits' order, each tagged with its type. */
export async function loadItems(db: Db, hits: Hit[]): Promise<SearchItem[]> {
  const ids = (type: SearchType) => [...new Set(hits.filter((h) => h.type === type).map((h) => h.id))];
  // Each type's result rows, as its description reads them (server/content/definitions.ts).
  const results = new Map(DEFINITIONS.flatMap((d) => (d.search ? [[d.search.type, d.search.results] as const] : [])));
  const byKey = new Map<string, SearchItem>();
  await Promise.all(
    SEARCH_TYPES.map(async (type) => {
      const list = ids(type);
      if (!list.length) return;
      for (const row of await results.get(type)!(db, list)) byKey.set(`${type}:${row.id}`, { ...row, type } as SearchItem);
    }),
  );
  // A hit whose item vanished between the two reads is skipped.
  return hits.flatMap((h) => byKey.get(`${h.type}:${h.id}`) ?? []);
}
