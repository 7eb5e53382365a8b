/**
 * Every contract method works against the sandbox through both transports: the Electron IPC
 * handlers (with an ipcMain stand-in, since no Electron binary exists here, and a sender frame
 * on the app's page) and the browser-mode HTTP host (real HTTP with its session token). The
 * same real bridge, the same sandbox, every method answering ok.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, type BridgeMethod } from '../../shared/contract/bridge-contract';
import { startBrowserHost } from '../browser-host';
import { channelFor } from '../ipc/channels';
import { type IpcMainLike, registerBridgeIpc } from '../ipc/register-bridge-ipc';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { MemoryKeychain } from '../kernel/settings/test-support/memory-keychain';
import { VALID_ARGS } from '../test-support/valid-args';
import { createBridge } from './create-bridge';

type Send = (
  method: BridgeMethod,
  args: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>;

const dir = mkdtempSync(join(tmpdir(), 'packbench-transports-'));
let bridge: Bridge;
let viaHttp: Send;
let viaIpc: Send;
let closeHost: () => Promise<void>;

beforeAll(async () => {
  bridge = await createBridge({
    configDir: dir,
    exportDir: dir,
    transport: 'browser',
    keyStore: new MemoryKeychain(),
    // Browser mode's roots, in this test's folder (the config root is the config folder).
    folderRoots: [
      { id: 'documents', label: 'Documents', path: join(dir, 'Documents') },
      { id: 'downloads', label: 'Downloads', path: join(dir, 'Downloads') },
      { id: 'config', label: 'Settings folder', path: dir },
    ],
    // A stand-in for the desktop app's folder dialog and file manager.
    desktop: { pickFolder: async () => dir, openFolder: async () => '', showFile: () => {} },
  });
  const host = await startBrowserHost({
    dispatcher: bridge.dispatcher,
    events: bridge.events,
    rendererDir: dir,
  });
  closeHost = host.close;
  const token = new URL(host.url).hash.replace('#token=', '');
  viaHttp = async (method, args) => {
    const r = await fetch(`${host.origin}/bridge/call/${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ args }),
    });
    return (await r.json()) as Awaited<ReturnType<Send>>;
  };
  const handlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>();
  const ipcMain = {
    handle: (channel: string, fn: (event: unknown, args: unknown) => Promise<unknown>) =>
      handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMainLike;
  registerBridgeIpc(ipcMain, bridge.dispatcher, bridge.events, { webContents: () => [] });
  const frame = { senderFrame: { url: 'app://packbench/index.html' } };
  viaIpc = async (method, args) => {
    const handler = handlers.get(channelFor(method));
    if (!handler) throw new Error(`no IPC handler for ${method}`);
    return (await handler(frame, args)) as Awaited<ReturnType<Send>>;
  };
});

afterAll(async () => {
  await closeHost?.();
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs every contract method once through `send`, with real ids; returns the failures. */
async function everyMethod(send: Send, label: string): Promise<string[]> {
  const answers = new Map<BridgeMethod, { ok: boolean; value?: unknown; error?: unknown }>();
  const run = async (method: BridgeMethod, args: unknown) => {
    const answer = await send(method, args);
    answers.set(method, answer);
    return answer.value as never;
  };
  const sandbox: { id: string } = await run('sandboxStart', {});
  await run('connectionsList', {});
  await run('connectionSelect', { id: sandbox.id });
  await run('connectionTest', { id: sandbox.id });
  const other: { id: string } = await run('connectionSave', {
    name: `Other ${label}`,
    baseUrl: 'https://api.example.com',
  });
  await run('keySet', { connectionId: other.id, apiKey: 'other-key-12345678', storage: 'session' });
  await run('keyStatus', { connectionId: other.id });
  await run('keyClear', { connectionId: other.id });
  await run('connectionRemove', { id: other.id });
  await run('settingsGet', {});
  await run('settingsUpdate', { patch: { ui: { density: 'compact' } } });
  await run('throttleState', {});
  await run('operationCancel', { operationId: 'nothing-running' });
  await run('appInfo', {});
  // The Floor view on a station with no floor: it says so.
  await run('floorOverview', {});
  // The floor (issue 29), with no floor configured: the station works alone.
  await run('floorSettingsGet', {});
  await run('floorStatus', {});
  // Pack claims with no floor: the station decides alone (floor 'none'), nothing to release.
  await run('floorPackOpen', { orderId: 1, orderName: '#1001' });
  await run('floorPackRelease', { orderId: 1 });
  await run('floorPackTouch', { orderId: 1 });
  // The floor's claim rules with no floor: read as the default; saving them says why not.
  await run('floorClaimSettingsGet', {});
  const idle = await send('floorClaimSettingsSave', { claimIdleMinutes: 20 });
  answers.set('floorClaimSettingsSave', {
    ok: !idle.ok && (idle.error as { code: string }).code === 'invalid_input',
  });
  await run('floorPackConflicts', {});
  // No floor: answered (not sorted out) with the sentence why, never a failure.
  await run('floorPackConflictResolve', { id: 1, note: '' });
  await run('floorTest', {
    host: '127.0.0.1',
    port: 1,
    database: 'floor',
    user: 'packbench',
    tls: 'off',
  });
  await run('floorSettingsSave', { connection: null });
  // The ZPL renderer's worker thread, started by this first call, answers through both.
  const drawn: { pages: { widthDots: number }[] } = await run('labelRenderZpl', {
    zpl: `^XA^FO50,50^A0N,40,40^FD${label}^FS^XZ`,
  });
  expect(drawn.pages.map((p) => p.widthDots)).toEqual([812]);

  const orders: { results: { id: number; shipments: unknown[] }[] } = await run('ordersList', {
    filters: { stage: 'shipped' },
    pageSize: 20,
  });
  const order = orders.results.find((o) => o.shipments.length > 0) ?? orders.results[0]!;
  // Folders are chosen (an id handed out), never named by path (issue 31).
  const into = async (subfolder: string): Promise<string> =>
    (
      (await run('folderChoose', { purpose: 'export', root: 'config', subfolder })) as {
        choiceId: string;
      }
    ).choiceId;
  const exports = await into(`exports-${label}`);
  await run('ordersGet', { id: order.id });
  await run('ordersCreate', {
    order: {
      recipient_name: `Transport ${label}`,
      address1: '1 Quay',
      city: 'Cork',
      postal_code: 'T12',
      country: 'IE',
    },
  });
  await run('ordersCreatePending', { reference: '00000000-0000-4000-8000-000000000031' });
  await run('ordersFacets', {});
  await run('ordersExport', { filters: { stage: 'cancelled' }, destination: exports });
  await run('ordersFetchAllIds', { filters: { stage: 'cancelled' } });
  await run('ordersDocuments', { id: order.id });
  await run('ordersDocumentDownload', { id: order.id, kind: 'packing_slip' });
  await run('ordersLabelsBatch', { orderIds: [order.id] });
  await run('ordersDocumentsBatch', {
    orderIds: [order.id],
    kinds: ['packing_slip', 'shipping_label'],
  });
  await run('ordersRefreshTracking', { id: order.id });
  await run('addressCheckGet', { orderId: order.id });
  const shipments: { shipment_id: string }[] = await run('shipmentsList', {});
  const stream: { streamId: string } = await run('shipmentsStream', {});
  await run('shipmentsStreamRead', { streamId: stream.streamId, from: 0 });
  await run('shipmentsGet', { shipmentId: shipments[0]!.shipment_id });
  await run('shipmentsLabel', { shipmentId: shipments[0]!.shipment_id });
  const events: { id: number }[] = await run('trackingEventsList', { filters: { status: 'DEL' } });
  await run('trackingEventsGet', { id: events[0]!.id });
  const eventStream: { streamId: string } = await run('trackingEventsStream', {
    filters: { status: 'DEL' },
  });
  await run('trackingEventsStreamRead', { streamId: eventStream.streamId, from: 0 });
  const returns: { results: { id: number; has_return_label: unknown }[] } = await run(
    'returnsList',
    {
      filters: { status: 'open' },
      pageSize: 100,
    },
  );
  await run('returnsGet', { id: returns.results[0]!.id });
  await run('returnsLabel', { id: returns.results.find((r) => r.has_return_label === true)!.id });
  const exported: { path: string; fileId: string } = await run('returnsExport', {
    filters: { status: 'closed' },
    destination: exports,
  });
  await run('returnsWorklist', { filters: { status: 'open' }, review: 'unreviewed' });
  await run('returnReviewSet', { returnId: returns.results[0]!.id, note: label });
  await run('returnReviewsList', {});
  await run('returnReviewClear', { returnId: returns.results[0]!.id });
  await run('returnDispositionSet', {
    returnId: returns.results[0]!.id,
    lineIndex: 0,
    sku: 'TRANSPORT-1',
    name: label,
    quantity: 1,
    received: true,
  });
  await run('returnDispositionsList', { returnIds: [returns.results[0]!.id] });
  await run('returnDispositionsExport', { destination: exports });
  await run('pulledMarkSet', {
    productId: 1,
    sku: 'TRANSPORT-1',
    locationId: 1,
    binId: null,
    binCode: '',
    batchId: 1,
    batchCode: label,
    quantity: 1,
  });
  await run('pulledMarksList', {});
  await run('filesInfo', {});
  await run('folderPick', { purpose: 'export' });
  await run('pathReveal', { fileId: exported.fileId, as: 'file' });
  await run('savedFileGet', { fileId: exported.fileId });
  await run('savedFileLink', { fileId: exported.fileId });
  const stock: {
    results: { product_id: number; sku: string; image: string; location: { id: number } }[];
  } = await run('inventoryList', {
    filters: { low_stock: true },
  });
  await run('inventoryGet', { productId: stock.results[0]!.product_id });
  const pictured = stock.results.find((s) => s.image !== '')!;
  await run('productImage', { url: pictured.image });
  await run('packLogRecord', {
    orderId: order.id,
    orderName: `#${label}`,
    lines: [{ sku: pictured.sku, qty: 1, scanned: 1, byHand: 0 }],
  });
  await run('packLogPrinted', {
    orderId: order.id,
    printed: [
      {
        kind: 'packing_slip',
        printer: 'Save to folder',
        jobId: 'job-1',
        at: new Date().toISOString(),
      },
    ],
  });
  await run('packLogList', { orderIds: [order.id] });
  await run('orderIndexRefresh', {});
  await run('orderIndexFind', { code: '5200002968530' });
  await run('orderIndexStatus', {});
  await run('orderIndexStop', {});
  await run('printPrefetch', { orderId: order.id, kinds: ['packing_slip'] });
  await run('inventoryLocationStock', {});
  await run('inventoryCount', { filters: { out_of_stock: true } });
  const walk: { at: string } = await run('inventoryExceptions', {});
  // The walk just made is kept in the connection's local store for the next launch.
  const kept: { kept: { at: string } | null } = await run('inventoryExceptionsKept', {});
  expect(kept.kept?.at).toBe(walk.at);
  // The board's counts as a small record of their own, read back as kept.
  const board = {
    at: walk.at,
    days: 30,
    rows: [
      {
        location: null,
        counts: { onHand: 5, low: 1, out: 0, expiring: 2, expired: 0, voluntary: 0, mandatory: 1 },
      },
    ],
  };
  await run('inventoryBoardKeep', { board });
  const keptBoard: { board: unknown } = await run('inventoryBoardKept', {});
  expect(keptBoard.board).toEqual(board);
  await run('inventoryReorder', { location: stock.results[0]!.location.id });
  await run('inventorySortedPage', {
    filters: { location: stock.results[0]!.location.id },
    sort: { column: 'available', desc: true },
    pageSize: 5,
  });
  await run('inventoryExport', {
    filters: { location: stock.results[0]!.location.id },
    destination: exports,
  });
  await run('tableExport', {
    name: 'recalls',
    header: ['batch', 'units'],
    rows: [['B-1', 4]],
    destination: exports,
  });
  await run('locationsList', {});
  await run('locationsGet', { id: stock.results[0]!.location.id });

  // Printing, to Save to folder: every printing method, including a job that fails (its folder
  // cannot be made: a file is in the way) and is retried and cancelled.
  const printed = join(dir, `printed-${label}`);
  mkdirSync(printed);
  const toFolder = { printerId: 'save-to-folder' };
  await run('settingsUpdate', {
    patch: { printing: { folder: await into(`printed-${label}`) } },
  });
  await run('printersList', { refresh: true });
  const labels: { jobs: { id: string }[] } = await run('printOrderLabels', {
    orderIds: [order.id],
    override: toFolder,
  });
  const labelJob = labels.jobs[0]!.id;
  await expect
    .poll(async () => {
      const list = await send('printJobsList', {});
      return (list.value as { jobs: { id: string; state: string }[] }).jobs.find(
        (j) => j.id === labelJob,
      )?.state;
    })
    .toBe('sent');
  // The pack's last unit: the slip printed (routed to the folder above) and the log in one go.
  const completed: { record: { printed: { kind: string }[] } | null } = await run('packComplete', {
    orderId: order.id,
    orderName: `#${label}`,
    lines: [{ sku: pictured.sku, qty: 1, scanned: 1, byHand: 0 }],
    print: { label: false, packingSlip: true },
  });
  expect(completed.record?.printed.map((p) => p.kind)).toEqual(['packing_slip']);
  await run('printJobOrders', { jobId: labelJob });
  await run('printedMarksList', { orderIds: [order.id] });
  await run('printJobReprintLabel', { jobId: labelJob, orderId: order.id });
  await run('printBatchesInterrupted', {});
  // A batch this connection never had: resuming or dismissing it is a typed refusal.
  for (const method of ['printBatchResume', 'printBatchDismiss'] as const) {
    const refused = await send(method, { batchId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e' });
    answers.set(method, {
      ok: !refused.ok && (refused.error as { code: string }).code === 'print_refused',
    });
  }
  // Nor settle its "may have printed" orders: refused in words, nothing marked.
  const unsettled = await send('printBatchSettle', {
    batchId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e',
    orderIds: [order.id],
    mayHavePrinted: 'printed',
  });
  answers.set('printBatchSettle', {
    ok: !unsettled.ok && (unsettled.error as { code: string }).code === 'print_refused',
  });
  await run('printOrderDocuments', {
    orderIds: [order.id],
    kinds: ['packing_slip'],
    override: toFolder,
  });
  await run('printShipmentLabel', { shipmentId: shipments[0]!.shipment_id, override: toFolder });
  await run('printReturnLabel', {
    returnId: returns.results.find((r) => r.has_return_label === true)!.id,
    override: toFolder,
  });
  writeFileSync(join(printed, 'not-a-folder'), '');
  await run('settingsUpdate', {
    patch: { printing: { folder: await into(`printed-${label}/not-a-folder/gone`) } },
  });
  const doomed: { jobs: { id: string }[] } = await run('printTestPage', {
    kind: 'packing_slip',
    override: toFolder,
  });
  const jobId = doomed.jobs[0]!.id;
  const stateOf = async () => {
    const list = await send('printJobsList', {});
    return (list.value as { jobs: { id: string; state: string }[] }).jobs.find(
      (j) => j.id === jobId,
    )?.state;
  };
  await expect.poll(stateOf).toBe('failed');
  await run('printJobsList', {});
  await run('printJobRetry', { jobId });
  await expect.poll(stateOf).toBe('failed');
  await run('printJobCancel', { jobId });
  await run('printJobReprint', { jobId, printerId: 'save-to-folder' });
  // Only an interrupted job can be resolved: here the answer is a typed refusal, not a crash.
  const resolve = await send('printJobResolve', { jobId, decision: 'done' });
  answers.set('printJobResolve', {
    ok: !resolve.ok && (resolve.error as { code: string }).code === 'print_refused',
  });
  // Only a held job (a restart's floor batch job) can be sent with "Print anyway": the same.
  const sendHeld = await send('printJobSendHeld', { jobId });
  answers.set('printJobSendHeld', {
    ok: !sendHeld.ok && (sendHeld.error as { code: string }).code === 'print_refused',
  });

  // A method the walk above does not call is called with its domain's sample (a local method
  // usually answers it as it is); one that needs real ids gets a line above instead.
  for (const method of BRIDGE_METHODS.filter((m) => !answers.has(m))) {
    await run(method, VALID_ARGS[method]);
  }
  const missing = BRIDGE_METHODS.filter((m) => !answers.has(m));
  const failed = [...answers]
    .filter(([, a]) => !a.ok)
    .map(([m, a]) => `${m}: ${JSON.stringify(a.error)}`);
  return [...missing.map((m) => `${m}: not called`), ...failed];
}

// Every method of the contract in turn (over 150): 5 s on a quiet machine, 11 s at load 10 and
// past 30 s at load 30. The limit guards a hang; it does not judge the machine.
describe('every contract method against the sandbox', { timeout: 180_000 }, () => {
  it('works through the browser-mode HTTP host', async () => {
    expect(await everyMethod(viaHttp, 'http')).toEqual([]);
  });

  it('works through the Electron IPC handlers', async () => {
    expect(await everyMethod(viaIpc, 'ipc')).toEqual([]);
  });
});
