/**
 * Every selected order accounted for, through the whole bridge against the sandbox over HTTP,
 * printing to Save to folder: a 500-order "select all matching" batch with orders that have no
 * label (named, as the grid names them), the pages of the PDF against the labels expected, one
 * order's label reprinted alone out of the batch job, orders the bridge has not seen (one GET
 * each, counted), an unknown order, and a batch stopped by a failing API.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { ResultOf } from '@shared/contract/bridge-contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../sandbox/server/start';
import { pdfPages, squash } from '../../../../sandbox/test/support/pdf-text';
import { jobReaches, openRig, type Rig } from '../../../test-support/printing-rig';

const KEY = 'batch-accounting-key-1234';
let sandbox: RunningSandbox;

interface Truth {
  id: number;
  name: string;
  tracking: string[];
}

/** The orders as the sandbox has them, read directly (not through the bridge). */
async function truthOf(ids: readonly number[]): Promise<Truth[]> {
  const out: Truth[] = [];
  for (const id of ids) {
    const r = await fetch(`${sandbox.url}/api/orders/${id}/`, { headers: { 'X-API-Key': KEY } });
    const o = (await r.json()) as {
      id: number;
      order_name?: string | null;
      shipments: { label_url?: string | null; tracking_number?: string | null }[];
    };
    out.push({
      id: o.id,
      name: o.order_name?.trim() || `Order ${o.id}`,
      tracking: o.shipments.filter((s) => s.label_url).map((s) => s.tracking_number ?? ''),
    });
  }
  return out;
}

/** A bridge whose every request to the API is seen: counts GETs of single orders. */
async function countingRig(
  options: Parameters<typeof openRig>[0] = {},
  afterLabels?: (n: number) => void,
) {
  const orderGets: string[] = [];
  let labelRequests = 0;
  const rig = await openRig(
    {
      // A failing API's retries pause a few ms, not 250 ms to 8 s each (the test of a batch
      // the API stops answering waited out four real back-offs per request).
      apiRetryDelays: { minRetryDelayMs: 1, maxRetryDelayMs: 5 },
      ...options,
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const path = new URL(url).pathname;
        if (/\/api\/orders\/\d+\/$/.test(path)) orderGets.push(url);
        const answer = await fetch(input, init);
        // Before the bridge sees the answer: a fault set here hits every later request.
        if (path.endsWith('/labels-batch/')) afterLabels?.(++labelRequests);
        return answer;
      },
    },
    { url: sandbox.url, key: KEY },
  );
  return { rig, orderGets };
}

const rigs: Rig[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0 });
});
afterAll(async () => {
  for (const rig of rigs) {
    await rig.bridge.close();
    rmSync(rig.dir, { recursive: true, force: true });
  }
  await sandbox?.close();
});

describe('a 500-order labels batch, as "select all matching" starts it', () => {
  let rig: Rig;
  let orderGets: string[];
  let truth: Truth[];
  let outcome: ResultOf<'printOrderLabels'>;

  it('lists the orders without a label by name, and asks the API nothing it was just told', async () => {
    ({ rig, orderGets } = await countingRig({ printing: { useCups: false } }));
    rigs.push(rig);
    const all = await rig.call('ordersFetchAllIds', {});
    const ids = all.ids.slice(0, 500);
    truth = await truthOf(ids);
    const without = truth.filter((o) => o.tracking.length === 0);
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(500);

    outcome = await rig.call('printOrderLabels', {
      orderIds: ids,
      override: { printerId: 'save-to-folder' },
    });
    const result = outcome;
    expect(orderGets).toEqual([]);
    expect(result.skipped).toEqual([
      {
        cause: 'no_label',
        reason: 'No shipping label.',
        orderIds: without.map((o) => o.id),
        orders: without.map((o) => ({ id: o.id, name: o.name })),
      },
    ]);
    expect(result.batch).toMatchObject({
      selected: 500,
      queued: 500 - without.length,
      skipped: without.length,
      notReached: 0,
      state: 'finished',
    });
    expect(result.jobs).toHaveLength(1);
    const labels = truth.flatMap((o) => o.tracking);
    expect(result.jobs[0]?.title).toBe(
      `${labels.length} labels: ${truth.find((o) => o.tracking.length)?.name} … ${truth.findLast((o) => o.tracking.length)?.name}`,
    );

    // The pages that came are the labels expected, in the selected order.
    const sent = await jobReaches(rig, result.jobs[0]!.id, ['sent', 'failed']);
    expect(sent).toMatchObject({
      state: 'sent',
      pages: { expected: labels.length, received: labels.length },
    });
    const pages = await pdfPages(readFileSync(sent.externalId!));
    expect(pages.map((p) => labels.findIndex((t) => squash(p.text).includes(t)))).toEqual(
      labels.map((_, i) => i),
    );
  });

  it('reprints one order’s labels alone, out of the batch job, marked as a reprint', async () => {
    const job = outcome.jobs[0]!;
    const listed = await rig.call('printJobOrders', { jobId: job.id });
    const printed = truth.filter((o) => o.tracking.length > 0);
    expect(listed.matched).toBe(true);
    expect(listed.orders.map((o) => [o.name, o.labels])).toEqual(
      printed.map((o) => [o.name, o.tracking.length]),
    );
    // An order with two labels if there is one, to show both come out.
    const pick = printed.find((o) => o.tracking.length > 1) ?? printed[7]!;
    const copy = await rig.call('printJobReprintLabel', { jobId: job.id, orderId: pick.id });
    expect(copy).toMatchObject({
      reprintOf: job.id,
      title: `${pick.tracking.length === 1 ? 'Label' : `${pick.tracking.length} labels:`} ${pick.name} (reprint)`,
      orderCount: 1,
    });
    const done = await jobReaches(rig, copy.id, ['sent', 'failed']);
    const pages = await pdfPages(readFileSync(done.externalId!));
    expect(pages.map((p) => pick.tracking.find((t) => squash(p.text).includes(t)))).toEqual(
      pick.tracking,
    );
    const skippedOne = truth.find((o) => o.tracking.length === 0)!;
    const refused = await rig.attempt('printJobReprintLabel', {
      jobId: job.id,
      orderId: skippedOne.id,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'print_refused' } });
  });
});

