/**
 * Dispositions and pulled marks survive a crash, for real: a console process (scripts/
 * console.ts in browser mode on its embedded sandbox, started by the browser suites' own
 * helper) records them over HTTP; once each call has answered, the process group is killed
 * with SIGKILL; a new console on the same settings folder lists them, and its dispositions
 * CSV, read back with csv-parse, holds every line as recorded.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { type Started, startUntilLine } from '../e2e/support/child-process';

const roots: string[] = [];
const running = new Set<Started>();
afterAll(async () => {
  for (const r of running) await r.stop();
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** A console on `configDir` and a caller of its bridge over HTTP (with its session token). */
async function startConsole(configDir: string, exportDir: string) {
  const started = await startUntilLine(
    ['scripts/console.ts', '--browser', '--port', '0', '--config-dir', configDir],
    /Packbench console: (http:\/\/\S+)/,
    { env: { PACKBENCH_EXPORT_DIR: exportDir }, timeoutMs: 180_000 },
  );
  running.add(started);
  const url = new URL(started.match[1]!);
  const token = url.hash.replace('#token=', '');
  // biome-ignore lint/suspicious/noExplicitAny: the test reads results loosely.
  const call = async (method: string, args: unknown = {}): Promise<any> => {
    const r = await fetch(`${url.origin}/bridge/call/${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ args }),
    });
    const answer = (await r.json()) as { ok: boolean; value?: unknown; error?: unknown };
    if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.value;
  };
  return {
    call,
    kill: async () => {
      await started.kill();
      running.delete(started);
    },
    stop: async () => {
      await started.stop();
      running.delete(started);
    },
  };
}

describe('dispositions and pulled marks across kill -9', () => {
  it('keeps every answered record and exports them for the ERP', async () => {
    const root = await mkdtemp(join(tmpdir(), 'packbench-action-kill-'));
    roots.push(root);
    const configDir = join(root, 'config');
    const exportDir = join(root, 'exports');

    const first = await startConsole(configDir, exportDir);
    const page = await first.call('returnsList', { filters: { status: 'open' }, pageSize: 3 });
    const returns = page.results as { id: number; rma_number: string }[];
    expect(returns.length).toBe(3);
    const recorded = returns.map((r, i) => ({
      returnId: r.id,
      rmaNumber: r.rma_number,
      lineIndex: 0,
      sku: `SKU-${i}`,
      name: `Line ${i}`,
      quantity: i + 1,
      received: true,
      condition: (['new', 'opened', 'damaged'] as const)[i],
      action: i === 2 ? 'write_off' : 'restock',
      recordedBy: 'Ana at desk 2',
    }));
    for (const d of recorded) await first.call('returnDispositionSet', d);
    // A later change of one part keeps the others.
    await first.call('returnDispositionSet', {
      ...recorded[0],
      action: undefined,
      condition: 'opened',
    });
    const pulled = await first.call('pulledMarkSet', {
      productId: 11,
      sku: 'COF-0088',
      locationId: 0,
      binId: 3,
      binCode: 'A-01-03',
      batchId: 42,
      batchCode: 'L-2026-11',
      quantity: 9,
      pulledBy: 'Sam',
    });
    expect(pulled.mark).toMatchObject({ quantity: 9, pulledBy: 'Sam' });
    await first.kill();

    const second = await startConsole(configDir, exportDir);
    const { dispositions } = await second.call('returnDispositionsList', {});
    expect(
      dispositions.map((d: Record<string, unknown>) => [d.returnId, d.condition, d.action]),
    ).toEqual(
      [
        [returns[0]!.id, 'opened', 'restock'],
        [returns[1]!.id, 'opened', 'restock'],
        [returns[2]!.id, 'damaged', 'write_off'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const { marks } = await second.call('pulledMarksList');
    expect(marks).toEqual([
      expect.objectContaining({ locationId: 0, binCode: 'A-01-03', batchId: 42, quantity: 9 }),
    ]);

    const exported = await second.call('returnDispositionsExport', {});
    expect(exported.path.startsWith(exportDir)).toBe(true);
    const rows = parse(await readFile(exported.path, 'utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    for (const d of recorded) {
      const row = rows.find((r) => r.rma_number === d.rmaNumber)!;
      expect(row).toMatchObject({
        return_id: String(d.returnId),
        line: '1',
        sku: d.sku,
        quantity: String(d.quantity),
        received: 'yes',
        recorded_by: 'Ana at desk 2',
      });
      expect(Number.isNaN(Date.parse(row.recorded_at ?? ''))).toBe(false);
    }
    await second.stop();
  }, 400_000);
});
