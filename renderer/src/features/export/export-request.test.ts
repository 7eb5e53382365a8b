// @vitest-environment jsdom
/**
 * An export's call: the view's arguments, the folder only when one was chosen, and the
 * operation id only for the exports that report progress under it (the table export's schema
 * is strict: an extra key would be refused).
 */
import { describe, expect, it, vi } from 'vitest';
import { ok, stubClient } from '../../test-support/stub-bridge';
import { callExport } from './export-request';

const written = { path: '/tmp/x.csv', rows: 2, bytes: 10, fileId: 'file-AAAAAAAAAAAAAAAAAAAAAAAA' };

describe('callExport', () => {
  it('adds the folder and the operation id to a paged export', async () => {
    const inventoryExport = vi.fn(ok(written));
    const client = stubClient({ inventoryExport });
    const filters = { low_stock: true };
    await callExport(
      client,
      { method: 'inventoryExport', args: { filters } },
      'folder-AAAAAAAAAAAAAAAAAAAAAAAA',
      'op-1',
    );
    expect(inventoryExport).toHaveBeenCalledWith({
      filters,
      destination: 'folder-AAAAAAAAAAAAAAAAAAAAAAAA',
      operationId: 'op-1',
    });
  });

  it('leaves the folder out when none was chosen, and the operation id out of a table', async () => {
    const tableExport = vi.fn(ok(written));
    const client = stubClient({ tableExport });
    const table = { name: 'recalls' as const, header: ['Batch'], rows: [['B1']] };
    await callExport(client, { method: 'tableExport', args: table }, undefined, 'op-2');
    expect(tableExport).toHaveBeenCalledWith(table);
  });

  it('rejects with the bridge’s error', async () => {
    const client = stubClient({
      ordersExport: vi.fn(async () => ({
        ok: false as const,
        error: { code: 'not_found' as const, message: 'The folder does not exist.' },
      })),
    });
    await expect(
      callExport(client, { method: 'ordersExport', args: { filters: {} } }, '/nope', 'op-3'),
    ).rejects.toThrow('The folder does not exist.');
  });
});
