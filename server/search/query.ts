// Reading a visitor's search text: validation, and the words the engine works with.
// The text itself is only ever passed to PostgreSQL as a bound parameter; the few places that
// build a tsquery from a word use words split on the same separators the index uses, so they
// can carry no query syntax.

export const MAX_QUERY_LENGTH = 500;

export class QueryError extends Error {}

/** Separators of words: white space, ASCII punctuation and typographic punctuation (as in search_words_of). */
const SEPARATORS = /[\s!"#$%&'()*+,./:;<=>?@[\\\]^_`{|}~‘’“”–—…-]+/u;

interface QueryWord {
  /** Lower-case word. */
  word: string;
  /** Written with a leading minus: the visitor wants it excluded. */
  negated: boolean;
  /** Inside double quotes (part of a phrase). */
  quoted: boolean;
}

export interface ParsedQuery {
  /** The text as sent to websearch_to_tsquery: control characters removed, trimmed. */
  text: string;
  words: QueryWord[];
  /** Uses quotes, a minus or OR: the visitor asked for exact query semantics. */
  hasOperators: boolean;
  /** The word being typed (the last one, when the text does not end in a space or quote), for prefix matching. */
  typing: string | null;
  /** `text` without the word being typed. */
  textBeforeTyping: string;
}

/** Validates and normalises the raw `query` parameter. Throws QueryError with a visitor-facing message. */
export function parseQuery(raw: string | undefined | null): ParsedQuery {
  // A trailing space means the last word is finished.
  const finished = /[\s\p{Cc}]$/u.test(raw ?? '');
  const text = (raw ?? '')
    // Lone surrogates (not valid Unicode) become U+FFFD.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // Control characters (NUL included, which PostgreSQL text cannot hold) act as spaces.
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .trim();
  if (!text) throw new QueryError('Please enter a search term.');
  if ([...text].length > MAX_QUERY_LENGTH) throw new QueryError(`The search term is too long: please use at most ${MAX_QUERY_LENGTH} characters.`);

  const words: QueryWord[] = [];
  let quoted = false;
  let hasOperators = false;
  // Walk the text chunk by chunk (white-space separated), tracking quotes as websearch_to_tsquery does.
  for (const chunk of text.split(/\s+/u)) {
    let negated = false;
    let body = chunk;
    if (!quoted && body.startsWith('-') && body.length > 1) {
      negated = true;
      hasOperators = true;
      body = body.replace(/^-+/, '');
    }
    const quoteCount = (body.match(/"/g) ?? []).length;
    if (quoteCount) hasOperators = true;
    const startsQuoted = quoted || body.startsWith('"');
    if (!quoted && body.toLowerCase() === 'or') {
      hasOperators = true;
      continue;
    }
    for (const w of body.split(SEPARATORS)) {
      if (w) words.push({ word: w.toLowerCase(), negated, quoted: startsQuoted });
    }
    if (quoteCount % 2 === 1) quoted = !quoted;
  }

  let typing: string | null = null;
  let textBeforeTyping = text;
  const last = words.at(-1);
  // The last word is still being typed when the text ends right after it.
  if (last && !finished && !last.negated && !quoted && !/["\s]$/u.test(text) && !SEPARATORS.test(text.at(-1)!) && [...last.word].length >= 2) {
    const lower = text.toLowerCase();
    if (lower.length === text.length && lower.endsWith(last.word)) {
      typing = last.word;
      textBeforeTyping = text.slice(0, text.length - last.word.length).trim();
    }
  }
  return { text, words, hasOperators, typing, textBeforeTyping };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** The text with whole words replaced (case-insensitive), keeping quotes and minus signs in place. */
export function replaceWords(text: string, replacements: Map<string, string>): string {
  if (replacements.size === 0) return text;
  const alternatives = [...replacements.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const re = new RegExp(`(^|[\\s!"#$%&'()*+,./:;<=>?@[\\\\\\]^_\`{|}~‘’“”–—…-])(${alternatives})(?=$|[\\s!"#$%&'()*+,./:;<=>?@[\\\\\\]^_\`{|}~‘’“”–—…-])`, 'giu');
  return text.replace(re, (_m, before: string, word: string) => before + (replacements.get(word.toLowerCase()) ?? word));
}
