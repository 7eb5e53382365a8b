import { describe, expect, it } from 'vitest';
import { buildCatalog, ean13CheckDigit, isPerishable, productCategory } from './catalog';

const now = new Date('2026-03-01T00:00:00Z');

describe('buildCatalog', () => {
  it('is deterministic per seed', () => {
    const a = JSON.stringify(buildCatalog({ seed: 1, scale: 1, now }));
    expect(JSON.stringify(buildCatalog({ seed: 1, scale: 1, now }))).toBe(a);
    expect(JSON.stringify(buildCatalog({ seed: 2, scale: 1, now }))).not.toBe(a);
  });

  it('scales the product count, with a floor of 30', () => {
    expect(buildCatalog({ seed: 1, scale: 1, now })).toHaveLength(150);
    expect(buildCatalog({ seed: 1, scale: 0.01, now })).toHaveLength(30);
    const t0 = performance.now();
    const big = buildCatalog({ seed: 1, scale: 100, now });
    console.log(
      `catalog scale 100: ${big.length} products in ${(performance.now() - t0).toFixed(0)} ms`,
    );
    expect(big).toHaveLength(15_000);
    expect(new Set(big.map((p) => p.sku)).size).toBe(15_000);
    const gtins = big.flatMap((p) => (p.gtin ? [p.gtin] : []));
    expect(new Set(gtins).size).toBe(gtins.length);
  });

  it('holds well-formed, varied products', () => {
    const catalog = buildCatalog({ seed: 1, scale: 1, now });
    catalog.forEach((p, i) => {
      expect(p.id).toBe(i + 1);
      expect(p.sku).toMatch(/^[A-Z]{3}(-[A-Z0-9-]+)?-\d{4,}$/);
      expect(p.unit_price).toMatch(/^\d{1,6}\.\d{2}$/);
      expect(p.weight_kg).toBeGreaterThan(0);
      expect(p.name.length).toBeLessThanOrEqual(200);
      if (p.gtin !== null) {
        expect(p.gtin).toMatch(/^\d{13}$/);
        expect(Number(p.gtin[12])).toBe(ean13CheckDigit(p.gtin.slice(0, 12)));
      }
      if (p.image !== '') expect(p.image).toBe(`/media/products/${p.sku}.png`);
    });
    expect(catalog.some((p) => p.gtin === null)).toBe(true);
    expect(catalog.some((p) => p.brand === null)).toBe(true);
    expect(catalog.some((p) => p.image === '')).toBe(true);
    expect(catalog.some((p) => p.is_kit)).toBe(true);
    expect(catalog.some((p) => isPerishable(p))).toBe(true);
    expect(catalog.some((p) => !isPerishable(p))).toBe(true);
    expect(new Set(catalog.map((p) => productCategory(p))).size).toBe(7);
    expect(catalog.some((p) => /^TSH-[A-Z]{3}-(XS|S|M|L|XL|XXL)-\d{4}$/.test(p.sku))).toBe(true);
  });

  it('computes EAN-13 check digits', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('501234567890')).toBe(0);
  });
});
