/**
 * A table's header row from its columns: one `<th scope="col">` per [label, class], so a plain
 * table lists its column names once, as data, rather than as a block of header cells.
 */
export type HeaderCells = readonly (readonly [label: string, className: string])[];

export function HeaderRow({ cells }: { cells: HeaderCells }) {
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
