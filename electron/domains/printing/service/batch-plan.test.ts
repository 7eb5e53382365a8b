/** The pure parts of batch printing: what is known of orders, the plan, job names, page checks. */

import type { ResolvedRoute } from '@shared/contract/printing-values';
import { describe, expect, it } from 'vitest';
import { expectedPages, lastStepOf, planBatch } from './batch-plan';
import { describe as describePages } from './batch-verify';
import type { FactsFound } from './facts-lookup';
import { jobTitle, orderSpan } from './job-titles';
import { OrderFacts, orderName } from './order-facts';

const route = (kind: ResolvedRoute['kind'], printerId = 'save-to-folder'): ResolvedRoute => ({
  kind,
  printerId,
  copies: 1,
  media: '4x6in',
});

function order(id: number, name: string | null, labels: number) {
  return {
    id,
    order_name: name,
    shipments: [
      ...Array.from({ length: labels }, (_, i) => ({
        id: i,
        label_url: `/media/labels/${id}-${i}`,
      })),
      { id: 99, label_url: null },
      { id: 98, label_url: '' },
    ],
  };
}

describe('what is known of orders', () => {
  it('learns names and labels from list pages and single orders, ignoring anything else', () => {
    let now = 0;
    const facts = new OrderFacts({ maxAgeMs: 1000, now: () => now });
    facts.learnAnswer('orders_list', {
      results: [
        order(1, '#10983', 1),
        order(2, '  ', 0),
        { id: 'x' },
        null,
        // Read for its id only: shipments that are no list are not taken as "no label".
        { id: 5, order_name: '#5', shipments: 'garbled' },
      ],
    });
    facts.learnAnswer('orders_retrieve', order(3, 'M-2995', 2));
    facts.learnAnswer('inventory_list', { results: [order(4, '#4', 1)] });
    expect(facts.fresh(1)).toMatchObject({ name: '#10983', labels: 1 });
    expect(facts.fresh(2)).toMatchObject({ name: 'Order 2', labels: 0 });
    expect(facts.fresh(3)).toMatchObject({ name: 'M-2995', labels: 2 });
    expect(facts.fresh(4)).toBeUndefined();
    expect(facts.fresh(5)).toBeUndefined();
    now = 1001;
    // Too old to plan with, still good for a name.
    expect(facts.fresh(1)).toBeUndefined();
    expect(facts.nameOf(1)).toBe('#10983');
    expect(facts.nameOf(7)).toBe('Order 7');
  });

  it('forgets the oldest beyond its bound', () => {
    const facts = new OrderFacts({ maxOrders: 2 });
    for (const id of [1, 2, 3]) facts.learnOrder(order(id, `#${id}`, 1));
    expect([1, 2, 3].map((id) => facts.fresh(id)?.name)).toEqual([undefined, '#2', '#3']);
  });

  it('names returns by their RMA number', () => {
    const facts = new OrderFacts();
    facts.learnAnswer('returns_requests_retrieve', { id: 17, rma_number: 'RMA-1042' });
    expect(facts.returnName(17)).toBe('RMA-1042');
  });

  it('names an order as the grids do', () => {
    expect(orderName({ id: 5, order_name: ' #5 ' })).toBe('#5');
    expect(orderName({ id: 5, order_name: null })).toBe('Order 5');
  });
});

