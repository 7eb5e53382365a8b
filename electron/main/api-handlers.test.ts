/**
 * Every API-backed bridge method, called once against the sandbox over real HTTP: each answer
 * must be what the OpenAPI description promises (checked by the test validator, strictly),
 * files must be written where asked without replacing anything, and filters must reach the
 * API as its query strings.
 */
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toShipmentListItem } from '@shared/contract/shipment-list-item';
import type { BinaryFile, ExportResult } from '@shared/contract/values';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiValidator } from '../../sandbox/test/support/openapi-validator';
import { startSandboxForFile } from '../../sandbox/test/support/sandbox-fixture';
import { FolderChoices } from '../kernel/folder-choices';
import type { CallContext } from '../kernel/handler-types';
import { sandboxApiClient } from '../test-support/sandbox-api-client';
import { type ApiHandlers, createApiHandlers } from './create-api-handlers';

const KEY = 'pk_handlers_test_0123456789';
const api = startSandboxForFile({ keys: [KEY], scale: 0.5 });
const validator = loadApiValidator();
const exportDir = realpathSync(mkdtempSync(join(tmpdir(), 'packbench-exports-')));
/** Folders chosen as the renderer would: an id handed out for a folder inside a root. */
const choices = new FolderChoices([{ id: 'documents', label: 'Test', path: exportDir }]);
const into = async (subfolder?: string) =>
  (await choices.chooseInRoot('documents', subfolder)).choiceId;
afterAll(() => rmSync(exportDir, { recursive: true, force: true }));

const progress: { phase: string; done: number }[] = [];
const ctx: CallContext = {
  signal: new AbortController().signal,
  operationId: 'test-operation',
  progress: (p) => progress.push({ phase: p.phase, done: p.done }),
};

let handlers: ApiHandlers;
const handlersNow = () => {
  handlers ??= createApiHandlers({
    client: async () => sandboxApiClient(api.sandbox().url, KEY),
    exportDir,
    folders: choices,
    now: () => new Date(2026, 10, 22, 9, 5, 7),
  });
  return handlers;
};

const json = (operationId: string, body: unknown) =>
  validator.assertResponse(operationId, 200, 'application/json', body);
const binary = (operationId: string, file: BinaryFile) => {
  validator.assertResponse(operationId, 200, file.contentType, null);
  expect(Buffer.from(file.base64, 'base64').byteLength).toBe(file.size);
  expect(file.size).toBeGreaterThan(100);
  expect(file.fileName).toMatch(/^[^/\\]+\.[a-z]+$/);
};
const csvRows = (result: ExportResult) => {
  expect(existsSync(result.path)).toBe(true);
  const text = readFileSync(result.path, 'utf8');
  expect(result.bytes).toBe(Buffer.byteLength(text));
  expect(result.rows).toBe((parse(text) as unknown[]).length - 1);
  return result.rows;
};

