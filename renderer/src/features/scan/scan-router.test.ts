/**
 * The scan router's order and its cost: the page's kind and the code's shape first, one
 * lookup at a time, stopping at the first kind that matches. The request counts below are
 * what a scan spends of the account's rate limit (issue 16: a floor of stations shares it).
 */
import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../shared/contract/values';
import {
  contextKind,
  isGtin,
  lookupOrder,
  type ScanHit,
  type ScanKind,
  shapeKind,
} from './scan-kinds';
import { type LookupContext, productHits, type Resolver, returnHits } from './scan-resolvers';
import { resolveScan } from './scan-router';

/** Resolvers that answer from a table and count the lookups (each is one request). */
function counted(table: Partial<Record<ScanKind, Record<string, ScanHit[]>>>) {
  const calls: ScanKind[] = [];
  const make =
    (kind: ScanKind): Resolver =>
    async (code) => {
      calls.push(kind);
      return table[kind]?.[code] ?? [];
    };
  const resolvers = {
    order: make('order'),
    return: make('return'),
    product: make('product'),
    shipment: make('shipment'),
  };
  return { resolvers, calls };
}

const hit = (kind: ScanKind, id: string): ScanHit => ({
  kind,
  id,
  title: id,
  detail: '',
  field: 'x',
});
const ctx = {} as LookupContext;

describe('the order kinds are looked up in', () => {
  it('follows the page: returns, inventory and locations, shipments and tracking, else orders', () => {
    for (const [page, kind] of [
      ['/returns', 'return'],
      ['/returns/7', 'return'],
      ['/inventory/105', 'product'],
      ['/locations', 'product'],
      ['/shipments/shp_1', 'shipment'],
      ['/tracking', 'shipment'],
      ['/orders', 'order'],
      ['/print-queue', 'order'],
    ] as const) {
      expect(contextKind(page), page).toBe(kind);
    }
  });

  it('puts an unmistakable shape first, and never leaves a kind out', () => {
    for (const [code, kind] of [
      ['RMA-2026-000007', 'return'],
      ['shp_87e51464e6be1797', 'shipment'],
      ['4014170001084', 'product'],
      // A 16-digit tracking number and a 12-digit one are not taken for GTINs.
      ['0034043410219747', null],
      ['549173034175', null],
    ] as const) {
      expect(shapeKind(code), code).toBe(kind);
    }
    expect(lookupOrder('RMA-2026-000007', '/orders')).toEqual([
      'return',
      'order',
      'product',
      'shipment',
    ]);
    expect(lookupOrder('#EU3042', '/inventory')).toEqual([
      'product',
      'order',
      'return',
      'shipment',
    ]);
  });

  it('checks GS1 check digits', () => {
    expect(isGtin('4014170001084')).toBe(true);
    expect(isGtin('4014170001085')).toBe(false);
    expect(isGtin('96385074')).toBe(true);
    expect(isGtin('12345')).toBe(false);
  });
});

describe('what a scan costs', () => {
  it('an order at the pack bench: one lookup (the order’s page load is the second request)', async () => {
    const { resolvers, calls } = counted({ order: { '#EU3042': [hit('order', '3042')] } });
    const found = await resolveScan('#EU3042', '/orders', resolvers, ctx);
    expect(found.hits.map((h) => h.id)).toEqual(['3042']);
    expect(calls).toEqual(['order']);
  });

  it('a return tracking number at the pack bench: two lookups; in Returns, one', async () => {
    const table = { return: { JJD005608852750: [hit('return', '188')] } };
    const atBench = counted(table);
    await resolveScan('JJD005608852750', '/orders', atBench.resolvers, ctx);
    expect(atBench.calls).toEqual(['order', 'return']);
    const inReturns = counted(table);
    const found = await resolveScan('JJD005608852750', '/returns', inReturns.resolvers, ctx);
    expect(found.hits[0]).toMatchObject({ kind: 'return', id: '188' });
    expect(inReturns.calls).toEqual(['return']);
  });

  it('a GTIN from anywhere: one lookup; a shipment id: one', async () => {
    const table = {
      product: { '4014170001084': [hit('product', '108')] },
      shipment: { shp_87e51464e6be1797: [hit('shipment', 'shp_87e51464e6be1797')] },
    };
    const a = counted(table);
    await resolveScan('4014170001084', '/returns', a.resolvers, ctx);
    expect(a.calls).toEqual(['product']);
    const b = counted(table);
    await resolveScan('shp_87e51464e6be1797', '/orders', b.resolvers, ctx);
    expect(b.calls).toEqual(['shipment']);
  });

  it('an unknown code asks every kind once, and says so', async () => {
    const { resolvers, calls } = counted({});
    const found = await resolveScan('NOPE-1', '/orders', resolvers, ctx);
    expect(found).toEqual({
      code: 'NOPE-1',
      hits: [],
      asked: ['order', 'return', 'product', 'shipment'],
    });
    expect(calls).toHaveLength(4);
  });

  it('several matches of one kind come back for a pick list, each once', async () => {
    const two = [hit('order', '1'), hit('order', '2'), hit('order', '1')];
    const { resolvers } = counted({ order: { 'DUP-1': two } });
    expect((await resolveScan(' DUP-1 ', '/orders', resolvers, ctx)).hits.map((h) => h.id)).toEqual(
      ['1', '2'],
    );
  });
});

describe('exact matches only', () => {
  it('opens a return by its RMA number or its tracking number, not by a search hit', () => {
    const returns = [
      { id: 7, rma_number: 'RMA-2026-000007', tracking_number: '', customer_name: 'Ana' },
      { id: 8, rma_number: 'RMA-2026-000008', tracking_number: 'JJD0001', customer_name: 'Bo' },
      {
        id: 70,
        rma_number: 'RMA-2026-000070',
        tracking_number: '',
        customer_name: 'RMA-2026-000007 fan',
      },
    ] as unknown as Api['ReturnRequest'][];
    expect(returnHits(returns, 'rma-2026-000007')).toEqual([
      { kind: 'return', id: '7', title: 'RMA-2026-000007', detail: 'Ana', field: 'RMA number' },
    ]);
    expect(returnHits(returns, ' jjd0001 ').map((h) => [h.id, h.field])).toEqual([
      ['8', 'return tracking number'],
    ]);
    expect(returnHits(returns, '2026')).toEqual([]);
  });

  it('opens a product by SKU or GTIN, once however many locations stock it', () => {
    const row = (product_id: number, sku: string, gtin: string | null) =>
      ({ product_id, sku, gtin, name: 'Barista kettle', location: { id: 1 } }) as Api['StockLevel'];
    const rows = [
      row(108, 'BAR-0108', '4014170001084'),
      row(108, 'BAR-0108', '4014170001084'),
      row(1080, 'BAR-01080', null),
    ];
    expect(productHits(rows, '4014170001084')).toEqual([
      {
        kind: 'product',
        id: '108',
        title: 'BAR-0108 Barista kettle',
        detail: 'stocked at 2 locations',
        field: 'GTIN',
      },
    ]);
    expect(productHits(rows, 'bar-0108').map((h) => h.id)).toEqual(['108']);
  });
});
