// A table's column headings, one row of `<th scope="col">`, for the site's tables and the
// console's (ConsoleTable): each column's text, or its text and a class.
/** A column's heading: its text, or its text and a class (`c-num`: an amount, aligned right). */
export type Column = string | readonly [text: string, className: string];

/** An amount's column, aligned right. */
export const num = (text: string): Column => [text, 'c-num'];

export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c[0]} scope="col" className={c[1]}>
              {c[0]}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
