// Text-search queries evaluated in memory against the database's own documents (the lexemes,
// positions and weights of search_documents.tsv): websearch_to_tsquery('english', text) and
// plainto_tsquery read like PostgreSQL reads them, `@@` matching, and ts_rank() computed the way
// PostgreSQL computes it (float4 arithmetic included), so results and their order are the
// database's.
import { type Analyser, type Config, ENGLISH, lexemesOf, tokens } from './text.ts';

/** A lexeme of a query, at its offset in its phrase; `prefix`: it matches every lexeme that starts with it. */
export interface Operand {
  lexeme: string;
  prefix: boolean;
  /** Other lexemes it stands for as well (never set for English). */
  also?: readonly string[];
}
export type TsQuery = { op: 'phrase'; items: (Operand & { offset: number })[] } | { op: 'and' | 'or'; args: TsQuery[] } | { op: 'not'; arg: TsQuery };

/** Weight classes of a position, as ts_rank's weights array orders them (D, C, B, A). */
export const WEIGHT = { D: 0, C: 1, B: 2, A: 3 } as const;

/** A document's lexemes: each with its positions, sorted, encoded as position * 4 + weight class. */
export type Lexemes = ReadonlyMap<string, readonly number[]>;

const phrase = (items: (Operand & { offset: number })[]): TsQuery | null => (items.length ? { op: 'phrase', items } : null);

function combine(op: 'and' | 'or', parts: (TsQuery | null)[]): TsQuery | null {
  const args = parts.filter((p): p is TsQuery => p !== null);
  if (args.length === 0) return null;
  return args.length === 1 ? args[0]! : { op, args };
}

/** a || b, a && b on queries that may be empty (an empty side is dropped, as PostgreSQL drops it). */
export const or = (...parts: (TsQuery | null)[]) => combine('or', parts);
export const and = (...parts: (TsQuery | null)[]) => combine('and', parts);

/** plainto_tsquery(config, text): every word's lexemes, each hyphenated word a phrase. */
export function plainQuery(text: string, config: Config, analyser: Analyser = ENGLISH): TsQuery | null {
  return and(...lexemesOf(text, config, analyser).map((run) => phrase(run.map((l) => ({ ...l, prefix: false })))));
}

/** plainto_tsquery(config, word) with ':*' on its last lexeme (the word being typed). */
export function prefixQuery(word: string, config: Config, analyser: Analyser = ENGLISH): TsQuery | null {
  const runs = lexemesOf(word, config, analyser);
  const last = runs.at(-1);
  if (last) last[last.length - 1] = { ...last.at(-1)!, prefix: true } as never;
  return and(...runs.map((run) => phrase(run.map((l) => ({ prefix: false, ...l })))));
}

/** Characters websearch_to_tsquery treats as operators, not as part of a word. */
const OPERATOR_CHARS = /[!&|():*<>\\]/u;

/**
 * websearch_to_tsquery('english', text): words are ANDed, "quoted words" are a phrase, a leading
 * minus excludes, OR between two operands offers either; stop words are dropped (inside a phrase
 * they leave a gap).
 */
export function websearchQuery(text: string, analyser: Analyser = ENGLISH): TsQuery | null {
  // Operands in order, with OR markers between them.
  type Item = { kind: 'operand'; query: TsQuery | null; negated: boolean } | { kind: 'or' };
  const items: Item[] = [];
  let i = 0;
  const chars = [...text];
  const isSpace = (c: string) => /\s/u.test(c);
  const word = (): string => {
    let w = '';
    while (i < chars.length && !isSpace(chars[i]!) && chars[i] !== '"' && !OPERATOR_CHARS.test(chars[i]!)) w += chars[i++];
    return w;
  };
  while (i < chars.length) {
    const c = chars[i]!;
    if (isSpace(c) || OPERATOR_CHARS.test(c)) {
      i++;
      continue;
    }
    let negated = false;
    if (c === '-') {
      negated = true;
      while (chars[i] === '-') i++;
      if (i >= chars.length || isSpace(chars[i]!)) continue;
    }
    if (chars[i] === '"') {
      // A phrase, up to the closing quote (or the end): its words in a row.
      i++;
      let body = '';
      while (i < chars.length && chars[i] !== '"') body += chars[i++];
      i++;
      items.push({ kind: 'operand', query: phraseOf(body, analyser), negated });
      continue;
    }
    const w = word();
    if (!w) {
      i++;
      continue;
    }
    if (!negated && w.toLowerCase() === 'or') {
      items.push({ kind: 'or' });
      continue;
    }
    items.push({ kind: 'operand', query: phraseOf(w, analyser), negated });
  }
  // AND binds tighter than OR; an OR with nothing on one side is ignored, as is a dropped word.
  const groups: TsQuery[][] = [[]];
  let pendingOr = false;
  for (const item of items) {
    if (item.kind === 'or') {
      pendingOr = groups.at(-1)!.length > 0;
      continue;
    }
    if (!item.query) continue;
    const q: TsQuery = item.negated ? { op: 'not', arg: item.query } : item.query;
    if (pendingOr) groups.push([]);
    pendingOr = false;
    groups.at(-1)!.push(q);
  }
  return or(...groups.map((g) => and(...g)));
}

