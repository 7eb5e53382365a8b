/**
 * Orders are served from answers kept between requests (routes/order-json.ts): a page read
 * twice is the same bytes, canonical JSON with its Content-Length; and a kept answer never
 * outlives a change. An order whose tracking refresh is under way shows its progress on the
 * next page read and the next retrieve; a created order moves every later row one place on,
 * onto the next page. The export, from rows kept the same way, is the CSV streamed from the
 * store's orders as they are now, byte for byte, after each change. The store's clock is the
 * test's, moved by hand (no waiting on time).
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../data/dataset';
import { TRACKING_STEP_MS } from '../data/orders';
import type { Order } from '../data/types';
import { ordersCsv } from '../documents';
import { servedOrder } from '../routes/order-views';
import {
  type ApiResponse,
  type Paginated,
  startSandboxForFile,
  TEST_NOW,
} from './support/sandbox-fixture';

let clock = TEST_NOW.getTime() + 24 * 3600_000;
const api = startSandboxForFile({
  dataset: buildDataset({ scale: 0.2, now: TEST_NOW, orderStore: { clock: () => clock } }),
});

const PAGE = '/api/orders/?page_size=100';
const page = (n: number) => api.get<Paginated<Order>>(`${PAGE}&page=${n}`);
const statuses = (o: Order | undefined) => o?.fulfillments.map((f) => f.tracking_events_status);

function expectCanonical(r: ApiResponse<unknown>): void {
  expect(r.status).toBe(200);
  expect(r.contentType).toBe('application/json; charset=utf-8');
  expect(Number(r.headers.get('content-length'))).toBe(r.bytes.length);
  // The bytes JSON.stringify gives for what they say: no spaces, nothing cut or doubled.
  expect(r.bytes.equals(Buffer.from(JSON.stringify(r.body), 'utf8'))).toBe(true);
}

/** The export as the store's current orders stream it (documents/csv.ts), for comparison. */
async function exportNow(): Promise<Buffer> {
  const { orders } = api.sandbox().dataset;
  const served = orders.rows.map((r) => servedOrder(orders.get(r.id) as Order, api.url('')));
  const chunks: Buffer[] = [];
  for await (const chunk of ordersCsv(served)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function expectExportCurrent(): Promise<Buffer> {
  const r = await api.get<string>('/api/orders/export/');
  expect(r.status).toBe(200);
  expect(r.contentType).toBe('text/csv; charset=utf-8');
  expect(r.bytes.equals(await exportNow())).toBe(true);
  return r.bytes;
}

describe('answers kept between requests', () => {
  it('serves the same bytes for a page read twice, as canonical JSON', async () => {
    const first = await page(2);
    expectCanonical(first);
    const again = await page(2);
    expectCanonical(again);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const one = first.body.results[3] as Order;
    const retrieved = await api.get<Order>(`/api/orders/${one.id}/`);
    expectCanonical(retrieved);
    expect(retrieved.body).toEqual(one);
  });

  it('shows a refreshed order moving on in the next page read and the next retrieve', async () => {
    const before = (await page(1)).body.results;
    const exported = await expectExportCurrent();
    const index = before.findIndex(
      (o) =>
        o.fulfillments.length > 0 &&
        o.fulfillments.every(
          (f) => f.tracking_number !== '' && f.tracking_events_status === 'pending',
        ),
    );
    expect(index, 'an order with pending tracking on page 1').toBeGreaterThan(-1);
    const target = before[index] as Order;
    // Kept now: served once in the page above and once alone.
    expect((await api.get<Order>(`/api/orders/${target.id}/`)).body).toEqual(target);
    const refreshed = await api.request<{ queued: number }>(
      `/api/orders/${target.id}/refresh-tracking/`,
      { method: 'POST' },
    );
    expect(refreshed.body.queued).toBe(target.fulfillments.length);
    clock += TRACKING_STEP_MS;
    const after = await page(1);
    expectCanonical(after);
    const moved = after.body.results[index];
    expect(moved?.id).toBe(target.id);
    expect(statuses(moved)).not.toEqual(statuses(target));
    expect(statuses(moved)?.every((s) => s !== 'pending')).toBe(true);
    expect((await api.get<Order>(`/api/orders/${target.id}/`)).body).toEqual(moved);
    // The export's row for it follows too (its rows are kept as well).
    clock += 3 * TRACKING_STEP_MS;
    expect((await expectExportCurrent()).equals(exported)).toBe(false);
    // Every other order on the page is as it was.
    expect(after.body.results.filter((o) => o.id !== target.id)).toEqual(
      before.filter((o) => o.id !== target.id),
    );
  });

  it('moves every row one place on when an order is created, onto the next page', async () => {
    const one = (await page(1)).body;
    const two = (await page(2)).body;
    const created = await api.post<Order>('/api/orders/', {
      recipient_name: 'Kept Answers Testcase',
      address1: '1 Cache Lane',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
      items: [{ sku: 'TEST-1', qty: 1, weight_kg: 0.2, name: 'Widget' }],
    });
    expect(created.status).toBe(201);
    const oneAfter = await page(1);
    const twoAfter = await page(2);
    expectCanonical(oneAfter);
    expectCanonical(twoAfter);
    expect(oneAfter.body.count).toBe(one.count + 1);
    expect(oneAfter.body.results.map((o) => o.id)).toEqual([
      created.body.id,
      ...one.results.slice(0, -1).map((o) => o.id),
    ]);
    expect(oneAfter.body.results[0]).toEqual(created.body);
    expect((await expectExportCurrent()).toString('utf8')).toContain('Kept Answers Testcase');
    expect(twoAfter.body.results.map((o) => o.id)).toEqual([
      one.results.at(-1)?.id,
      ...two.results.slice(0, -1).map((o) => o.id),
    ]);
  });
});
