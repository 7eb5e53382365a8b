import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { pdfPages, squash } from './support/pdf-text';
import { fetchAll, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.25 });

type Shipment = { id: number; tracking_number?: string | null; label_url?: string | null };
type Order = {
  id: number;
  order_name?: string | null;
  country: string;
  status?: string;
  shipments: Shipment[];
  items?: { sku: string }[];
};

let cache: Order[] | undefined;
async function orders(): Promise<Order[]> {
  cache ??= await fetchAll<Order>(api, '/api/orders/?page_size=500');
  return cache;
}
const labelled = (o: Order) => o.shipments.filter((s) => s.label_url);
const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };

describe('order labels and documents as PDFs', () => {
  it('prints one 4x6 label per shipment, in the order the orders were asked for', async () => {
    const picked = (await orders())
      .filter((o) => labelled(o).length > 0)
      .slice(0, 4)
      .reverse();
    const r = await api.post('/api/orders/labels-batch/', { order_ids: picked.map((o) => o.id) });
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('application/pdf');
    const pages = await pdfPages(r.bytes);
    const expected = picked.flatMap((o) => labelled(o).map((s) => s.tracking_number ?? ''));
    expect(pages).toHaveLength(expected.length);
    pages.forEach((page, i) => {
      expect({ width: page.width, height: page.height }).toEqual({ width: 288, height: 432 });
      expect(squash(page.text)).toContain(squash(expected[i] ?? 'missing'));
    });
  });

  it('skips orders without a label, and refuses a selection where none has one', async () => {
    const all = await orders();
    const withLabel = all.find((o) => labelled(o).length === 1)!;
    const without = all.filter((o) => labelled(o).length === 0).slice(0, 2);
    const mixed = await api.post('/api/orders/labels-batch/', {
      order_ids: [without[0]!.id, withLabel.id],
    });
    expect((await pdfPages(mixed.bytes)).length).toBe(1);
    const none = await api.post('/api/orders/labels-batch/', {
      order_ids: without.map((o) => o.id),
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'no_labels' });
  });

  it('refuses unknown ids by name, empty and oversized selections, and unknown kinds', async () => {
    const unknown = await api.post('/api/orders/labels-batch/', { order_ids: [1, 2] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unknown order ids: 1, 2');
    const empty = await api.post('/api/orders/labels-batch/', { order_ids: [] });
    expect(empty.status).toBe(400);
    const big = await api.post('/api/orders/labels-batch/', {
      order_ids: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(big.status).toBe(400);
    const kinds = await api.post('/api/orders/documents/', {
      order_ids: [(await orders())[0]!.id],
      kinds: ['receipt'],
    });
    expect(kinds.status).toBe(400);
    expect(JSON.stringify(kinds.body)).toContain('receipt');
  });

  it('merges documents order by order, kind by kind, on the paper of the destination', async () => {
    const all = await orders();
    const us = all.find((o) => o.country === 'US' && labelled(o).length === 1)!;
    const de = all.find((o) => o.country === 'DE' && labelled(o).length === 1)!;
    const r = await api.post('/api/orders/documents/', {
      order_ids: [us.id, de.id],
      kinds: ['packing_slip', 'shipping_label'],
    });
    expect(r.status).toBe(200);
    const pages = await pdfPages(r.bytes);
    const sizes = pages.map((p) => `${p.width}x${p.height}`);
    const usSlip = sizes.indexOf(`${LETTER.width}x${LETTER.height}`);
    const deSlip = sizes.indexOf(`${A4.width}x${A4.height}`);
    const labels = sizes.flatMap((s, i) => (s === '288x432' ? [i] : []));
    expect(labels).toHaveLength(2);
    // US slip, US label, DE slip, DE label.
    expect(usSlip).toBe(0);
    expect(labels[0]).toBeGreaterThan(usSlip);
    expect(deSlip).toBeGreaterThan(labels[0]!);
    expect(labels[1]).toBeGreaterThan(deSlip);
    expect(squash(pages[usSlip]!.text)).toContain(squash(us.order_name ?? String(us.id)));
    expect(squash(pages[labels[1]!]!.text)).toContain(squash(labelled(de)[0]!.tracking_number!));
  });

  it('lists an order’s documents with URLs that download them', async () => {
    const order = (await orders()).find(
      (o) => labelled(o).length > 0 && (o.items?.length ?? 0) > 0,
    )!;
    const map = await api.get<Record<string, { url: string | null; available: boolean }>>(
      `/api/orders/${order.id}/documents/`,
    );
    expect(Object.keys(map.body).sort()).toEqual(
      ['commercial_invoice', 'packing_slip', 'pick_list', 'shipping_label'].sort(),
    );
    const slip = await api.get(map.body.packing_slip!.url!);
    expect(slip.contentType).toBe('application/pdf');
    const text = squash((await pdfPages(slip.bytes)).map((p) => p.text).join(' '));
    for (const item of order.items ?? []) expect(text).toContain(squash(item.sku));
    // The label URL needs the key like every endpoint: without one, a 401 in the API's shape.
    const url = map.body.shipping_label!.url!;
    const keyless = await fetch(url);
    expect(keyless.status).toBe(401);
    expect(await keyless.json()).toMatchObject({ code: 'not_authenticated' });
    const label = await api.get(url);
    expect(label.contentType).toBe('application/pdf');
    expect((await pdfPages(label.bytes))[0]).toMatchObject({
      width: 288,
      height: 432,
    });
    const invoice = await api.get(map.body.commercial_invoice!.url!);
    expect(invoice.status).toBe(map.body.commercial_invoice!.available ? 200 : 404);
    expect((await api.get(`/api/orders/${order.id}/documents/receipt/`)).status).toBe(404);
  });
});

describe('shipment and return labels', () => {
  it('serves each shipment label in its carrier format, base64-encoded', async () => {
    const list = await api.get<{ shipment_id: string }[]>('/api/shipping/v1/shipments/');
    const seen = new Set<string>();
    for (const s of list.body.slice(0, 80)) {
      const r = await api.get<{ format: string; image_b64: string; tracking_number: string }>(
        `/api/shipping/v1/shipments/${s.shipment_id}/label/`,
      );
      const file = Buffer.from(r.body.image_b64, 'base64');
      seen.add(r.body.format);
      if (r.body.format === 'PDF') expect(file.subarray(0, 5).toString()).toBe('%PDF-');
      if (r.body.format === 'PNG') expect(file.subarray(1, 4).toString()).toBe('PNG');
      if (r.body.format === 'GIF') expect(file.subarray(0, 6).toString()).toBe('GIF89a');
      if (r.body.format === 'ZPL') {
        const zpl = file.toString('utf8');
        expect(zpl.startsWith('^XA')).toBe(true);
        expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
        expect(zpl).toMatch(/\^BC/);
        expect(zpl).toContain(r.body.tracking_number);
      }
    }
    expect(seen.has('ZPL')).toBe(true);
    expect(seen.has('PDF')).toBe(true);
  });

  it('serves return labels in the content types the spec allows', async () => {
    const returns = await fetchAll<{ id: number; has_return_label: unknown }>(
      api,
      '/api/returns/requests/?page_size=500',
    );
    const types = new Set<string>();
    for (const ret of returns.filter((r) => r.has_return_label === true).slice(0, 40)) {
      const r = await api.get(`/api/returns/requests/${ret.id}/label/`);
      expect(r.status).toBe(200);
      types.add(r.contentType ?? '');
      if (r.contentType === 'application/pdf')
        expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      if (r.contentType === 'image/png') expect(r.bytes.subarray(1, 4).toString()).toBe('PNG');
      if (r.contentType === 'image/gif') expect(r.bytes.subarray(0, 3).toString()).toBe('GIF');
    }
    expect(
      [...types].every((t) =>
        ['application/pdf', 'image/png', 'image/gif', 'application/octet-stream'].includes(t),
      ),
    ).toBe(true);
    expect(types.size).toBeGreaterThan(1);
  });
});

describe('CSV exports', () => {
  it('exports the filtered orders with a header row and RFC 4180 quoting', async () => {
    const list = await api.get<{ count: number }>('/api/orders/?stage=cancelled');
    const r = await api.get<string>('/api/orders/export/?stage=cancelled');
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="orders-.*\.csv"/);
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(list.body.count);
    expect(rows.every((row) => ['cancelled', 'refunded'].includes(row.status ?? ''))).toBe(true);
    expect(Object.keys(rows[0] ?? {})).toContain('recipient_name');
  });

  it('round-trips values with commas, quotes and line breaks', async () => {
    const tricky = 'Smith, "Bob"\nBuilding 4';
    const created = await api.post<{ id: number }>('/api/orders/', {
      recipient_name: 'CSV Tester',
      company: tricky,
      address1: '1 Comma Street',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'GB',
    });
    const r = await api.get<string>('/api/orders/export/?q=csv%20tester');
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.id === String(created.body.id))?.company).toBe(tricky);
  });

  it('exports the filtered returns', async () => {
    const list = await api.get<{ count: number }>('/api/returns/requests/?status=open');
    const r = await api.get<string>('/api/returns/requests/export/?status=open');
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(list.body.count);
    expect(
      rows.every((row) =>
        ['REQUESTED', 'APPROVED', 'IN_TRANSIT', 'RECEIVED'].includes(row.status ?? ''),
      ),
    ).toBe(true);
  });
});
