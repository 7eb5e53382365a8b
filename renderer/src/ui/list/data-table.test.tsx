// @vitest-environment jsdom
/**
 * The list kit as a person uses it: a DataTable fed column definitions and rows, the cursor
 * moved by j/k through the real shortcut layer (tinykeys on the window), Enter and a double
 * click opening a row, a click making one active, headers that sort, and the fixed-rows grid
 * of divs for long lists.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutLayer } from '../shortcuts/shortcut-layer';
import type { ListSort } from './data-table';
import { cellMeta, listColumns, NUMBER_COLUMN } from './list-columns';
import { ParcelTable } from './test-support/parcel-table';
import { useListCursor } from './use-list-cursor';
import { useListShortcuts } from './use-list-shortcuts';

afterEach(cleanup);

interface Parcel {
  id: string;
  carrier: string;
  weight: number;
}

const col = listColumns<Parcel>();
const COLUMNS = col.columns([
  col.accessor((p) => p.id, { id: 'id', header: 'Parcel', size: 120 }),
  col.accessor((p) => p.carrier, {
    id: 'carrier',
    header: 'Carrier',
    size: 120,
    cell: ({ getValue, table }) => `${cellMeta<{ prefix: string }>(table).prefix}${getValue()}`,
  }),
  col.accessor((p) => p.weight, {
    id: 'weight',
    header: 'Weight',
    size: 80,
    sortDescFirst: true,
    meta: NUMBER_COLUMN,
  }),
]);

const parcels = (n: number): Parcel[] =>
  Array.from({ length: n }, (_, i) => ({ id: `P${i}`, carrier: `c${i % 3}`, weight: i }));

function List({
  rows,
  onOpen = () => {},
  rowHeight,
  onSort,
  resetKey = 'k',
}: {
  rows: Parcel[];
  onOpen?(row: Parcel): void;
  rowHeight?: number;
  onSort?(sort: ListSort): void;
  resetKey?: string;
}) {
  const cursor = useListCursor(rows.length, resetKey);
  const [sort, setSort] = useState<ListSort>({ column: 'id', desc: false });
  useListShortcuts({ group: 'Parcels', cursor, rows, open: onOpen });
  return (
    <>
      <ShortcutLayer />
      <button type="button">Elsewhere</button>
      <ParcelTable
        columns={COLUMNS}
        rows={rows}
        rowData={(p) => ({ 'data-parcel': p.id })}
        cursor={cursor}
        onOpen={onOpen}
        meta={{ prefix: 'via ' }}
        rowHeight={rowHeight}
        sort={onSort ? sort : undefined}
        onSort={
          onSort
            ? (next) => {
                setSort(next);
                onSort(next);
              }
            : undefined
        }
      />
    </>
  );
}

const row = (id: string) => document.querySelector<HTMLElement>(`[data-parcel="${id}"]`)!;

describe('DataTable', () => {
  it('draws the columns’ headers and cells, with the meta the cells share', () => {
    render(<List rows={parcels(3)} />);
    const table = screen.getByRole('table', { name: 'Parcels' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Parcel', 'Carrier', 'Weight']);
    const cells = within(row('P1')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['P1', 'via c1', '1']);
    expect(cells[2]!.className).toContain('text-right');
    expect(row('P0').getAttribute('aria-rowindex')).toBe('2');
  });

  it('keeps one Tab stop on the active row; a click moves it, a double click opens', async () => {
    const onOpen = vi.fn();
    render(<List rows={parcels(3)} onOpen={onOpen} />);
    expect(row('P0').tabIndex).toBe(0);
    expect(row('P1').tabIndex).toBe(-1);
    const user = userEvent.setup();
    await user.click(within(row('P2')).getByText('P2'));
    expect(row('P2').tabIndex).toBe(0);
    expect(row('P0').tabIndex).toBe(-1);
    expect(row('P2').dataset.active).toBe('true');
    await user.dblClick(within(row('P1')).getByText('P1'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'P1' }));
  });

  it('j and k move the focus with the active row; Enter opens it, or the focused button', async () => {
    const onOpen = vi.fn();
    render(<List rows={parcels(4)} onOpen={onOpen} />);
    const user = userEvent.setup();
    // At once when the key reaches the list's shortcut (in the console, the scanner listener
    // may hold a plain key a moment first: features/scan/scanner-driver.ts).
    await user.keyboard('j');
    expect(document.activeElement).toBe(row('P1'));
    await user.keyboard('jjj');
    // Kept inside the list.
    expect(document.activeElement).toBe(row('P3'));
    await user.keyboard('k');
    expect(document.activeElement).toBe(row('P2'));
    expect(row('P2').tabIndex).toBe(0);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'P2' }));

    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    const clicked = vi.fn();
    elsewhere.addEventListener('click', clicked);
    elsewhere.focus();
    await user.keyboard('{Enter}');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('starts again at the first row when the reset key changes', async () => {
    const view = render(<List rows={parcels(4)} resetKey="a" />);
    await userEvent.setup().keyboard('jj');
    await waitFor(() => expect(row('P2').tabIndex).toBe(0));
    view.rerender(<List rows={parcels(4)} resetKey="b" />);
    expect(row('P0').tabIndex).toBe(0);
    expect(row('P2').tabIndex).toBe(-1);
  });

  it('sorts through its headers: aria-sort says which way, sortDescFirst starts descending', async () => {
    const onSort = vi.fn();
    render(<List rows={parcels(3)} onSort={onSort} />);
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Parcel').getAttribute('aria-sort')).toBe('ascending');
    const user = userEvent.setup();
    await user.click(within(header('Parcel')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'id', desc: true });
    expect(header('Parcel').getAttribute('aria-sort')).toBe('descending');
    await user.click(within(header('Weight')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'weight', desc: true });
    expect(header('Parcel').getAttribute('aria-sort')).toBeNull();
    await user.click(within(header('Weight')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'weight', desc: false });
  });

  it('without onSort, headers are plain text', () => {
    render(<List rows={parcels(2)} />);
    const table = screen.getByRole('table', { name: 'Parcels' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('draws repeated ids once each, without React complaining about keys', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const twice = [...parcels(2), ...parcels(2)];
    render(<List rows={twice} />);
    expect(document.querySelectorAll('tbody tr[data-parcel]')).toHaveLength(4);
    expect(errors.mock.calls.map(String).filter((m) => m.includes('key'))).toEqual([]);
    errors.mockRestore();
  });

  it('with a row height, is an ARIA table of fixed, positioned rows', async () => {
    const onOpen = vi.fn();
    render(<List rows={parcels(3)} rowHeight={30} onOpen={onOpen} />);
    const table = screen.getByRole('table', { name: 'Parcels' });
    expect(table.tagName).toBe('DIV');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    // jsdom lays nothing out, so the virtualizer draws no rows here; the layout's own rows
    // are checked in a browser (shipments e2e, ui-grids bench). The body still sizes itself.
    const body = within(table).getAllByRole('rowgroup')[1]!;
    expect(body.style.height).toBe('90px');
  });
});