describe('every API method against the sandbox', () => {
  it('answers schema-valid results, each one', async () => {
    const h = handlersNow();
    const shipped = await h.ordersList({ filters: { stage: 'shipped' }, pageSize: 3 }, ctx);
    const orderId = shipped.results[0]?.id ?? 0;
    const shipments = await h.shipmentsList({}, ctx);
    const shipmentId = shipments[0]?.shipment_id ?? '';
    const events = await h.trackingEventsList({ filters: { shipment: shipmentId } }, ctx);
    const returns = await h.returnsList({ pageSize: 100 }, ctx);
    const labelled = returns.results.find((r) => r.has_return_label === true);
    const stock = await h.inventoryList({ pageSize: 1 }, ctx);
    const locations = await h.locationsList({}, ctx);

    // One entry per method: the Record type makes the compiler insist on every one.
    const calls: Record<keyof ApiHandlers, () => Promise<void>> = {
      ordersList: async () => json('orders_list', shipped),
      ordersGet: async () => json('orders_retrieve', await h.ordersGet({ id: orderId }, ctx)),
      ordersCreate: async () => {
        const order = await h.ordersCreate(
          {
            order: {
              recipient_name: 'Grace Hopper',
              address1: '1 Navy Way',
              city: 'Arlington',
              postal_code: '22202',
              country: 'US',
              tags: ['handler-test'],
            },
          },
          ctx,
        );
        validator.assertResponse('orders_create', 201, 'application/json', order);
      },
      ordersCreatePending: async () => {
        // A draft never sent: nothing pending, nothing asked.
        const state = await h.ordersCreatePending({ reference: crypto.randomUUID() }, ctx);
        expect(state).toEqual({ state: 'none' });
      },
      ordersFacets: async () => json('orders_facets_retrieve', await h.ordersFacets({}, ctx)),
      ordersExport: async () => {
        const result = await h.ordersExport({ filters: { stage: 'shipped' } }, ctx);
        expect(csvRows(result)).toBe(shipped.count);
      },
      ordersFetchAllIds: async () => {
        const all = await h.ordersFetchAllIds({ filters: { stage: 'shipped' } }, ctx);
        expect(all.count).toBe(shipped.count);
        expect(new Set(all.ids).size).toBe(all.ids.length);
      },
      ordersDocuments: async () =>
        json('orders_documents_retrieve', await h.ordersDocuments({ id: orderId }, ctx)),
      ordersDocumentDownload: async () =>
        binary(
          'orders_document_download',
          await h.ordersDocumentDownload({ id: orderId, kind: 'packing_slip' }, ctx),
        ),
      ordersLabelsBatch: async () =>
        binary(
          'orders_labels_batch_create',
          await h.ordersLabelsBatch({ orderIds: shipped.results.map((o) => o.id) }, ctx),
        ),
      ordersDocumentsBatch: async () =>
        binary(
          'orders_documents_create',
          await h.ordersDocumentsBatch(
            { orderIds: [orderId], kinds: ['packing_slip', 'pick_list'] },
            ctx,
          ),
        ),
      ordersRefreshTracking: async () =>
        json('orders_refresh_tracking_create', await h.ordersRefreshTracking({ id: orderId }, ctx)),
      addressCheckGet: async () =>
        json('address_checks_orders_retrieve', await h.addressCheckGet({ orderId }, ctx)),
      shipmentsList: async () => json('shipping_v1_shipments_list', shipments),
      shipmentsStream: async () => {
        const { streamId } = await h.shipmentsStream({}, ctx);
        const rows: unknown[] = [];
        for (let done = false; !done; ) {
          const chunk = await h.shipmentsStreamRead({ streamId, from: rows.length }, ctx);
          rows.push(...chunk.rows);
          done = chunk.done;
        }
        // Each element was checked whole in the bridge; what comes out is its list part
        // (shipment-list-item.ts), field for field what the whole list read holds.
        expect(rows).toEqual(shipments.map(toShipmentListItem));
      },
      // Read through shipmentsStream above.
      shipmentsStreamRead: async () => {},
      trackingEventsStream: async () => {
        const filters = { shipment: shipmentId };
        const { streamId } = await h.trackingEventsStream({ filters }, ctx);
        const chunk = await h.trackingEventsStreamRead({ streamId, from: 0 }, ctx);
        expect(chunk.done).toBe(true);
        json('shipping_v1_tracking_events_list', chunk.rows);
        expect(chunk.rows).toEqual(events);
      },
      // Read through trackingEventsStream above.
      trackingEventsStreamRead: async () => {},
      shipmentsGet: async () =>
        json('shipping_v1_shipments_retrieve', await h.shipmentsGet({ shipmentId }, ctx)),
      shipmentsLabel: async () => {
        const label = await h.shipmentsLabel({ shipmentId }, ctx);
        json('shipping_v1_shipments_label_retrieve', label);
        expect(Buffer.from(label.image_b64, 'base64').byteLength).toBeGreaterThan(100);
      },
      trackingEventsList: async () => {
        json('shipping_v1_tracking_events_list', events);
        expect(events.length).toBeGreaterThan(0);
      },
      trackingEventsGet: async () =>
        json(
          'shipping_v1_tracking_events_retrieve',
          await h.trackingEventsGet({ id: events[0]?.id ?? 0 }, ctx),
        ),
      returnsList: async () => json('returns_requests_list', returns),
      returnsGet: async () =>
        json(
          'returns_requests_retrieve',
          await h.returnsGet({ id: returns.results[0]?.id ?? 0 }, ctx),
        ),
      returnsLabel: async () =>
        binary(
          'returns_requests_label_retrieve',
          await h.returnsLabel({ id: labelled?.id ?? 0 }, ctx),
        ),
      returnsExport: async () => {
        const result = await h.returnsExport(
          { filters: { status: 'open' }, destination: await into() },
          ctx,
        );
        const open = await h.returnsList({ filters: { status: 'open' }, pageSize: 1 }, ctx);
        expect(csvRows(result)).toBe(open.count);
      },
      inventoryList: async () => json('inventory_list', stock),
      inventoryGet: async () =>
        json(
          'inventory_retrieve',
          await h.inventoryGet({ productId: stock.results[0]?.product_id ?? 0 }, ctx),
        ),
      inventoryLocationStock: async () =>
        json('inventory_location_stock_retrieve', await h.inventoryLocationStock({}, ctx)),
      inventoryCount: async () => {
        const filters = { low_stock: true, location: locations[0]?.id ?? 1 };
        const { count } = await h.inventoryCount({ filters }, ctx);
        expect(count).toBe((await h.inventoryList({ filters, pageSize: 1 }, ctx)).count);
      },
      inventoryExceptions: async () => {
        const found = await h.inventoryExceptions({}, ctx);
        for (const row of found.rows) json('inventory_list', { ...stock, results: [row] });
        for (const product of found.recalled) json('inventory_retrieve', product);
        for (const product of found.expired ?? []) json('inventory_retrieve', product);
        // Exactly the recalled and expired rows of the whole list, read here page by page.
        const every: typeof stock.results = [];
        for (let page = 1; every.length < stock.count; page++) {
          every.push(...(await h.inventoryList({ page, pageSize: 500 }, ctx)).results);
        }
        const today = Date.parse(`${found.at.slice(0, 10)}T00:00:00Z`);
        const wanted = every.filter(
          (r) => r.recall != null || (r.earliest_expiry && Date.parse(r.earliest_expiry) < today),
        );
        const key = (r: (typeof every)[number]) => `${r.product_id}@${r.location.id}`;
        expect(found.rows.map(key).sort()).toEqual(wanted.map(key).sort());
        expect(found.rows.some((r) => r.recall === 'mandatory')).toBe(true);
        const recalledIds = [...new Set(wanted.filter((r) => r.recall).map((r) => r.product_id))];
        expect(found.recalled.map((p) => p.product.id)).toEqual(recalledIds.sort((a, b) => a - b));
        // The expired rows' products too (their batches and bins), each product read once.
        const expiredIds = [
          ...new Set(
            wanted
              .filter((r) => r.earliest_expiry && Date.parse(r.earliest_expiry) < today)
              .map((r) => r.product_id),
          ),
        ];
        expect(found.expired?.map((p) => p.product.id)).toEqual(expiredIds.sort((a, b) => a - b));
        expect(found.expired?.length).toBeGreaterThan(0);
        const read = new Set([...recalledIds, ...expiredIds]).size;
        expect(found.scanned).toBe(stock.count);
        expect(found.requests).toBe(Math.ceil(stock.count / 500) + read);
      },
      // Without a local store (these handlers have none), nothing is kept: see
      // inventory-exceptions-kept.test.ts for the copy on disk.
      inventoryExceptionsKept: async () => {
        expect(await h.inventoryExceptionsKept({}, ctx)).toEqual({ kept: null });
      },
      // No local store here: nothing kept, and keeping is a no-op that says so.
      inventoryBoardKept: async () => {
        expect(await h.inventoryBoardKept({}, ctx)).toEqual({ board: null });
      },
      inventoryBoardKeep: async () => {
        const board = { at: '2026-11-28T07:00:00Z', days: 30, rows: [] };
        expect(await h.inventoryBoardKeep({ board }, ctx)).toEqual({ kept: true });
      },
      inventoryExport: async () => {
        // One location's stock, read back: the rows of the list, page by page, each once.
        const location = locations[0]?.id ?? 1;
        const filters = { location };
        const result = await h.inventoryExport({ filters }, ctx);
        expect(result.path).toBe(join(exportDir, 'stock-20261122-090507.csv'));
        expect(result.leftOut).toBeUndefined();
        const rows = parse(readFileSync(result.path, 'utf8'), { columns: true }) as Record<
          string,
          string
        >[];
        const every: typeof stock.results = [];
        for (let page = 1; ; page++) {
          const p = await h.inventoryList({ filters, page, pageSize: 500 }, ctx);
          every.push(...p.results);
          if (every.length >= p.count) break;
        }
        expect(csvRows(result)).toBe(every.length);
        const key = (id: unknown, sku: unknown) => `${id}@${sku}`;
        expect(rows.map((r) => key(r.product_id, r.sku)).sort()).toEqual(
          every.map((r) => key(r.product_id, r.sku)).sort(),
        );
        const first = every[0]!;
        const mine = rows.find((r) => Number(r.product_id) === first.product_id)!;
        expect(mine.location_code).toBe(first.location.code);
        expect(Number(mine.available)).toBe(first.available);
        expect(mine.reorder_point_source).toBe(first.reorder_point_source);
        expect(progress.some((p) => p.phase === 'Reading stock rows' && p.done > 0)).toBe(true);
      },
      inventorySortedPage: async () => {
        // The whole list sorted, not a page: every row of the filters, lowest available first.
        const filters = { location: locations[0]?.id ?? 1 };
        const every: typeof stock.results = [];
        for (let page = 1; ; page++) {
          const p = await h.inventoryList({ filters, page, pageSize: 500 }, ctx);
          every.push(...p.results);
          if (every.length >= p.count) break;
        }
        const sort = { column: 'available', desc: false } as const;
        const first = await h.inventorySortedPage({ filters, sort, pageSize: 50 }, ctx);
        expect(first.count).toBe(every.length);
        expect(first.results[0]!.available).toBe(Math.min(...every.map((r) => r.available)));
        const pages = [first];
        for (let page = 2; (page - 1) * 50 < every.length; page++) {
          pages.push(await h.inventorySortedPage({ filters, sort, page, pageSize: 50 }, ctx));
        }
        const all = pages.flatMap((p) => p.results);
        expect(all.map((r) => r.available)).toEqual(
          every.map((r) => r.available).sort((a, b) => a - b),
        );
        expect(new Set(all.map((r) => r.product_id)).size).toBe(every.length);
        for (const row of first.results) json('inventory_list', { ...stock, results: [row] });
        // Descending, and a page past the end gives the last page.
        const down = await h.inventorySortedPage(
          { filters, sort: { column: 'available', desc: true }, page: 999, pageSize: 50 },
          ctx,
        );
        expect(down.page).toBe(Math.ceil(every.length / 50));
        expect(down.results.at(-1)!.available).toBe(Math.min(...every.map((r) => r.available)));
      },
      inventoryReorder: async () => {
        const location = locations[0]?.id ?? 1;
        const found = await h.inventoryReorder({ location }, ctx);
        for (const row of found.rows) json('inventory_list', { ...stock, results: [row] });
        // Independently: every row of the location with a reorder point it has reached.
        const every: typeof stock.results = [];
        for (let page = 1; ; page++) {
          const p = await h.inventoryList({ filters: { location }, page, pageSize: 500 }, ctx);
          every.push(...p.results);
          if (every.length >= p.count) break;
        }
        const wanted = every.filter(
          (r) => r.reorder_point !== null && r.available <= r.reorder_point,
        );
        expect(wanted.length).toBeGreaterThan(0);
        expect(found.total).toBe(wanted.length);
        expect(found.rows.map((r) => r.product_id).sort()).toEqual(
          wanted.map((r) => r.product_id).sort(),
        );
        expect(found.rows.every((r) => r.location.id === location)).toBe(true);
        const available = found.rows.map((r) => r.available);
        expect(available).toEqual([...available].sort((a, b) => a - b));
      },
      locationsList: async () => json('locations_list', locations),
      locationsGet: async () =>
        json('locations_retrieve', await h.locationsGet({ id: locations[0]?.id ?? 0 }, ctx)),
    };
    for (const [method, check] of Object.entries(calls)) {
      await check().catch((error: unknown) => {
        throw new Error(`${method}: ${(error as Error).message}`);
      });
    }
    expect(progress.some((p) => p.phase === 'Fetching orders' && p.done > 0)).toBe(true);
  });
});

