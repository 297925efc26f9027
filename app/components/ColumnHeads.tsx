// A table's column headings, one row of `<th scope="col">`, for the site's tables and the
// console's (ConsoleTable): each column's text, its text and a class, or a text for screen readers
// alone (a column of ticks or buttons).
/** A column's heading: its text, its text and a class (`c-num`: an amount, aligned right), or a hidden text. */
export type Column = string | readonly [text: string, className: string] | { readonly hidden: string };

/** An amount's column, aligned right. */
export const num = (text: string): Column => [text, 'c-num'];

/** A column whose heading only screen readers hear (its cells say what they are: ticks, buttons). */
export const hidden = (text: string): Column => ({ hidden: text });

function Head({ column: c }: { column: Column }) {
  if (typeof c === 'string') return <th scope="col">{c}</th>;
  if ('hidden' in c)
    return (
      <th scope="col">
        <span className="sr-only">{c.hidden}</span>
      </th>
    );
  return (
    <th scope="col" className={c[1]}>
      {c[0]}
    </th>
  );
}

export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <Head key={typeof c === 'string' ? c : 'hidden' in c ? c.hidden : c[0]} column={c} />
        ))}
      </tr>
    </thead>
  );
}
