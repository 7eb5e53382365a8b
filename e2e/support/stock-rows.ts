/**
 * The sandbox's stock rows as the inventory specs read them from its API, to compute what the
 * console must show: the row's fields those specs check, and every row of the list, page by
 * page. Shared by the filter, sort and exceptions-board specs instead of a copy each.
 */
import { api } from '../orders-fixture';
import type { SandboxProcess } from './sandbox-process';

/** A stock row of `/api/inventory/` (the fields the specs read; the API sends more). */
export interface StockRow {
  product_id: number;
  sku: string;
  location: { id: number; code: string };
  available: number;
  on_hand: number;
  committed: number;
  reserved: number;
  recall: 'voluntary' | 'mandatory' | null;
  reorder_point: number | null;
  expiring_soon: boolean;
  earliest_expiry: string | null;
}

/** Every stock row the sandbox holds, read 500 a page until its list ends. */
export async function everyStockRow(sandbox: SandboxProcess): Promise<StockRow[]> {
  const rows: StockRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<{ results: StockRow[]; next: string | null }>(
      sandbox,
      '/api/inventory/',
      { page_size: 500, page },
    );
    rows.push(...answer.results);
    if (!answer.next) return rows;
  }
}
