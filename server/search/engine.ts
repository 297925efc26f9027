// Site search, answered from memory. Each process keeps an index of the search documents the
// database keeps (search_documents: one row per item, made by the triggers that
// server/search/indexing.ts derives from the types' descriptions in server/content/definitions.ts)
// together with each item's result row, and searches it without a query to the database:
// MiniSearch's radix tree (SearchableMap) finds the documents holding a lexeme (or a prefix of
// one), and the rest is the
// database's own search done in memory (server/search/tsquery.ts, server/search/text.ts):
// websearch_to_tsquery (quotes, minus, OR) over the documents' lexemes, prefix matching for the
// word being typed, misspelt words corrected from the vocabulary by trigram similarity, fuzzy title
// matching, and ts_rank with the title weights, so the results and their order are those of the
// SQL this replaced.
// The index is made at the first search and made again after every content change
// (forgetSearchIndex, called when content changes drop the kept answers: server/api/index.ts), in
// every process, so a published edit is found at once.
import SearchableMap from 'minisearch/SearchableMap';
import { sql } from 'drizzle-orm';
import type { SearchType } from '../../common/content-types.ts';
import type { SearchItem } from '../../common/api-types.ts';
import { DEFINITIONS } from '../content/definitions.ts';
import type { Db } from '../db/index.ts';
import { isTranslationLanguage } from '../content/translatable.ts';
import { analyserFor, rowsOf, syncTranslatedDocuments } from './languages.ts';
import { parseQuery, replaceWords, type ParsedQuery } from './query.ts';
import { type Analyser, ENGLISH, lexemesOf, trigramSequence, trigrams, wordSimilarityOf } from './text.ts';
import { and, matches, or, parseTsvector, plainQuery, prefixQuery, tsRank, websearchQuery, type Expand, type Lexemes, type Operand, type TsQuery, WEIGHT } from './tsquery.ts';

/** Lowest trigram similarity at which a vocabulary word replaces an unknown query word. */
const CORRECTION_MIN_SIMILARITY = 0.45;
/** Shorter words are never corrected (too many near neighbours). */
const CORRECTION_MIN_LENGTH = 4;
/** At most this many hits are ranked (far more than anyone pages through). */
const MAX_HITS = 1000;
/** Rank weights of the lexemes' classes {D keywords, C body, B description, A title}. */
const WEIGHTS = [0.05, 0.2, 0.5, 1.0] as const;
/** Vocabulary words at least this close (pg_trgm's `%`) are candidates for a correction. */
const SIMILARITY_THRESHOLD = 0.3;
/** Titles at least this close to the words (pg_trgm's `<%`) are found even without a lexeme. */
const WORD_SIMILARITY_THRESHOLD = 0.6;
/** Extra share of the title-hit score by type (the pages dedicated to a subject). */
const TYPE_BOOST: Partial<Record<SearchType, number>> = Object.fromEntries(DEFINITIONS.flatMap((d) => (d.search?.titleBoost ? [[d.search.type, d.search.titleBoost]] : [])));

interface WordInfo {
  stop: boolean;
  stems: string[];
  known: boolean;
}

/** A text's closeness to a document's title; `mayReach`: whether its word similarity can be at least `threshold`. */
type Closeness = ((d: Doc) => { word: number; whole: number }) & { mayReach(d: Doc, threshold: number): boolean };

/** A title that shares no trigram with the text. */
const NOT_CLOSE = Object.freeze({ word: 0, whole: 0 });

/** Which of a title's distinct trigrams a text has: one buffer, written for each title in turn. */
let foundBuffer = new Uint8Array(256);
function foundScratch(length: number): Uint8Array {
  if (foundBuffer.length < length) foundBuffer = new Uint8Array(length * 2);
  return foundBuffer.subarray(0, length);
}

/** What a search matches documents with: the query's alternatives and the titles' closeness. */
interface Matching {
  parts: { tsq: TsQuery | null; weight: number }[];
  anyPart: TsQuery | null;
  plain: string;
  plainTitle: Closeness;
  fuzzyTitle: Closeness | null;
}

/** The words to mark in the results: each asked-for word (not a stop word), its correction and its stems. */
function highlightOf(query: ParsedQuery, info: Map<string, WordInfo>, corrections: Map<string, string>): string[] {
  const highlight = new Set<string>();
  for (const w of query.words) {
    if (w.negated) continue;
    const i = info.get(w.word);
    if (i?.stop) continue;
    const fixed = corrections.get(w.word);
    for (const term of [w.word, fixed, ...(i?.stems ?? [])]) if (term && [...term].length >= 2) highlight.add(term);
  }
  return [...highlight];
}

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