/** The words of a text in a row (stop words leave gaps), as one phrase. */
function phraseOf(text: string, analyser: Analyser): TsQuery | null {
  const items: (Operand & { offset: number })[] = [];
  let at = 0;
  for (const t of tokens(text)) {
    t.parts.forEach((part, k) => {
      const l = analyser.lexeme(part);
      if (l) items.push({ ...l, offset: at + k, prefix: false });
    });
    at += t.parts.length;
  }
  if (!items.length) return null;
  const first = items[0]!.offset;
  return phrase(items.map((x) => ({ ...x, offset: x.offset - first })));
}

/** The document's lexemes an operand stands for (a prefix: every one it starts, in byte order). */
export type Expand = (op: Operand) => readonly string[];

/** The lexemes a plain operand stands for that the document has. */
function plainNames(doc: Lexemes, op: Operand): string[] {
  if (!op.also) return doc.has(op.lexeme) ? [op.lexeme] : [];
  return [op.lexeme, ...op.also].filter((l) => doc.has(l));
}

function positionsOf(doc: Lexemes, op: Operand, expand: Expand): number[] {
  const names = op.prefix ? expand(op).filter((l) => doc.has(l)) : plainNames(doc, op);
  const out: number[] = [];
  for (const name of names) for (const p of doc.get(name)!) out.push(p >> 2);
  return names.length > 1 ? [...new Set(out)].sort((a, b) => a - b) : out;
}

/** Does the document hold any of these lexemes? */
function holdsAny(doc: Lexemes, lexemes: readonly string[]): boolean {
  for (const l of lexemes) if (doc.has(l)) return true;
  return false;
}

/** doc @@ query (loops rather than callbacks: it runs for every candidate of every search). */
export function matches(doc: Lexemes, q: TsQuery, expand: Expand): boolean {
  switch (q.op) {
    case 'and':
      for (const a of q.args) if (!matches(doc, a, expand)) return false;
      return true;
    case 'or':
      for (const a of q.args) if (matches(doc, a, expand)) return true;
      return false;
    case 'not':
      return !matches(doc, q.arg, expand);
    case 'phrase': {
      if (q.items.length === 1) {
        const only = q.items[0]!;
        return only.prefix ? holdsAny(doc, expand(only)) : doc.has(only.lexeme) || (only.also !== undefined && holdsAny(doc, only.also));
      }
      return phraseMatches(doc, q.items, expand);
    }
  }
}

/** A phrase of several words: each word at its offset from the first, somewhere in the document. */
function phraseMatches(doc: Lexemes, items: (Operand & { offset: number })[], expand: Expand): boolean {
  const lists = items.map((it) => positionsOf(doc, it, expand));
  if (lists.some((l) => l.length === 0)) return false;
  const sets = lists.map((l) => new Set(l));
  return lists[0]!.some((start) => items.every((it, k) => k === 0 || sets[k]!.has(start + it.offset)));
}

const itemsOf = new WeakMap<TsQuery, Operand[]>();

/** Every operand of a query, NOT ones included, sorted and without repeats (as ts_rank takes them). */
function rankItems(q: TsQuery): Operand[] {
  let items = itemsOf.get(q);
  if (!items) itemsOf.set(q, (items = collectItems(q)));
  return items;
}

function collectItems(q: TsQuery): Operand[] {
  const all: Operand[] = [];
  const walk = (n: TsQuery) => {
    if (n.op === 'phrase') all.push(...n.items);
    else if (n.op === 'not') walk(n.arg);
    else n.args.forEach(walk);
  };
  walk(q);
  const seen = new Map<string, Operand>();
  for (const o of all.sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0))) if (!seen.has(o.lexeme)) seen.set(o.lexeme, o);
  return [...seen.values()];
}

