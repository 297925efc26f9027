// The text functions the in-memory search needs on the query side, written to give what
// PostgreSQL gives for the same text, so the index the database keeps (search_documents' tsvector,
// made by its 'english' and 'simple' configurations) is matched and ranked in memory as it would be
// in the database: the parser's words, the English stop words and Snowball stemmer (Porter2), and
// pg_trgm's trigrams, similarity() and word_similarity().
import porter2 from 'wink-porter2-stemmer';

/** PostgreSQL's english.stop (the Snowball list). */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had ' +
    'having do does did doing a an the and but if or because as until while of at by for with about against between into through ' +
    'during before after above below to from up down in out on off over under again further then once here there when where why how ' +
    'all any both each few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}\p{M}]+(?:-[\p{L}\p{N}\p{M}]+)*/gu;
const ALPHA = /^[\p{L}\p{M}]+$/u;

/** Stems already worked out (the stemmer's regular expressions cost more than a search's lookups); emptied when full. */
const stems = new Map<string, string>();
const MAX_STEMS = 20_000;

/** English stem of one lower-case word, remembered. */
function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, (s = stemOf(word)));
  }
  return s;
}

/** English stem of one lower-case word: numbers are kept as they are, as the parser's number tokens are. */
function stemOf(word: string): string {
  // A hyphenated word is stemmed at its end ("tree-climbing" -> "tree-climb").
  const hyphen = word.lastIndexOf('-');
  if (hyphen > 0 && word.split('-').every((p) => ALPHA.test(p))) return word.slice(0, hyphen + 1) + stemOf(word.slice(hyphen + 1));
  if (!ALPHA.test(word)) return word;
  const s = porter2(word);
  // Snowball 2 keeps the double letter of a short stem ("added" -> "add").
  if (s.length <= 2 && word.length > s.length && word[s.length] === s.at(-1)) return s + s.at(-1);
  return s;
}

/** One token of the parser, with the lexemes it stands for (a hyphenated word: itself and its parts, in a row). */
export interface Token {
  /** The lower-case parts, in order: a hyphenated word is the whole then each part. */
  parts: string[];
}

/** The words of a text as PostgreSQL's default parser reads them (apostrophes and other punctuation split words). */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const pieces = m[0].split('-');
    // Hyphenated words of letters are one token and its parts; anything else is its pieces.
    if (pieces.length > 1 && pieces.every((p) => ALPHA.test(p))) out.push({ parts: [m[0], ...pieces] });
    else for (const p of pieces) out.push({ parts: [p] });
  }
  return out;
}

/** One lexeme of a query, at its offset from the first of its run (stop words leave gaps). */
export interface QueryLexeme {
  lexeme: string;
  offset: number;
  /** Other lexemes the word stands for (a German loanword's plural: "gorillas" is also "gorilla"). */
  also?: readonly string[];
}

/**
 * How a language's configuration reads one lower-case word (a part of the parser's token): its
 * lexeme, or null for a stop word; and its lexeme in the 'simple' configuration (the word itself,
 * its accents removed where the language's documents were made with unaccent).
 */
export interface Analyser {
  language: string;
  lexeme(part: string): { lexeme: string; also?: readonly string[] } | null;
  simple(part: string): string;
}

/** PostgreSQL's 'english' configuration, as the English documents are made with it. */
export const ENGLISH: Analyser = {
  language: 'en',
  lexeme: (part) => (STOP_WORDS.has(part) ? null : { lexeme: stem(part) }),
  simple: (part) => part,
};

/** The language's own configuration ('english' stands for English), or 'simple' read by that language's analyser. */
export type Config = 'english' | 'simple' | Analyser;

/** What plainto_tsquery(config, text) asks for: the lexemes of the text, in a phrase per hyphenated word. */
export function lexemesOf(text: string, config: Config, analyser: Analyser = ENGLISH): QueryLexeme[][] {
  const own = typeof config === 'object' ? config : config === 'english' ? ENGLISH : null;
  const runs: QueryLexeme[][] = [];
  for (const t of tokens(text)) {
    const run: QueryLexeme[] = [];
    t.parts.forEach((part, i) => {
      if (!own) run.push({ lexeme: analyser.simple(part), offset: i });
      else {
        const l = own.lexeme(part);
        if (l) run.push({ ...l, offset: i });
      }
    });
    if (run.length) runs.push(run);
  }
  return runs;
}

// pg_trgm: each word (letters and digits) lower-cased, padded with two spaces before and one
// after, cut into the trigrams of consecutive characters.

/** The trigrams of a text in order, repeats included. */
function trigramList(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const chars = ['', '', ...m[0], ''].map((c) => c || ' ');
    for (let i = 0; i + 2 < chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** The distinct trigrams of a text. */
export function trigrams(text: string): Set<string> {
  return new Set(trigramList(text));
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of both. */
export function similarity(a: string | Set<string>, b: string | Set<string>): number {
  const x = typeof a === 'string' ? trigrams(a) : a;
  const y = typeof b === 'string' ? trigrams(b) : b;
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return Math.fround(shared / (x.size + y.size - shared));
}

/** A title's trigrams prepared for word_similarity(): in order, as indexes into its distinct trigrams. */
export interface TrigramSequence {
  distinct: string[];
  order: Int32Array;
}

export function trigramSequence(text: string): TrigramSequence {
  const list = trigramList(text);
  const index = new Map<string, number>();
  const order = new Int32Array(list.length);
  list.forEach((t, i) => {
    let n = index.get(t);
    if (n === undefined) index.set(t, (n = index.size));
    order[i] = n;
  });
  return { distinct: [...index.keys()], order };
}

/**
 * pg_trgm's word_similarity(a, b): the greatest similarity between the trigrams of `a` and a
 * continuous extent of the trigrams of `b`, found the way pg_trgm finds it.
 */
export function wordSimilarity(a: string | Set<string>, b: string | TrigramSequence): number {
  const first = typeof a === 'string' ? trigrams(a) : a;
  const { distinct, order } = typeof b === 'string' ? trigramSequence(b) : b;
  const found = new Uint8Array(distinct.length);
  for (let k = 0; k < distinct.length; k++) found[k] = first.has(distinct[k]!) ? 1 : 0;
  return wordSimilarityOf(found, first.size, order);
}

/** word_similarity()'s last position of each trigram: one buffer, filled anew for each call. */
let lastposBuffer = new Int32Array(256);

/**
 * word_similarity() from its parts: which of the second text's distinct trigrams the first has
 * (`found`), how many distinct trigrams the first has (`ulen1`), and the second's trigrams in
 * order as indexes into its distinct ones.
 */
export function wordSimilarityOf(found: Uint8Array, ulen1: number, second: Int32Array): number {
  if (!ulen1 || !second.length) return 0;
  if (lastposBuffer.length < found.length) lastposBuffer = new Int32Array(found.length * 2);
  const lastpos = lastposBuffer;
  lastpos.fill(-1, 0, found.length);
  const sml = (count: number, ulen2: number) => Math.fround(count / (ulen1 + ulen2 - count));
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < second.length; i++) {
    const t = second[i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = sml(count, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const tmp = sml(tmpCount, tmpUlen2);
      if (tmp > current) {
        current = tmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = second[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (found[tt]) tmpCount--;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = second[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return best;
}