describe('filters and files', () => {
  it('sends list filters comma-joined and booleans as true/false', async () => {
    const h = handlersNow();
    const facets = await h.ordersFacets({}, ctx);
    const two = facets.channel.slice(0, 2);
    const both = await h.ordersList({ filters: { channel: two }, pageSize: 500 }, ctx);
    expect(both.count).toBeGreaterThan(0);
    expect(both.results.every((o) => two.includes(o.channel ?? ''))).toBe(true);
    const low = await h.inventoryList({ filters: { low_stock: true }, pageSize: 500 }, ctx);
    expect(low.results.every((r) => r.stock_status === 'low_stock')).toBe(true);
    const notLow = await h.inventoryList({ filters: { low_stock: false }, pageSize: 1 }, ctx);
    const all = await h.inventoryList({ pageSize: 1 }, ctx);
    expect(low.count + notLow.count).toBe(all.count);
  });

  it('an export never replaces a file: a second one into the same folder is a new file', async () => {
    const h = handlersNow();
    const folder = await into('again');
    const first = await h.ordersExport(
      { filters: { stage: 'cancelled' }, destination: folder },
      ctx,
    );
    const before = readFileSync(first.path, 'utf8');
    writeFileSync(first.path, 'keep me');
    const second = await h.ordersExport(
      { filters: { stage: 'cancelled' }, destination: folder },
      ctx,
    );
    expect(second.path).not.toBe(first.path);
    expect(readFileSync(first.path, 'utf8')).toBe('keep me');
    expect(readFileSync(second.path, 'utf8')).toBe(before);
  });

  it('an export to a folder never handed out is refused, and nothing is written', async () => {
    const h = handlersNow();
    await expect(
      h.ordersExport({ destination: 'folder-AAAAAAAAAAAAAAAAAAAAAAAA' }, ctx),
    ).rejects.toMatchObject({ error: { code: 'invalid_arguments' } });
  });

  it('an export to a missing folder creates it; a file in the way is file_error', async () => {
    const h = handlersNow();
    const made = await h.ordersExport(
      { filters: { stage: 'cancelled' }, destination: await into('no/such/folder') },
      ctx,
    );
    expect(made.path.startsWith(join(exportDir, 'no', 'such', 'folder', 'orders-'))).toBe(true);
    expect(csvRows(made)).toBeGreaterThan(0);
    writeFileSync(join(exportDir, 'in-the-way'), 'x');
    await expect(
      h.returnsExport({ destination: await into('in-the-way/returns') }, ctx),
    ).rejects.toMatchObject({ error: { code: 'file_error' } });
  });

  it('unknown ids are not_found with the status', async () => {
    const h = handlersNow();
    await expect(h.ordersGet({ id: 99_999_999 }, ctx)).rejects.toMatchObject({
      error: { code: 'not_found', status: 404 },
    });
    await expect(h.shipmentsGet({ shipmentId: 'shp_nope' }, ctx)).rejects.toMatchObject({
      error: { code: 'not_found' },
    });
  });

  it('a create the service refuses is invalid_input with field errors', async () => {
    const h = handlersNow();
    await expect(
      h.ordersCreate({ order: { recipient_name: '', country: 'GERMANY' } }, ctx),
    ).rejects.toMatchObject({
      error: {
        code: 'invalid_input',
        status: 400,
        fieldErrors: expect.objectContaining({ address1: expect.any(Array) }),
      },
    });
  });
});