interface Doc {
  key: string;
  /** Its place in the index's list of documents. */
  n: number;
  type: SearchType;
  id: number;
  title: string;
  /** The title's distinct trigrams (as the index numbers them), and its trigrams in order as indexes into those. */
  titleTrigramIds: Int32Array;
  titleOrder: Int32Array;
  lexemes: Lexemes;
  /** The title's lexemes alone (weight A), for title hits. */
  titleLexemes: Lexemes;
}

/** The lexemes of a document's title: those with positions of weight A (only the title has them). */
function onlyTitle(lexemes: Lexemes): Lexemes {
  const out = new Map<string, number[]>();
  for (const [lexeme, positions] of lexemes) {
    const a = positions.filter((p) => (p & 3) === WEIGHT.A);
    if (a.length) out.set(lexeme, a);
  }
  return out;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One process's index of every search document and its result row. */
export class SearchIndex {
  readonly #docs = new Map<string, Doc>();
  /** The documents in order, and for each title trigram (by number) the documents whose title has it. */
  readonly #docList: Doc[] = [];
  readonly #titlesWith: number[][] = [];
  readonly #items = new Map<string, SearchItem>();
  /** Every trigram of the titles, numbered. */
  readonly #trigramIds = new Map<string, number>();
  /** Each lexeme's documents. */
  readonly #postings = new SearchableMap<string[]>();
  /** Vocabulary of titles, descriptions and keywords (search_documents.words), with how many documents use each word. */
  readonly #words = new Map<string, number>();
  readonly #wordsByTrigram = new Map<string, string[]>();
  readonly #wordTrigrams = new Map<string, Set<string>>();

  constructor(documents: { type: SearchType; id: number; title: string; words: string[]; tsv: string }[], items: SearchItem[]) {
    for (const item of items) this.#items.set(`${item.type}:${item.id}`, item);
    for (const d of documents) {
      const key = `${d.type}:${d.id}`;
      const lexemes = parseTsvector(d.tsv);
      const sequence = trigramSequence(d.title);
      const titleTrigramIds = Int32Array.from(sequence.distinct, (t) => {
        let n = this.#trigramIds.get(t);
        if (n === undefined) this.#trigramIds.set(t, (n = this.#trigramIds.size));
        return n;
      });
      const doc: Doc = { key, n: this.#docList.length, type: d.type, id: d.id, title: d.title, titleTrigramIds, titleOrder: sequence.order, lexemes, titleLexemes: onlyTitle(lexemes) };
      this.#docs.set(key, doc);
      this.#docList.push(doc);
      for (const id of titleTrigramIds) (this.#titlesWith[id] ??= []).push(doc.n);
      for (const lexeme of lexemes.keys()) this.#postings.update(lexeme, (keys = []) => (keys.push(key), keys));
      for (const w of d.words) this.#words.set(w, (this.#words.get(w) ?? 0) + 1);
    }
    for (const w of this.#words.keys()) {
      const t = trigrams(w);
      this.#wordTrigrams.set(w, t);
      for (const g of t) {
        let list = this.#wordsByTrigram.get(g);
        if (!list) this.#wordsByTrigram.set(g, (list = []));
        list.push(w);
      }
    }
  }

  get size(): number {
    return this.#docs.size;
  }

  /**
   * Reads every search document of a language and its result rows (one consistent snapshot): the
   * English ones, or another language's (its documents written first, server/search/languages.ts).
   */
  static async load(db: Db, language = 'en'): Promise<SearchIndex> {
    if (isTranslationLanguage(language)) await syncTranslatedDocuments(db, language);
    const from = isTranslationLanguage(language)
      ? sql`select type, item_id as id, title, words, tsv::text as tsv from search_translated_documents where language = ${language}`
      : sql`select type, item_id as id, title, words, tsv::text as tsv from search_documents`;
    return db.transaction(async (tx) => {
      const documents = rowsOf<{ type: SearchType; id: number; title: string; words: string[]; tsv: string }>(await tx.execute(from)).map((r) => ({
        ...r,
        id: Number(r.id),
        words: Array.isArray(r.words) ? r.words : [],
      }));
      const items: SearchItem[] = [];
      for (const d of DEFINITIONS) {
        if (!d.search) continue;
        const ids = documents.filter((x) => x.type === d.search!.type).map((x) => x.id);
        if (!ids.length) continue;
        for (const row of await d.search.results(tx as unknown as Db, ids)) items.push({ ...row, type: d.search.type } as SearchItem);
      }
      return new SearchIndex(documents, items);
    });
  }

  /** The documents holding a lexeme, or a lexeme starting with it. */
  #holding(op: Operand): { keys: readonly string[]; terms: readonly string[] } {
    if (!op.prefix && !op.also) return { keys: this.#postings.get(op.lexeme) ?? [], terms: [op.lexeme] };
    if (!op.prefix) return { keys: [...new Set([op.lexeme, ...op.also!].flatMap((l) => this.#postings.get(l) ?? []))], terms: [op.lexeme] };
    const keys = new Set<string>();
    const terms: string[] = [];
    for (const [term, docs] of this.#postings.atPrefix(op.lexeme)) {
      terms.push(term);
      for (const k of docs) keys.add(k);
    }
    return { keys: [...keys], terms: terms.sort(byteOrder) };
  }

  /** Does some document hold this lexeme (or one it starts)? */
  #known(q: TsQuery | null, expand: Expand): boolean {
    if (!q) return false;
    for (const key of this.#candidates(q)) if (matches(this.#docs.get(key)!.lexemes, q, expand)) return true;
    return false;
  }

  /** Documents that may match: those holding one of the query's lexemes (every document when a NOT alone could match). */
  #candidates(q: TsQuery): Set<string> {
    const out = new Set<string>();
    const walk = (n: TsQuery, negated: boolean) => {
      if (n.op === 'phrase') {
        if (!negated) for (const it of n.items) for (const k of this.#holding(it).keys) out.add(k);
      } else if (n.op === 'not') walk(n.arg, !negated);
      else for (const a of n.args) walk(a, negated);
    };
    walk(q, false);
    if (matches(new Map(), q, () => [])) for (const k of this.#docs.keys()) out.add(k);
    return out;
  }

  /** The vocabulary word closest to `word` by trigrams (pg_trgm's `%`), most used first, then alphabetical. */
  #closestWord(word: string): { word: string; sim: number } | null {
    const t = trigrams(word);
    const shared = new Map<string, number>();
    for (const g of t) for (const w of this.#wordsByTrigram.get(g) ?? []) shared.set(w, (shared.get(w) ?? 0) + 1);
    let best: { word: string; sim: number; ndoc: number } | null = null;
    for (const [w, n] of shared) {
      const sim = Math.fround(n / (t.size + this.#wordTrigrams.get(w)!.size - n));
      if (sim < SIMILARITY_THRESHOLD) continue;
      const ndoc = this.#words.get(w)!;
      if (!best || sim > best.sim || (sim === best.sim && (ndoc > best.ndoc || (ndoc === best.ndoc && w < best.word)))) best = { word: w, sim, ndoc };
    }
    return best;
  }

  /**
   * How close a text is to each title (pg_trgm): word_similarity(text, title) and
   * similarity(text, title), worked out once per title for the text's trigrams; and whether a
   * title may reach a word similarity at all (its shared trigrams over the text's: an upper bound
   * of word_similarity, which never counts more than the shared ones over at least the text's).
   */
  #titleCloseness(text: Set<string>): Closeness {
    const mark = new Uint8Array(this.#trigramIds.size);
    // How many of the text's trigrams each title has.
    const sharedBy = new Uint16Array(this.#docList.length);
    for (const t of text) {
      const n = this.#trigramIds.get(t);
      if (n === undefined) continue;
      mark[n] = 1;
      for (const doc of this.#titlesWith[n]!) sharedBy[doc]!++;
    }
    const memo = new Map<string, { word: number; whole: number }>();
    const closeness = (d: Doc) => {
      let r = memo.get(d.key);
      if (r) return r;
      const ids = d.titleTrigramIds;
      const shared = sharedBy[d.n]!;
      if (shared === 0) r = NOT_CLOSE;
      else {
        const found = foundScratch(ids.length);
        for (let k = 0; k < ids.length; k++) found[k] = mark[ids[k]!]!;
        r = { word: wordSimilarityOf(found, text.size, d.titleOrder), whole: Math.fround(shared / (text.size + ids.length - shared)) };
      }
      memo.set(d.key, r);
      return r;
    };
    const mayReach = (d: Doc, threshold: number) => sharedBy[d.n]! > 0 && Math.fround(sharedBy[d.n]! / text.size) >= threshold;
    return Object.assign(closeness, { mayReach });
  }

  /** What a word of the query is to the index: a stop word, its stems in the index's language, whether any document has it. */
  #wordInfo(w: string, expand: Expand, analyser: Analyser): WordInfo {
    const own = lexemesOf(w, analyser);
    const stop = own.length === 0;
    const known = this.#known(or(plainQuery(w, analyser), plainQuery(w, 'simple', analyser)), expand);
    return { stop, stems: own.flat().map((l) => l.lexeme), known };
  }

  /**
   * Corrections of the words the index does not know (not stop words, not numbers, not the word
   * being typed when some indexed word starts with it): word → the closest indexed word.
   */
  #corrections(query: ParsedQuery, info: Map<string, WordInfo>, expand: Expand, analyser: Analyser): Map<string, string> {
    const corrections = new Map<string, string>();
    for (const [w, i] of info) {
      if (i.stop || i.known || [...w].length < CORRECTION_MIN_LENGTH || /^\p{N}+$/u.test(w)) continue;
      const fix = this.#closestWord(w);
      if (!fix || fix.sim < CORRECTION_MIN_SIMILARITY || fix.word === w) continue;
      if (w === query.typing && this.#known(typed(w, analyser), expand)) continue;
      corrections.set(w, fix.word);
    }
    return corrections;
  }

  /** A found document's hit with its score; none when it matches neither the query nor a close title. */
  #scored(d: Doc, m: Matching, expand: Expand): (Hit & { title: string })[] {
    const { parts, anyPart, plain, plainTitle, fuzzyTitle } = m;
    const viaQuery = anyPart !== null && matches(d.lexemes, anyPart, expand);
    const close = plain ? plainTitle(d) : { word: 0, whole: 0 };
    if (!viaQuery && !(fuzzyTitle && fuzzyTitle(d).word >= WORD_SIMILARITY_THRESHOLD)) return [];
    let rank = 0;
    for (const p of parts) rank += p.weight * tsRank(WEIGHTS, d.lexemes, p.tsq, expand);
    // A hit in the title counts most; on a title hit, the page dedicated to a place, an animal, a
    // bird, an activity or a lodge comes before the safaris, posts and answers that mention it.
    const inTitle = parts[0]!.tsq && matches(d.titleLexemes, parts[0]!.tsq, expand) ? 1.0 : anyPart && matches(d.titleLexemes, anyPart, expand) ? 0.6 : 0;
    const titleHit = inTitle * (1 + (TYPE_BOOST[d.type] ?? 0));
    const closeness = plain ? 0.5 * close.word + 0.5 * close.whole : 0;
    return [{ type: d.type, id: d.id, score: rank + titleHit + closeness, title: d.title }];
  }

  /**
   * Runs a search, its words read by the index's language (`analyser`: English by default; another
   * language's from analyserFor, which must have read the words of the text and its corrections).
   * Throws QueryError (a 400) for an empty or over-long text.
   */
  search(raw: string | undefined | null, analyser: Analyser = ENGLISH): SearchOutcome {
    const query = parseQuery(raw);
    // Prefix operands stand for the index's lexemes they start (found once per search).
    const expansions = new Map<string, readonly string[]>();
    const expand: Expand = (op) => {
      let list = expansions.get(op.lexeme);
      if (!list) expansions.set(op.lexeme, (list = this.#holding(op).terms));
      return list;
    };
    const distinct = [...new Set(query.words.map((w) => w.word))];
    const info = new Map(distinct.map((w) => [w, this.#wordInfo(w, expand, analyser)] as const));
    const corrections = this.#corrections(query, info, expand, analyser);
    const corrected = corrections.size ? replaceWords(query.text, corrections) : null;

    // The alternatives a document may match, each with its share of the score.
    const parts: { tsq: TsQuery | null; weight: number }[] = [{ tsq: websearchQuery(query.text, analyser), weight: 1 }];
    if (corrected) parts.push({ tsq: websearchQuery(corrected, analyser), weight: 0.7 });
    // A stop word being typed ("the") would match nearly everything by prefix.
    if (query.typing && !info.get(query.typing)?.stop) {
      const before = corrected ? replaceWords(query.textBeforeTyping, corrections) : query.textBeforeTyping;
      parts.push({ tsq: and(before ? websearchQuery(before, analyser) : null, typed(query.typing, analyser)), weight: 0.8 });
    }
    const positive = query.words.filter((w) => !w.negated).map((w) => corrections.get(w.word) ?? w.word);
    const stopWord = (w: string) => info.get(w)?.stop ?? lexemesOf(w, analyser).length === 0;
    // Only exclusions ("-rwanda"): nothing is asked for, so nothing is found.
    if (!positive.length) return { query, corrected, highlight: [], hits: [] };

    // Words for trigram closeness to titles: stop words carry no meaning there.
    const plain = positive.filter((w) => !stopWord(w)).join(' ');
    const plainTitle = this.#titleCloseness(trigrams(plain));
    const anyPart = or(...parts.map((p) => p.tsq));
    // Titles close to the words (typos the vocabulary could not fix); short words are left to the prefix match.
    const fuzzyText = positive.filter((w) => !stopWord(w) && [...w].length >= CORRECTION_MIN_LENGTH).join(' ');
    const fuzzyTitle = !query.hasOperators && fuzzyText ? (fuzzyText === plain ? plainTitle : this.#titleCloseness(trigrams(fuzzyText))) : null;

    const found = new Set<string>(anyPart ? this.#candidates(anyPart) : []);
    if (fuzzyTitle) {
      for (const d of this.#docList) {
        if (fuzzyTitle.mayReach(d, WORD_SIMILARITY_THRESHOLD) && !found.has(d.key) && fuzzyTitle(d).word >= WORD_SIMILARITY_THRESHOLD) found.add(d.key);
      }
    }

    const scored = [...found].flatMap((key) => this.#scored(this.#docs.get(key)!, { parts, anyPart, plain, plainTitle, fuzzyTitle }, expand));
    scored.sort((a, b) => b.score - a.score || byteOrder(a.title, b.title) || byteOrder(a.type, b.type) || a.id - b.id);
    const hits = scored.slice(0, MAX_HITS).map(({ type, id, score }) => ({ type, id, score }));

    return { query, corrected, highlight: highlightOf(query, info, corrections), hits };
  }

  /** The result rows of hits, in the hits' order, each tagged with its type. */
  items(hits: Hit[]): SearchItem[] {
    return hits.flatMap((h) => this.#items.get(`${h.type}:${h.id}`) ?? []);
  }
}

/** The word being typed as a prefix in both configurations. */
function typed(word: string, analyser: Analyser): TsQuery | null {
  return or(prefixQuery(word, 'simple', analyser), prefixQuery(word, analyser));
}

/** Each database's indexes, by language ('en', 'de'...). */
const indexes = new WeakMap<Db, Map<string, Promise<SearchIndex>>>();

/** This process's index of the database's search documents in a language (made at the first use after a change). */
export function searchIndexOf(db: Db, language = 'en'): Promise<SearchIndex> {
  let mine = indexes.get(db);
  if (!mine) indexes.set(db, (mine = new Map()));
  let index = mine.get(language);
  if (!index) {
    index = SearchIndex.load(db, language);
    mine.set(language, index);
    const made = index;
    made.catch(() => {
      if (mine.get(language) === made) mine.delete(language);
    });
  }
  return index;
}

/** Content changed: the next search in each language makes its index again from the database. */
export function forgetSearchIndex(db: Db): void {
  indexes.delete(db);
}

/**
 * Runs a search in a language (English by default). Throws QueryError (a 400) for an empty or
 * over-long text. Another language's words are read by its configuration first (the text's, and
 * those of its corrections once known: a second reading only when a correction brings new words).
 */
export async function searchIndex(db: Db, raw: string | undefined | null, language = 'en'): Promise<SearchOutcome> {
  parseQuery(raw); // a bad text is refused before the index is needed
  const index = await searchIndexOf(db, language);
  if (!isTranslationLanguage(language)) return index.search(raw);
  const first = index.search(raw, await analyserFor(db, language, [raw!]));
  if (!first.corrected) return first;
  return index.search(raw, await analyserFor(db, language, [raw!, first.corrected]));
}

/** The result rows of hits, in the hits' order, each tagged with its type (a vanished item is skipped). */
export async function loadItems(db: Db, hits: Hit[], language = 'en'): Promise<SearchItem[]> {
  return (await searchIndexOf(db, language)).items(hits);
}
