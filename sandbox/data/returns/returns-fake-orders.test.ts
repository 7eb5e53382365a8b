/** Returns from a tiny hand-made order store: sparse orders and too few of them. */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../catalog';
import type { Order, OrderRow, OrderStore } from '../types';
import { buildReturns } from '.';

const now = new Date('2026-03-01T00:00:00Z');
const opts = { seed: 5, scale: 0.01, now };
const catalog = buildCatalog(opts);

function row(id: number, stage: OrderRow['stage']): OrderRow {
  return {
    id,
    day: '2026-02-01',
    stage,
    channel: null,
    payment_status: null,
    fulfillment_status: null,
    address_status: null,
    attention: [],
    search: '',
  };
}

// Only the fields returns read; the rest of an Order does not matter here.
const ORDERS: Record<number, Partial<Order>> = {
  1: {
    id: 1,
    order_name: '#1001',
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    recipient_name: 'Ada Lovelace',
    country: 'GB',
    channel: 'Shopify',
    currency: 'GBP',
    created_at: '2026-01-20T10:00:00Z',
    order_date: '2026-01-20T10:00:00Z',
    fulfilled_at: '2026-01-22T10:00:00Z',
    items: [
      { sku: catalog[0]!.sku, name: catalog[0]!.name, qty: 2, price: '19.99' },
      { sku: 'CUSTOM-ENGRAVING', name: 'Engraving', qty: 1, price: '5.00' },
    ],
  },
  // Sparse: no customer name, email, channel, currency or items; placed an hour ago.
  2: {
    id: 2,
    order_name: null,
    customer_name: null,
    customer_email: null,
    recipient_name: 'Walk-in Customer',
    country: 'NL',
    channel: null,
    currency: null,
    created_at: '2026-02-28T23:00:00Z',
    order_date: null,
    fulfilled_at: null,
  },
};

const store: OrderStore = {
  rows: [row(3, 'open'), row(2, 'shipped'), row(1, 'delivered')],
  get: (id) => ORDERS[id] as Order | undefined,
  create: () => {
    throw new Error('not used');
  },
  refreshTracking: () => undefined,
  changesWithTime: () => false,
  addressCheck: () => undefined,
};

describe('buildReturns with a small fake order store', () => {
  const returns = buildReturns(opts, store, catalog);

  it('still makes the minimum of 10, returning orders more than once', () => {
    expect(returns).toHaveLength(10);
    expect(returns.every((r) => r.order === null || r.order === 1 || r.order === 2)).toBe(true);
    expect(new Set(returns.map((r) => r.rma_number)).size).toBe(10);
  });

  it('fills gaps in sparse orders with well-formed values', () => {
    for (const r of returns) {
      expect(r.lines.length).toBeGreaterThan(0);
      expect(typeof r.customer_name).toBe('string');
      expect(typeof r.customer_email).toBe('string');
      expect(r.currency).toMatch(/^[A-Z]{3}$/);
      expect(Date.parse(r.requested_at)).toBeLessThan(now.getTime());
      if (r.order === 2) expect(r.requested_at > '2026-02-28T23:00:00Z').toBe(true);
      for (const l of r.lines) {
        if (l.sku === 'CUSTOM-ENGRAVING') expect(l.product).toBeNull();
        expect(l.name.length).toBeGreaterThan(0);
      }
    }
  });

  it('is empty without orders', () => {
    expect(buildReturns(opts, { ...store, rows: [] }, catalog)).toEqual([]);
  });
});
