import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DOCUMENT_GEN_FILE,
  ENUMS_GEN_FILE,
  generateDocumentModule,
  generateEnums,
  generateTypes,
  OPENAPI_FILE,
  SCHEMA_GEN_FILE,
} from './api-gen';
import { lintOpenApi } from './api-lint';

type Json = Record<string, unknown>;

const doc = parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation id the specification names, plus the address-check endpoint's. */
const SPEC_OPERATIONS: Record<string, string> = {
  orders_list: 'GET /api/orders/',
  orders_create: 'POST /api/orders/',
  orders_documents_create: 'POST /api/orders/documents/',
  orders_export_retrieve: 'GET /api/orders/export/',
  orders_facets_retrieve: 'GET /api/orders/facets/',
  orders_labels_batch_create: 'POST /api/orders/labels-batch/',
  orders_retrieve: 'GET /api/orders/{id}/',
  orders_documents_retrieve: 'GET /api/orders/{id}/documents/',
  orders_document_download: 'GET /api/orders/{id}/documents/{kind}/',
  orders_refresh_tracking_create: 'POST /api/orders/{id}/refresh-tracking/',
  shipping_v1_shipments_list: 'GET /api/shipping/v1/shipments/',
  shipping_v1_shipments_retrieve: 'GET /api/shipping/v1/shipments/{shipment_id}/',
  shipping_v1_shipments_label_retrieve: 'GET /api/shipping/v1/shipments/{shipment_id}/label/',
  shipping_v1_tracking_events_list: 'GET /api/shipping/v1/tracking-events/',
  shipping_v1_tracking_events_retrieve: 'GET /api/shipping/v1/tracking-events/{id}/',
  returns_requests_list: 'GET /api/returns/requests/',
  returns_requests_export_retrieve: 'GET /api/returns/requests/export/',
  returns_requests_retrieve: 'GET /api/returns/requests/{id}/',
  returns_requests_label_retrieve: 'GET /api/returns/requests/{id}/label/',
  address_checks_orders_retrieve: 'GET /api/address-checks/orders/{id}/',
  inventory_list: 'GET /api/inventory/',
  inventory_location_stock_retrieve: 'GET /api/inventory/location-stock/',
  inventory_retrieve: 'GET /api/inventory/{product_id}/',
  locations_list: 'GET /api/locations/',
  locations_retrieve: 'GET /api/locations/{id}/',
};

const PAGINATED = ['orders_list', 'returns_requests_list', 'inventory_list'];
const RETRIEVE = Object.keys(SPEC_OPERATIONS).filter((id) =>
  /\{(id|shipment_id|product_id)\}/.test(SPEC_OPERATIONS[id] ?? ''),
);

interface Op {
  id: string;
  where: string;
  node: Json;
}

function operations(): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) {
      const node = (item as Json)[method] as Json | undefined;
      if (node)
        out.push({ id: String(node.operationId), where: `${method.toUpperCase()} ${path}`, node });
    }
  }
  return out;
}

function resolve(node: unknown): Json {
  let current = node as Json;
  while (typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (n, k) => (n as Json)[k.replace(/~1/g, '/').replace(/~0/g, '~')],
        doc,
      ) as Json;
  }
  return current;
}

function response(op: Op, status: string): Json | undefined {
  const r = (op.node.responses as Json)[status];
  return r === undefined ? undefined : resolve(r);
}

