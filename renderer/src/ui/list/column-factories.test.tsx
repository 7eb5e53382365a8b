// @vitest-environment jsdom
/**
 * The kit's column factories in a DataTable: the link column opens the row's page on the hash
 * route (its segment encoded by the caller) and stays out of the Tab order, the text column
 * shows a dash for none, and the count column the locale's digits from the table's meta.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFormatters } from '../format/formatters';
import { countColumn, linkColumn, textColumn } from './column-factories';
import { listColumns } from './list-columns';
import { ParcelTable } from './test-support/parcel-table';
import { useListCursor } from './use-list-cursor';

afterEach(cleanup);

interface Parcel {
  id: string;
  carrier: string | null;
  weight: number;
}

const COLUMNS = listColumns<Parcel>().columns([
  linkColumn(
    (p: Parcel) => p.id,
    { id: 'id', header: 'Parcel' },
    {
      path: (p) => `/parcels/${encodeURIComponent(p.id)}`,
    },
  ),
  textColumn((p: Parcel) => p.carrier, { id: 'carrier', header: 'Carrier' }),
  countColumn((p: Parcel) => p.weight, { id: 'weight', header: 'Weight' }),
]);

function Parcels({ rows }: { rows: Parcel[] }) {
  const cursor = useListCursor(rows.length, 'k');
  return (
    <ParcelTable
      columns={COLUMNS}
      rows={rows}
      cursor={cursor}
      onOpen={() => undefined}
      meta={{ format: createFormatters('de-DE') }}
    />
  );
}

describe('column factories', () => {
  it('link, text and count columns read as a person expects', () => {
    render(<Parcels rows={[{ id: 'a/b #1', carrier: null, weight: 12345 }]} />);
    const table = screen.getByRole('table', { name: 'Parcels' });
    const link = within(table).getByRole('link', { name: 'a/b #1' });
    expect(link.getAttribute('href')).toBe('#/parcels/a%2Fb%20%231');
    expect(link.getAttribute('tabindex')).toBe('-1');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['a/b #1', '—', '12.345']);
  });
});