const f = Math.fround;
const MAX_POS = 16383;

/** PostgreSQL's word_distance(), for every distance it distinguishes. */
const DISTANCE = Array.from({ length: 101 }, (_, w) => f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2))));
const FAR = f(1e-30);
const wordDistance = (w: number): number => (w > 100 ? FAR : DISTANCE[w]!);

/** Each lexeme an operand stands for in the document, with its positions (position * 4 + weight). */
function entries(doc: Lexemes, op: Operand, expand: Expand): (readonly number[])[] {
  if (!op.prefix) return plainNames(doc, op).map((l) => doc.get(l)!);
  return expand(op)
    .filter((l) => doc.has(l))
    .map((l) => doc.get(l)!);
}

function rankOr(w: readonly number[], doc: Lexemes, items: Operand[], expand: Expand): number {
  let res = 0;
  for (const item of items) {
    for (const post of entries(doc, item, expand)) {
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < post.length; j++) {
        const wp = w[post[j]! & 3]!;
        resj = f(resj + f(wp / ((j + 1) * (j + 1))));
        if (wp > wjm) {
          wjm = wp;
          jm = j;
        }
      }
      res = f(res + (wjm + resj - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
    }
  }
  return items.length ? f(res / items.length) : res;
}

/** Words further apart than this are as good as unrelated to ts_rank (word_distance 1e-30). */
const NEAR = 100;
/**
 * From this rank on, a pair of positions further apart than NEAR cannot move it: such a pair adds
 * at most 1e-15 (the square root of its weights times 1e-30) to the rank, and a float4 of 1e-7 or
 * more is more than 3e-15 from its neighbours, so the sum rounds back to the same float4.
 */
const FAR_CANNOT_MOVE = 1e-7;

/**
 * calc_rank_and's inner loops for two lexemes' positions (each sorted), the rank so far in and
 * out: every pair in PostgreSQL's order, except the pairs too far apart to change the rank once it
 * is at least FAR_CANNOT_MOVE; so the positions near each of `post` are a sliding window of `ct`.
 */
function rankPairs(w: readonly number[], post: readonly number[], ct: readonly number[], res: number): number {
  const n = ct.length;
  const at = (x: number) => Math.min(x >> 2, MAX_POS);
  let lo = 0;
  let hi = 0;
  for (const l of post) {
    const pos = at(l);
    while (lo < n && at(ct[lo]!) < pos - NEAR) lo++;
    if (hi < lo) hi = lo;
    while (hi < n && at(ct[hi]!) <= pos + NEAR) hi++;
    const every = res < FAR_CANNOT_MOVE;
    const end = every ? n : hi;
    for (let j = every ? 0 : lo; j < end; j++) {
      const p = ct[j]!;
      const dist = Math.abs(pos - at(p));
      if (!dist) continue;
      const curw = f(Math.sqrt(f(f(w[l & 3]! * w[p & 3]!) * wordDistance(dist))));
      res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
    }
  }
  return res;
}

function rankAnd(w: readonly number[], doc: Lexemes, items: Operand[], expand: Expand): number {
  if (items.length < 2) return rankOr(w, doc, items, expand);
  let res = -1;
  const pos: (readonly number[] | undefined)[] = [];
  items.forEach((item, i) => {
    for (const post of entries(doc, item, expand)) {
      pos[i] = post;
      for (let k = 0; k < i; k++) {
        const ct = pos[k];
        if (ct) res = rankPairs(w, post, ct, res);
      }
    }
  });
  return res;
}

/** ts_rank(weights, doc, query): `weights` in ts_rank's order {D, C, B, A}. */
export function tsRank(weights: readonly number[], doc: Lexemes, q: TsQuery | null, expand: Expand): number {
  if (!q || doc.size === 0) return 0;
  const items = rankItems(q);
  const res = q.op === 'and' || (q.op === 'phrase' && q.items.length > 1) ? rankAnd(weights, doc, items, expand) : rankOr(weights, doc, items, expand);
  return res < 0 ? f(1e-20) : res;
}

/** Parses PostgreSQL's text form of a tsvector ('word':1A,4 'other':2B) into lexemes. */
export function parseTsvector(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    const positions = (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((p) => {
        const letter = p.at(-1)!;
        const weight = letter in WEIGHT ? WEIGHT[letter as keyof typeof WEIGHT] : WEIGHT.D;
        return Number.parseInt(p, 10) * 4 + weight;
      });
    out.set(lexeme, positions);
  }
  return out;
}
