import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../catalog';
import type { DatasetOptions } from '../types';
import { buildInventory, EXPIRING_SOON_DAYS } from '.';

const now = new Date('2026-03-01T00:00:00Z');
const opts: DatasetOptions = { seed: 1, scale: 1, now };
const catalog = buildCatalog(opts);
const inventory = buildInventory(opts, catalog);
const DAY = 86_400_000;

function snapshot(seed: number): string {
  const o = { ...opts, seed };
  const inv = buildInventory(o, buildCatalog(o));
  const products = Array.from({ length: 20 }, (_, i) => inv.product(i + 1));
  return JSON.stringify([inv.locations, inv.levels, inv.locationStock(), products]);
}

describe('buildInventory', () => {
  it('is deterministic per seed', () => {
    const a = snapshot(1);
    expect(snapshot(1)).toBe(a);
    expect(snapshot(2)).not.toBe(a);
  });

  it('has a fixed set of varied locations', () => {
    const { locations } = inventory;
    expect(locations.map((l) => l.id)).toEqual(
      [...locations.map((l) => l.id)].sort((a, b) => a - b),
    );
    expect(new Set(locations.map((l) => l.location_type))).toEqual(
      new Set(['warehouse', 'store', '3pl', 'dropship', 'transit', 'virtual']),
    );
    expect(locations.filter((l) => l.is_default)).toHaveLength(1);
    expect(new Set(locations.map((l) => l.country)).size).toBeGreaterThanOrEqual(5);
    expect(locations.some((l) => l.geo === null)).toBe(true);
    expect(locations.some((l) => l.floor_area_m2 === null)).toBe(true);
    expect(locations.some((l) => l.storage_type === '')).toBe(true);
    expect(locations.some((l) => l.temperature_zone === '')).toBe(true);
    expect(locations.some((l) => l.is_active === false)).toBe(true);
    for (const l of locations) {
      expect(l.created_at <= l.updated_at).toBe(true);
      expect(l.updated_at <= now.toISOString()).toBe(true);
      if (l.floor_area_m2 !== null) expect(l.floor_area_m2).toMatch(/^\d{1,8}\.\d{2}$/);
    }
    const other = buildInventory(
      { seed: 9, scale: 0.2, now },
      buildCatalog({ seed: 9, scale: 0.2, now }),
    );
    expect(other.locations).toEqual(locations);
  });

  it('stocks every product at 2–5 locations, sorted by SKU then location', () => {
    const perProduct = new Map<number, number>();
    for (const row of inventory.levels)
      perProduct.set(row.product_id, (perProduct.get(row.product_id) ?? 0) + 1);
    expect(perProduct.size).toBe(catalog.length);
    for (const n of perProduct.values()) expect(n).toBeGreaterThanOrEqual(2);
    for (const n of perProduct.values()) expect(n).toBeLessThanOrEqual(5);
    for (let i = 1; i < inventory.levels.length; i++) {
      const a = inventory.levels[i - 1]!;
      const b = inventory.levels[i]!;
      expect(a.sku < b.sku || (a.sku === b.sku && a.location.id! < b.location.id!)).toBe(true);
    }
  });

  it('keeps every row consistent', () => {
    const soon = now.getTime() + EXPIRING_SOON_DAYS * DAY;
    for (const row of inventory.levels) {
      expect(row.available).toBe(row.on_hand - row.committed - row.reserved);
      expect(row.on_hand).toBeGreaterThanOrEqual(0);
      expect(row.ppwr_grade).toBe('');
      expect(row.reorder_point_source === '').toBe(row.reorder_point === null);
      expect(['A', 'B', 'C']).toContain(row.abc_class);
      const status =
        row.available <= 0
          ? 'out_of_stock'
          : row.reorder_point !== null && row.available <= row.reorder_point
            ? 'low_stock'
            : 'in_stock';
      expect(row.stock_status).toBe(status);
      // Expiring soon: a batch from now to 30 days on; an expired batch is not "expiring".
      const upcoming = inventory.upcomingExpiry(row);
      expect(row.expiring_soon).toBe(upcoming !== null && upcoming <= soon);
      if (upcoming !== null) expect(upcoming).toBeGreaterThanOrEqual(now.getTime());
      if (upcoming !== null) expect(Date.parse(row.earliest_expiry!)).toBeLessThanOrEqual(upcoming);
      if (row.batch_count === 0) expect(row.earliest_expiry).toBeNull();
    }
  });

  it('has the rows the filters look for', () => {
    const rows = inventory.levels;
    const within = (days: number) =>
      rows.filter(
        (r) =>
          r.earliest_expiry !== null && Date.parse(r.earliest_expiry) <= now.getTime() + days * DAY,
      );
    const low = rows.filter(
      (r) => r.reorder_point !== null && r.available <= r.reorder_point && r.available > 0,
    );
    const out = rows.filter((r) => r.available <= 0);
    console.log(
      `inventory scale 1: ${rows.length} rows, ${low.length} low, ${out.length} out, ${within(7).length} ≤7 d, ${within(30).length} ≤30 d`,
    );
    expect(low.length).toBeGreaterThan(5);
    expect(out.length).toBeGreaterThan(5);
    expect(out.some((r) => r.available < 0)).toBe(true);
    expect(within(7).length).toBeGreaterThan(0);
    expect(within(30).length).toBeGreaterThan(within(7).length);
    expect(
      rows.some((r) => r.earliest_expiry !== null && Date.parse(r.earliest_expiry) < now.getTime()),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.recall))).toEqual(new Set([null, 'voluntary', 'mandatory']));
    expect(rows.some((r) => r.reorder_point_source === 'auto')).toBe(true);
    expect(rows.some((r) => r.reorder_point_source === 'manual')).toBe(true);
    expect(rows.some((r) => r.last_counted_at === null)).toBe(true);
    expect(rows.some((r) => r.batch_count > 0 && r.earliest_expiry === null)).toBe(true);
  });

  it('builds per-product views that agree with the list', () => {
    for (const product of catalog) {
      const view = inventory.product(product.id)!;
      const rows = inventory.levels.filter((r) => r.product_id === product.id);
      expect(view.product.sku).toBe(product.sku);
      expect(view.product.ppwr_grade).toBe('');
      expect(view.levels.map((l) => l.location!.id)).toEqual(rows.map((r) => r.location.id));
      const recalls = new Set<string>();
      view.levels.forEach((level, i) => {
        const row = rows[i]!;
        expect(level.on_hand_total).toBe(row.on_hand);
        expect(level.committed_total).toBe(row.committed);
        expect(level.reserved_total).toBe(row.reserved);
        expect(level.available_total).toBe(row.available);
        expect(level.reorder_point).toBe(row.reorder_point);
        const bins = level.bin_breakdown!;
        expect(bins.length).toBeGreaterThan(0);
        const sum = (k: 'on_hand' | 'committed' | 'reserved' | 'available') =>
          bins.reduce((s, b) => s + b[k]!, 0);
        expect(sum('on_hand')).toBe(row.on_hand);
        expect(sum('committed')).toBe(row.committed);
        expect(sum('reserved')).toBe(row.reserved);
        expect(sum('available')).toBe(row.available);
        for (const b of bins) expect(b.available).toBe(b.on_hand! - b.committed! - b.reserved!);
        const batches = level.batch_breakdown!;
        expect(batches).toHaveLength(row.batch_count);
        expect(batches[0]?.batch?.expires_at ?? null).toBe(row.earliest_expiry);
        if (batches.length > 0)
          expect(batches.reduce((s, b) => s + b.on_hand!, 0)).toBe(row.on_hand);
        for (let j = 0; j < batches.length; j++) {
          const b = batches[j]!;
          expect(b.on_hand).toBeGreaterThan(0);
          expect(b.available).toBe(b.on_hand! - b.committed!);
          const next = batches[j + 1]?.batch?.expires_at;
          if (next) expect((b.batch!.expires_at ?? '9') <= next).toBe(true);
          const expiry = b.batch!.expires_at;
          if (expiry)
            expect(b.batch!.days_until_expiry).toBe(
              Math.floor((Date.parse(expiry) - now.getTime()) / DAY),
            );
          if (b.batch!.recall_state === 'voluntary' || b.batch!.recall_state === 'mandatory') {
            recalls.add(b.batch!.recall_state);
          }
        }
      });
      const strictest = recalls.has('mandatory')
        ? 'mandatory'
        : recalls.has('voluntary')
          ? 'voluntary'
          : null;
      expect(view.product.recall).toBe(strictest);
      for (const row of rows) expect(row.recall).toBe(strictest);

      const moves = view.movements_recent;
      expect(moves.length).toBeGreaterThanOrEqual(5);
      expect(moves.length).toBeLessThanOrEqual(20);
      const codes = new Set(view.levels.map((l) => l.location!.code));
      for (let j = 0; j < moves.length; j++) {
        const m = moves[j]!;
        if (j > 0) expect(m.occurred_at! <= moves[j - 1]!.occurred_at!).toBe(true);
        expect(codes.has(m.location_code!)).toBe(true);
        expect(m.occurred_at! < now.toISOString()).toBe(true);
      }
    }
  });

  it('answers undefined for unknown products', () => {
    for (const id of [0, -1, 1.5, catalog.length + 1, 9_999_999, Number.NaN]) {
      expect(inventory.product(id)).toBeUndefined();
    }
  });

  it('totals each location consistently with the rows and movements', () => {
    const { results } = inventory.locationStock();
    expect(results!.map((r) => r.location_id)).toEqual(inventory.locations.map((l) => l.id));
    const latest = new Map<string, string>();
    for (const product of catalog) {
      for (const m of inventory.product(product.id)!.movements_recent) {
        const seen = latest.get(m.location_code!);
        if (!seen || m.occurred_at! > seen) latest.set(m.location_code!, m.occurred_at!);
      }
    }
    for (const total of results!) {
      const rows = inventory.levels.filter((r) => r.location.id === total.location_id);
      expect(total.units_on_hand).toBe(rows.reduce((s, r) => s + r.on_hand, 0));
      expect(total.sku_count).toBe(rows.filter((r) => r.on_hand > 0).length);
      const code = inventory.locations.find((l) => l.id === total.location_id)!.code;
      expect(total.last_movement_at).toBe(latest.get(code) ?? null);
    }
    expect(results!.some((r) => r.units_on_hand === 0 && r.last_movement_at === null)).toBe(true);
    // A copy: changing it leaves the dataset alone.
    results![0]!.units_on_hand = -1;
    expect(inventory.locationStock().results![0]!.units_on_hand).not.toBe(-1);
  });

  it('builds scale 100 in reasonable time and memory', () => {
    const big: DatasetOptions = { seed: 3, scale: 100, now };
    const products = buildCatalog(big);
    const heap = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const inv = buildInventory(big, products);
    const ms = performance.now() - t0;
    const mb = (process.memoryUsage().heapUsed - heap) / 1e6;
    const t1 = performance.now();
    for (let id = 1; id <= 1000; id++) inv.product(id);
    console.log(
      `inventory scale 100: ${inv.levels.length} rows in ${ms.toFixed(0)} ms (~${mb.toFixed(0)} MB heap growth); 1000 product() in ${(performance.now() - t1).toFixed(0)} ms`,
    );
    expect(inv.levels.length).toBeGreaterThan(45_000);
    expect(inv.levels.length).toBeLessThan(65_000);
  });
});
