/**
 * A plain table's header row from its column names: one `<th scope="col">` each, the text
 * columns first and then the numeric ones (each kind with its own class, numbers aligned
 * right), so a table lists its column names once, as data.
 */
export interface HeaderColumns {
  text: readonly string[];
  numeric?: readonly string[];
}

/** How many columns there are (a "nothing here" row spans them all). */
export const columnCount = (columns: HeaderColumns) =>
  columns.text.length + (columns.numeric?.length ?? 0);

export function HeaderRow({
  columns,
  textClass,
  numericClass,
}: {
  columns: HeaderColumns;
  textClass: string;
  numericClass: string;
}) {
  const cells = [
    ...columns.text.map((label) => [label, textClass] as const),
    ...(columns.numeric ?? []).map((label) => [label, numericClass] as const),
  ];
  return (
    <tr>
      {cells.map(([label, className]) => (
        <th key={label} scope="col" className={className}>
          {label}
        </th>
      ))}
    </tr>
  );
}
