/**
 * The list kit's tests' table: parcels, named "Parcels" (test id `parcels`), each row known by
 * its id. Shared by the table's and the column factories' tests; each gives its own columns,
 * rows, cursor and the rest.
 */
import { DataTable, type DataTableProps } from '../data-table';

export function ParcelTable<T extends { id: string }>(
  props: Omit<DataTableProps<T>, 'label' | 'testId' | 'rowId'>,
) {
  return <DataTable label="Parcels" testId="parcels" rowId={(p: T) => p.id} {...props} />;
}