/** Every object in the document, with its JSON path. */
function* walk(node: unknown, path = '#'): Generator<[string, Json]> {
  if (node === null || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [path, node as Json];
  for (const [k, v] of Object.entries(node)) yield* walk(v, `${path}/${k}`);
}

describe('shared/api/openapi.yaml', () => {
  // Each generated file equals what `npm run api:gen` makes from openapi.yaml now.
  it.each([
    ['schema.gen.ts', SCHEMA_GEN_FILE, generateTypes],
    ['openapi-document.gen.ts', DOCUMENT_GEN_FILE, generateDocumentModule],
    ['enums.gen.ts', ENUMS_GEN_FILE, generateEnums],
  ] as const)('%s is up to date', async (name, file, generate) => {
    const fresh = await generate();
    const committed = readFileSync(file, 'utf8');
    expect(committed === fresh, `shared/api/${name} is stale: run npm run api:gen`).toBe(true);
  });

  it('lints with 0 errors (Redocly, recommended)', async () => {
    const result = await lintOpenApi();
    const errors = result.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `[${p.ruleId}] ${p.where}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('is OpenAPI 3.0.3, version 1.0.0', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toMatchObject({ title: 'Fulfillment Operations API', version: '1.0.0' });
  });

  it('has exactly the operations of the specification, at their paths', () => {
    const found = Object.fromEntries(operations().map((op) => [op.id, op.where]));
    expect(found).toEqual(SPEC_OPERATIONS);
  });

  it('declares 401 and 429 (with Retry-After) on every operation', () => {
    const missing: string[] = [];
    for (const op of operations()) {
      if (!response(op, '401')) missing.push(`${op.id}: 401`);
      const tooMany = response(op, '429');
      if (!tooMany) {
        missing.push(`${op.id}: 429`);
        continue;
      }
      const header = (tooMany.headers as Json | undefined)?.['Retry-After'];
      const headerSchema = header ? resolve(resolve(header).schema ?? {}) : undefined;
      if (headerSchema?.type !== 'integer') missing.push(`${op.id}: 429 Retry-After (integer)`);
      const media = (tooMany.content as Json | undefined)?.['application/json'] as Json | undefined;
      const body = media ? resolve(media.schema ?? {}) : undefined;
      if (body?.type !== 'object') missing.push(`${op.id}: 429 body`);
    }
    expect(missing).toEqual([]);
  });

  it('declares 404 on every retrieve operation and every paginated list', () => {
    const missing = [...RETRIEVE, ...PAGINATED].filter((id) => {
      const op = operations().find((o) => o.id === id);
      return !op || !response(op, '404');
    });
    expect(missing).toEqual([]);
  });

  it('declares 400 on every operation with a request body or typed query parameters', () => {
    const missing = operations()
      .filter(
        (op) =>
          op.node.requestBody ||
          [
            'orders_list',
            'inventory_list',
            'shipping_v1_tracking_events_list',
            'orders_export_retrieve',
          ].includes(op.id),
      )
      .filter((op) => !response(op, '400'))
      .map((op) => op.id);
    expect(missing).toEqual([]);
  });

  it('paginated lists answer an envelope; plain lists answer an array', () => {
    const schemaOf = (id: string) => {
      const op = operations().find((o) => o.id === id);
      const ok = op ? response(op, '200') : undefined;
      if (!ok) throw new Error(`${id}: no 200 response`);
      return ((ok.content as Json)['application/json'] as Json).schema as Json;
    };
    expect(schemaOf('orders_list').$ref).toBe('#/components/schemas/PaginatedOrderList');
    expect(schemaOf('returns_requests_list').$ref).toBe(
      '#/components/schemas/PaginatedReturnRequestList',
    );
    expect(schemaOf('inventory_list').$ref).toBe('#/components/schemas/PaginatedStockLevelList');
    for (const id of [
      'shipping_v1_shipments_list',
      'shipping_v1_tracking_events_list',
      'locations_list',
    ]) {
      expect(schemaOf(id).type, id).toBe('array');
    }
    for (const name of [
      'PaginatedOrderList',
      'PaginatedStockLevelList',
      'PaginatedReturnRequestList',
    ]) {
      const s = resolve({ $ref: `#/components/schemas/${name}` });
      expect(Object.keys(s.properties as Json), name).toEqual([
        'count',
        'next',
        'previous',
        'results',
      ]);
      expect(s.required, name).toEqual(['count', 'results']);
    }
  });

  it('never restricts unknown properties and never writes additionalProperties: true', () => {
    const bad = [...walk(doc)]
      .filter(
        ([, node]) => node.additionalProperties === false || node.additionalProperties === true,
      )
      .map(([path]) => path);
    expect(bad).toEqual([]);
  });

  it('puts a type beside every nullable (Ajv and Redocly need it)', () => {
    const bad = [...walk(doc)].filter(([, n]) => n.nullable === true && typeof n.type !== 'string');
    expect(bad.map(([path]) => path)).toEqual([]);
  });

  it('OrderRequest is exactly the writable fields of Order', () => {
    const schemas = (doc.components as Json).schemas as Json;
    const order = schemas.Order as Json;
    const request = schemas.OrderRequest as Json;
    const orderProps = order.properties as Record<string, Json>;
    const writable = Object.entries(orderProps).filter(([, s]) => s.readOnly !== true);
    expect(Object.keys(request.properties as Json)).toEqual(writable.map(([k]) => k));
    for (const [k, s] of writable) expect((request.properties as Json)[k], k).toEqual(s);
    expect(request.required).toEqual([
      'recipient_name',
      'address1',
      'city',
      'postal_code',
      'country',
    ]);
  });

  it('defines the schema names the code imports', () => {
    const names = Object.keys((doc.components as Json).schemas as Json);
    for (const name of [
      'Order',
      'OrderRequest',
      'OrderShipment',
      'StorefrontFulfillment',
      'Fulfillment',
      'OrderTrackingRefresh',
      'OrderFacets',
      'OrderDocumentsRequest',
      'OrderSelectionRequest',
      'OrderDocumentInfo',
      'ShipmentList',
      'ShipmentDetail',
      'ShipmentLabel',
      'ShipmentContact',
      'Address',
      'Package',
      'TrackingEvent',
      'ReturnRequest',
      'ReturnRequestLine',
      'Location',
      'StockLevel',
      'InventoryLocationRef',
      'ProductStock',
      'ProductStockProduct',
      'ProductStockLocation',
      'ProductStockBin',
      'InventoryBinRef',
      'ProductStockBatch',
      'InventoryBatchRef',
      'InventoryMovementSummary',
      'LocationStockTotals',
      'LocationStockTotal',
      'AddressCheck',
      'PaginatedOrderList',
      'PaginatedStockLevelList',
      'PaginatedReturnRequestList',
      'Error',
      'ValidationError',
      'Throttled',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('declares both API key schemes, X-API-Key first', () => {
    const schemes = (doc.components as Json).securitySchemes as Json;
    expect(schemes.ApiKeyAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(schemes.ApiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyAuth: [] }]);
  });
});
