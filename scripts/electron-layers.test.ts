/**
 * The main process's structure as measured by electron-layers.ts: no import cycle among its
 * production files (type imports count), and no import that runs back up the layers. Biome
 * refuses a back-up import as it is typed (biome.json); this also catches a cycle, which no
 * lint rule here sees, and proves the measure itself finds what it should.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backArrow, measureElectron } from './electron-layers';

const root = resolve(import.meta.dirname, '..');

describe('electron/ layers', () => {
  it('has no import cycle and no arrow back up', () => {
    const report = measureElectron(root);
    expect(report.files).toBeGreaterThan(100);
    expect(report.cycles).toEqual([]);
    // The floor too: it imports the orders and the reviews through their index.ts.
    expect(report.backArrows).toEqual([]);
  });

  it('names what runs back up, and lets through what goes down or through an index', () => {
    expect(backArrow('kernel/handler-types.ts', 'domains/orders/orders-handlers.ts')).toMatch(
      /kernel imports nothing above it/,
    );
    expect(backArrow('kernel/api/limiter.ts', 'main/create-bridge.ts')).toBeDefined();
    expect(backArrow('domains/floor/x.ts', 'domains/orders/order-create.ts')).toMatch(/index\.ts/);
    expect(backArrow('domains/orders/x.ts', 'main/create-bridge.ts')).toMatch(/never imports main/);
    expect(backArrow('domains/floor/x.ts', 'domains/orders/index.ts')).toBeUndefined();
    expect(
      backArrow('domains/printing/service/a.ts', 'domains/printing/queue/b.ts'),
    ).toBeUndefined();
    expect(backArrow('domains/orders/x.ts', 'kernel/failure.ts')).toBeUndefined();
    expect(backArrow('main/create-bridge.ts', 'domains/orders/orders-handlers.ts')).toBeUndefined();
  });
});
