// The server's messages in the traveller's language: the e-mails to travellers (server/mail/ and
// the bookings', payments' and departures' mail) and the PDFs (the itinerary, the quote). One
// catalogue per language (app/lib/server-messages/<lang>.ts, ICU MessageFormat's values, plurals
// and selects), read here by a small formatter, with the dates, numbers and money of the language
// through the site's one Intl home (common/intl.ts). Server only (a `.server.ts` module: the
// browser never loads it); it sits in app/ because the itinerary PDF is drawn here
// (app/lib/itinerary-pdf.server.ts), and server/ reads it as it reads the PDF kit. English stays the site's own formats (British dates, formatMinor's money).
import { formatMinor } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { type DateStyle, formatDate, formatNumber, intlLocale } from '../../common/intl.ts';
import type { Language } from '../../common/languages.ts';
import type { DayWords } from '../../common/route.ts';
import { de } from './server-messages/de.ts';
import { en, type ServerMessageKey } from './server-messages/en.ts';
import { es } from './server-messages/es.ts';
import { fr } from './server-messages/fr.ts';

export type { ServerMessageKey };
export const SERVER_CATALOGUES: Readonly<Record<Language, Readonly<Record<ServerMessageKey, string>>>> = { en, de, fr, es };

/** A parsed message: text, a value by name, or a plural's or select's branches by key. */
type Node = string | { name: string; kind?: 'plural' | 'select'; options?: Record<string, Node[]> };

const ARGUMENT = /^\s*([\w-]+)\s*(?:(\})|,\s*(plural|select)\s*,)/y;
const BRANCH = /\s*(=?[\w-]+)\s*\{/y;

/** Parses an ICU message (values, plurals, selects); it throws on one it cannot read. */
export function parseMessage(src: string): Node[] {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i} in message ${JSON.stringify(src)}`);
  };
  const sequence = (nested: boolean): Node[] => {
    const out: Node[] = [];
    let text = '';
    while (i < src.length && src[i] !== '}') {
      if (src[i] === '{') {
        if (text) out.push(text);
        text = '';
        i++;
        out.push(argument());
      } else text += src[i++];
    }
    if (text) out.push(text);
    if (nested ? src[i] !== '}' : i < src.length) fail(nested ? 'unclosed branch' : 'unbalanced }');
    return out;
  };
  const argument = (): Node => {
    ARGUMENT.lastIndex = 0;
    const m = ARGUMENT.exec(src.slice(i)) ?? fail('bad argument');
    i += m[0].length;
    if (m[2]) return { name: m[1]! };
    const options: Record<string, Node[]> = {};
    for (;;) {
      while (/\s/.test(src[i] ?? '')) i++;
      if (src[i] === '}') break;
      BRANCH.lastIndex = 0;
      const b = BRANCH.exec(src.slice(i)) ?? fail('bad branch');
      i += b[0].length;
      options[b[1]!] = sequence(true);
      i++;
    }
    i++;
    if (!('other' in options)) fail('no other branch');
    return { name: m[1]!, kind: m[3] as 'plural' | 'select', options };
  };
  return sequence(false);
}

/** The names of a message's values, its plurals' and selects' included, sorted. */
export function messagePlaceholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (typeof n === 'string') continue;
      names.add(n.name);
      for (const branch of Object.values(n.options ?? {})) walk(branch);
    }
  };
  walk(parseMessage(message));
  return [...names].sort();
}

/** A value put into a message: text (escaped for HTML when the message is), or HTML as it is. */
type MessageValue = string | number | { html: string };
type MessageValues = Record<string, MessageValue>;

export interface ServerMessages {
  readonly language: Language;
  /** Intl's locale of the language. */
  readonly locale: string;
  /** A message with its values; with `escapeText`, the message's text and its text values are escaped (HTML). */
  t(key: ServerMessageKey, values?: MessageValues, escapeText?: (s: string) => string): string;
  /** A calendar day ("2027-07-04"): "4 July 2027", "4. Juli 2027"; `weekday` names the day too, `month` only its month ("July 2027"). */
  day(day: string, style?: 'long' | 'weekday' | 'weekdayShort' | 'month'): string;
  /** A number in the language's digits and separators. */
  number(n: number): string;
  /** An amount in minor units in the language's format ($12,345 in English as everywhere on the site). */
  money(amountMinor: number, currency: Currency): string;
}

/** The day styles of the messages, as the site's Intl home (common/intl.ts) names them. */
const DAY_STYLES = { long: 'long', weekday: 'full', weekdayShort: 'weekdayLong', month: 'month' } as const satisfies Record<string, DateStyle>;

const parsed = new Map<string, Node[]>();
const made = new Map<Language, ServerMessages>();

function formatter(language: Language): ServerMessages {
  const locale = intlLocale(language);
  const rules = new Intl.PluralRules(locale);
  const render = (nodes: Node[], values: MessageValues, escapeText: (s: string) => string, count?: number): string =>
    nodes
      .map((n) => {
        if (typeof n === 'string') return escapeText(count === undefined ? n : n.replaceAll('#', formatNumber(count, language)));
        const value = values[n.name];
        if (value === undefined) throw new Error(`the message's value ${n.name} is missing`);
        if (!n.kind || !n.options) return typeof value === 'object' ? value.html : escapeText(String(value));
        const key = typeof value === 'object' ? value.html : value;
        if (n.kind === 'select') return render(n.options[String(key)] ?? n.options.other!, values, escapeText, count);
        const num = Number(key);
        return render(n.options[`=${num}`] ?? n.options[rules.select(num)] ?? n.options.other!, values, escapeText, num);
      })
      .join('');
  return {
    language,
    locale,
    t(key, values = {}, escapeText = (s) => s) {
      const source = SERVER_CATALOGUES[language][key];
      const cacheKey = `${language} ${key}`;
      let nodes = parsed.get(cacheKey);
      if (!nodes) parsed.set(cacheKey, (nodes = parseMessage(source)));
      return render(nodes, values, escapeText);
    },
    day: (day, style = 'long') => formatDate(day, language, DAY_STYLES[style]),
    number: (n) => formatNumber(n, language),
    money: (amountMinor, currency) => formatMinor(amountMinor, currency, language),
  };
}

/** A day range in the language ("Day 3", "Tage 2–4"), for common/route.ts dayRange. */
export const dayWords = (m: ServerMessages): DayWords => ({
  day: (number) => m.t('pdf.day', { number }),
  range: (first, last) => m.t('pdf.dayRange', { first, last }),
  list: (days) => m.t('pdf.dayList', { days }),
});

/** The messages and formats of a language (made once). */
export function serverMessages(language: Language): ServerMessages {
  let m = made.get(language);
  if (!m) made.set(language, (m = formatter(language)));
  return m;
}