describe('orders the bridge has not seen', () => {
  it('asks for each once, and names an order the API does not know', async () => {
    const { rig, orderGets } = await countingRig({ printing: { useCups: false, chunkSize: 5 } });
    rigs.push(rig);
    const page = await fetch(`${sandbox.url}/api/orders/?stage=labels&page_size=12`, {
      headers: { 'X-API-Key': KEY },
    });
    const ids = ((await page.json()) as { results: { id: number }[] }).results.map((o) => o.id);
    const truth = await truthOf(ids);
    const outcome = await rig.call('printOrderLabels', {
      orderIds: [...ids.slice(0, 6), 99_999_999, ...ids.slice(6)],
      override: { printerId: 'save-to-folder' },
    });
    expect(orderGets).toHaveLength(13);
    expect(outcome.skipped).toEqual([
      {
        cause: 'not_found',
        reason: 'Not found: the API has no such order.',
        orderIds: [99_999_999],
        orders: [{ id: 99_999_999, name: 'Order 99999999' }],
      },
    ]);
    expect(outcome.jobs.map((j) => j.orderCount)).toEqual([5, 5, 2]);
    expect(outcome.jobs[0]?.title).toMatch(new RegExp(`: ${truth[0]!.name} … ${truth[4]!.name}$`));
  });
});

describe('a batch the API stops answering', () => {
  it('keeps what was queued, lists the rest by name, and prints exactly the rest later', async () => {
    // The first labels request is answered; from then on every request fails.
    const { rig } = await countingRig(
      { printing: { useCups: false, chunkSize: 2, window: 1 } },
      (n) => {
        if (n === 1) sandbox.faults.set({ error5xx: 1 });
      },
    );
    rigs.push(rig);
    const page = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 8 });
    const ids = page.results.map((o) => o.id);
    const named = page.results.map((o) => ({
      id: o.id,
      name: o.order_name?.trim() || `Order ${o.id}`,
    }));
    let outcome: ResultOf<'printOrderLabels'>;
    try {
      outcome = await rig.call('printOrderLabels', {
        orderIds: ids,
        override: { printerId: 'save-to-folder' },
      });
    } finally {
      sandbox.faults.set({});
    }
    expect(outcome.batch).toMatchObject({
      state: 'stopped',
      selected: 8,
      queued: 2,
      notReached: 6,
    });
    expect(outcome.skipped).toEqual([
      {
        cause: 'not_reached',
        reason: expect.stringMatching(/^Not printed: /),
        orderIds: ids.slice(2),
        orders: named.slice(2),
      },
    ]);
    const first = await jobReaches(rig, outcome.jobs[0]!.id, ['sent']);
    const count = await PDFDocument.load(readFileSync(first.externalId!));
    expect(count.getPageCount()).toBe(first.pages?.expected);

    // After restart or later: the batch is listed with the orders not reached, by name.
    const { batches } = await rig.call('printBatchesInterrupted', {});
    expect(batches).toEqual([
      expect.objectContaining({
        id: outcome.batch!.id,
        state: 'stopped',
        reason: expect.stringMatching(/.+/),
        selected: 8,
        queued: 2,
        notReached: named.slice(2),
      }),
    ]);
    // "Print the rest": exactly those six, and the batch is whole.
    const rest = await rig.call('printBatchResume', { batchId: outcome.batch!.id });
    expect(rest.jobs.map((j) => j.orderCount)).toEqual([2, 2, 2]);
    expect(rest.batch).toMatchObject({
      id: outcome.batch!.id,
      state: 'finished',
      selected: 8,
      queued: 8,
      notReached: 0,
    });
    expect((await rig.call('printBatchesInterrupted', {})).batches).toEqual([]);
    const again = await rig.attempt('printBatchResume', { batchId: outcome.batch!.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'print_refused' } });
  });

  it('a batch that printed nothing fails with the error, is kept, and can be dismissed', async () => {
    const { rig } = await countingRig({
      printing: { useCups: false },
    });
    rigs.push(rig);
    const page = await rig.call('ordersList', { filters: { stage: 'labels' }, pageSize: 3 });
    sandbox.faults.set({ error5xx: 1 });
    let answer: Awaited<ReturnType<Rig['attempt']>>;
    try {
      answer = await rig.attempt('printOrderLabels', {
        orderIds: page.results.map((o) => o.id),
        override: { printerId: 'save-to-folder' },
      });
    } finally {
      sandbox.faults.set({});
    }
    expect(answer).toMatchObject({ ok: false, error: { code: 'server_error' } });
    const { batches } = await rig.call('printBatchesInterrupted', {});
    expect(batches.map((b) => [b.state, b.notReached.length])).toEqual([['stopped', 3]]);
    const after = await rig.call('printBatchDismiss', { batchId: batches[0]!.id });
    expect(after.batches).toEqual([]);
  });
});
