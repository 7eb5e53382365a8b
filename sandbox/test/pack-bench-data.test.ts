/**
 * What the pack bench (issue 12) needs from the demo data, read over HTTP as the console
 * reads it: every item of an order is a catalogue product that the inventory search finds by
 * its SKU and its GTIN (what a scanner reads), held in bins at the default warehouse, with a
 * picture the sandbox serves behind the key.
 */
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Location, ProductStock, StockLevel } from '../data/types';
import { PRODUCT_IMAGE_SIZE } from '../documents/product-image';
import { type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 1, seed: 1 });

type Item = { sku: string; gtin: string | null; product_id: number; name: string };
type Order = { id: number; items: Item[] };

let items: Map<string, Item>;
let stock: Map<number, ProductStock>;
let locations: Location[];

beforeAll(async () => {
  const orders = (await api.get<Paginated<Order>>('/api/orders/?page_size=500')).body.results;
  items = new Map(orders.flatMap((o) => o.items).map((i) => [i.sku, i]));
  stock = new Map();
  for (const item of items.values()) {
    const r = await api.get<ProductStock>(`/api/inventory/${item.product_id}/`);
    expect(r.status, item.sku).toBe(200);
    stock.set(item.product_id, r.body);
  }
  locations = (await api.get<Location[]>('/api/locations/')).body;
});

const search = async (q: string) =>
  (await api.get<Paginated<StockLevel>>(`/api/inventory/?q=${encodeURIComponent(q)}`)).body.results;

describe('order items as the pack bench scans them', () => {
  it('are catalogue products: the same SKU, GTIN and name in the inventory', async () => {
    expect(items.size).toBeGreaterThan(50);
    const withGtin = [...items.values()].filter((i) => i.gtin !== null);
    expect(withGtin.length).toBeGreaterThan(items.size / 2);
    for (const item of items.values()) {
      const product = stock.get(item.product_id)!.product;
      expect(product.sku).toBe(item.sku);
      expect(product.gtin ?? null).toBe(item.gtin);
      expect(item.name).toBe(product.name);
    }
    // A scan matches through the inventory search, by SKU or by GTIN.
    for (const item of withGtin.slice(0, 25)) {
      expect((await search(item.sku)).map((s) => s.sku)).toContain(item.sku);
      const byGtin = await search(item.gtin!);
      expect(new Set(byGtin.map((s) => s.sku))).toEqual(new Set([item.sku]));
    }
  });

  it('are held in bins at the default warehouse, and in bins wherever bins exist', () => {
    const home = locations.find((l) => l.is_default)!;
    const binned = new Set(
      locations
        .filter((l) => ['warehouse', 'store', '3pl'].includes(l.location_type))
        .map((l) => l.id),
    );
    for (const { product, levels } of stock.values()) {
      const atHome = levels.find((l) => l.location?.id === home.id);
      expect(atHome, product.sku).toBeDefined();
      for (const level of levels) {
        const bins = (level.bin_breakdown ?? []).filter((b) => b.bin !== null);
        if (binned.has(level.location!.id!)) expect(bins.length, product.sku).toBeGreaterThan(0);
      }
    }
  });
});

describe('product pictures', () => {
  it('are small, deterministic PNGs served behind the key at the product’s image URL', async () => {
    const products = [...stock.values()].map((s) => s.product);
    const pictured = products.filter((p) => p.image !== '');
    expect(pictured.length).toBeGreaterThan(products.length * 0.8);
    const seen = new Map<string, string>();
    for (const product of pictured.slice(0, 12)) {
      expect(product.image).toBe(api.url(`/media/products/${product.sku}.png`));
      const r = await api.get(product.image ?? '');
      expect(r.status).toBe(200);
      expect(r.contentType).toBe('image/png');
      expect(r.bytes.length).toBeLessThan(2048);
      const png = PNG.sync.read(r.bytes);
      expect([png.width, png.height]).toEqual([PRODUCT_IMAGE_SIZE, PRODUCT_IMAGE_SIZE]);
      // Not one flat colour: a silhouette on a background.
      const colours = new Set<number>();
      for (let i = 0; i < png.data.length; i += 4) colours.add(png.data.readUInt32BE(i));
      expect(colours.size).toBeGreaterThan(1);
      const again = await api.get(product.image ?? '');
      expect(again.bytes.equals(r.bytes)).toBe(true);
      seen.set(r.bytes.toString('base64'), String(product.sku));
    }
    // Products of different kinds and colours look different.
    expect(seen.size).toBeGreaterThan(3);
    // The list carries the same absolute URL as the product view.
    const row = (await search(String(pictured[0]!.sku)))[0]!;
    expect(row.image).toBe(pictured[0]!.image);
  });

  it('a product without a picture has an empty image, and no file', async () => {
    const bare = api.sandbox().dataset.catalog.find((p) => p.image === '')!;
    const product = (await api.get<ProductStock>(`/api/inventory/${bare.id}/`)).body.product;
    expect(product.image).toBe('');
    expect((await api.get(`/media/products/${bare.sku}.png`)).status).toBe(404);
  });
});