describe('the plan of a batch', () => {
  const found: FactsFound = new Map([
    [1, { id: 1, name: '#1', labels: 1, at: 0 }],
    [2, { id: 2, name: '#2', labels: 0, at: 0 }],
    [3, null],
    [4, { id: 4, name: '#4', labels: 2, at: 0 }],
    [5, { id: 5, name: '#5', labels: 1, at: 0 }],
  ]);
  const nameOf = (id: number) => `Order ${id}`;
  /** Orders 1 (a label) and 2 (none): labels on one printer, slips on another. */
  const twoPrinters = () =>
    planBatch(
      [1, 2],
      found,
      [
        { route: route('shipping_label'), kinds: ['shipping_label'] },
        { route: route('packing_slip', 'cups:Office'), kinds: ['packing_slip'] },
      ],
      10,
      nameOf,
    );

  it('labels: skips orders without a label or unknown, chunks the rest in the selected order', () => {
    const plan = planBatch([5, 1, 2, 3, 4], found, [{ route: route('shipping_label') }], 2, nameOf);
    expect(plan.skipped).toEqual([
      { order: { id: 2, name: '#2' }, cause: 'no_label' },
      { order: { id: 3, name: 'Order 3' }, cause: 'not_found' },
    ]);
    expect(plan.steps.map((s) => s.orders.map((o) => o.id))).toEqual([[5, 1], [4]]);
    expect(plan.steps.map(expectedPages)).toEqual([2, 2]);
  });

  it('documents: an order without a label still gets its slip; per-kind skips say the kind', () => {
    const plan = twoPrinters();
    expect(plan.skipped).toEqual([
      { order: { id: 2, name: '#2' }, cause: 'no_label', kind: 'shipping_label' },
    ]);
    expect(plan.steps.map((s) => [s.kinds, s.orders.map((o) => o.id), expectedPages(s)])).toEqual([
      [['shipping_label'], [1], 1],
      [['packing_slip'], [1, 2], undefined],
    ]);
  });

  it('knows each order’s last job: an order on two printers has more after its first', () => {
    const plan = twoPrinters();
    // Order 1's label job is step 0 and its slip step 1; order 2 (no label) only has the slip.
    expect([...lastStepOf(plan.steps)]).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const labelsOnly = planBatch([5, 1, 4], found, [{ route: route('shipping_label') }], 2, nameOf);
    expect([...lastStepOf(labelsOnly.steps)]).toEqual([
      [5, 0],
      [1, 0],
      [4, 1],
    ]);
  });
});

describe('job names', () => {
  const o = (n: number) => ({ id: n, name: `#${10982 + n}` });
  it('names jobs by what a person sees', () => {
    expect(jobTitle([o(1)], ['shipping_label'], 1)).toBe('Label #10983');
    expect(jobTitle([o(1)], ['shipping_label'], 2)).toBe('2 labels: #10983');
    expect(jobTitle([o(1), o(2)], ['shipping_label'], 2)).toBe('2 labels: #10983, #10984');
    expect(
      jobTitle(
        Array.from({ length: 20 }, (_, i) => o(i + 1)),
        ['shipping_label'],
        20,
      ),
    ).toBe('20 labels: #10983 … #11002');
    expect(jobTitle([o(1)], ['packing_slip', 'pick_list'])).toBe('Packing slip + pick list #10983');
    expect(jobTitle([o(1), o(2), o(3)], ['packing_slip'])).toBe('3 packing slips: #10983 … #10985');
    expect(jobTitle([o(1), o(2)], ['packing_slip', 'commercial_invoice'])).toBe(
      'Packing slips + commercial invoices for 2 orders: #10983, #10984',
    );
    expect(orderSpan([])).toBe('');
  });
});

describe('a labels PDF whose pages do not match its orders', () => {
  const orders = [
    { id: 1, name: '#1', labels: 1 },
    { id: 2, name: '#2', labels: 1 },
    { id: 3, name: '#3', labels: 1 },
  ];

  it('names the orders that changed, and keeps the page map when the pages now add up', () => {
    const found: FactsFound = new Map([
      [1, { id: 1, name: '#1', labels: 1, at: 0 }],
      [2, { id: 2, name: '#2', labels: 0, at: 0 }],
      [3, { id: 3, name: '#3', labels: 1, at: 0 }],
    ]);
    expect(describePages(orders, 2, 3, found)).toEqual({
      reason: 'The API sent 2 label pages where 3 were expected (#2 has no label now).',
      orders: [
        { id: 1, name: '#1', labels: 1 },
        { id: 2, name: '#2', labels: 0 },
        { id: 3, name: '#3', labels: 1 },
      ],
    });
  });

  it('drops the page map when it cannot be explained', () => {
    expect(describePages(orders, 2, 3, undefined)).toEqual({
      reason:
        'The API sent 2 label pages where 3 were expected. Which pages belong to which order is not known: check the labels of #1 … #3.',
      orders: orders.map(({ id, name }) => ({ id, name })),
    });
  });
});
