// The messages' runtime: a compiled catalogue (app/i18n/compile.ts, ICU MessageFormat compiled
// ahead of the build) read by key, its values put in, plurals and selects chosen. The catalogues
// need nothing more than this at run time, so the browser loads no message library.

/** A compiled message: text, and values as [name] or [name, 'plural' | 'select' | …, branches]. */
type Part = string | [string] | [string, string, Branches?];
/** A plural's or select's branches by key (`one`, `other`, `0` for `=0`…), and a plural's offset. */
type Branches = { offset?: number } & Record<string, Compiled>;
type Compiled = string | Part[];
export type Messages = Record<string, Compiled>;

/** The messages of one language, with their lookup (`_`). */
export interface Catalogue {
  readonly locale: string;
  readonly messages: Messages;
  _(key: string, values?: Record<string, unknown>): string;
}

/** A catalogue's or a select's entry by its own key, never one inherited (`constructor`). */
const own = (entries: Record<string, Compiled>, key: string): Compiled | undefined => (Object.hasOwn(entries, key) ? entries[key] : undefined);

export function catalogue(locale: string, messages: Messages): Catalogue {
  const rules = new Map<string, Intl.PluralRules>();
  let numbers: Intl.NumberFormat | undefined;
  const pluralOf = (type: 'cardinal' | 'ordinal', n: number) => {
    let r = rules.get(type);
    if (!r) rules.set(type, (r = new Intl.PluralRules(locale, { type })));
    return r.select(n);
  };
  const number = (n: number) => (numbers ??= new Intl.NumberFormat(locale)).format(n);

  /** A message with its values; `count` is the number a plural's `#` stands for. */
  const render = (message: Compiled, values: Record<string, unknown>, count?: number): string => {
    if (typeof message === 'string') return message;
    let out = '';
    for (const part of message) {
      if (typeof part === 'string') out += part === '#' && count !== undefined ? number(count) : part;
      else {
        const [name, kind, options] = part;
        const value = values[name];
        if (kind === 'select' && options) out += render(own(options, String(value)) ?? options.other ?? '', values);
        else if ((kind === 'plural' || kind === 'selectordinal') && options) {
          const n = Number(value) - Number(options.offset ?? 0);
          const chosen = options[String(value)] ?? options[pluralOf(kind === 'plural' ? 'cardinal' : 'ordinal', n)] ?? options.other ?? '';
          out += render(chosen, values, n);
        } else if (value != null) out += kind === 'number' ? number(Number(value)) : String(value);
      }
    }
    return out;
  };

  return {
    locale,
    messages,
    _: (key, values = {}) => {
      const message = own(messages, key);
      return message === undefined ? key : render(message, values);
    },
  };
}
