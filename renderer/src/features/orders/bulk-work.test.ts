import { describe, expect, it } from 'vitest';
import type { PackbenchClient } from '../../bridge';
import {
  describeTrackingResult,
  MAX_TRACKING_REFRESH,
  refreshTrackingSequentially,
  summarizeTracking,
  type TrackingResult,
} from './bulk-work';

/** A bridge whose refresh answers per order: a value, or a bridge error. */
function fakeClient(answers: Record<number, unknown>, calls: number[] = []) {
  return {
    ordersRefreshTracking: async ({ id }: { id: number }) => {
      calls.push(id);
      const answer = answers[id];
      if (answer instanceof Error) {
        return { ok: false, error: { code: 'not_found', message: answer.message } };
      }
      return { ok: true, value: answer ?? { queued: 0, skipped: [], fulfillments_total: 0 } };
    },
  } as unknown as PackbenchClient;
}

const ctx = (cancelAfter = Number.POSITIVE_INFINITY) => {
  const reports: [number, number][] = [];
  return {
    reports,
    report: (_what: string, done: number, total: number) => reports.push([done, total]),
    cancelled: () => reports.length > cancelAfter,
  };
};

describe('refreshing tracking for several orders', () => {
  it('asks once per order, records each outcome, and goes on past a failure', async () => {
    const client = fakeClient({
      1: { queued: 2, skipped: [], fulfillments_total: 2 },
      2: new Error('Order 2 was not found.'),
      3: {
        queued: 1,
        skipped: [{ fulfillment_id: 9, status: 'delivered', reason: 'already delivered' }],
        fulfillments_total: 2,
      },
    });
    const results: TrackingResult[] = [];
    const progress = ctx();
    await refreshTrackingSequentially(client, [1, 2, 3], progress, results);
    expect(results.map((r) => [r.orderId, r.queued, r.error])).toEqual([
      [1, 2, null],
      [2, 0, 'Order 2 was not found.'],
      [3, 1, null],
    ]);
    expect(progress.reports).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(summarizeTracking(results)).toBe(
      '3 orders: 3 parcels queued, 1 skipped: already delivered, 1 failed',
    );
    expect(results.map(describeTrackingResult)).toEqual([
      '2 parcels queued',
      'failed: Order 2 was not found.',
      '1 of 2 parcels queued; 1 skipped: already delivered',
    ]);
  });

  it('stops between orders on Cancel', async () => {
    const calls: number[] = [];
    const results: TrackingResult[] = [];
    // Cancelled once two orders are done (the first report is the 0 of 3).
    await refreshTrackingSequentially(fakeClient({}, calls), [1, 2, 3], ctx(2), results);
    expect(calls).toEqual([1, 2]);
    expect(results).toHaveLength(2);
  });

  it('refreshes at most MAX_TRACKING_REFRESH orders in one go', async () => {
    const calls: number[] = [];
    const ids = Array.from({ length: MAX_TRACKING_REFRESH + 5 }, (_, i) => i + 1);
    await refreshTrackingSequentially(fakeClient({}, calls), ids, ctx(), []);
    expect(calls).toHaveLength(MAX_TRACKING_REFRESH);
  });

  it('says "nothing to track" for an order without parcels', () => {
    const none = { orderId: 5, queued: 0, total: 0, skipped: [], error: null };
    expect(describeTrackingResult(none)).toBe('nothing to track');
    expect(describeTrackingResult({ ...none, queued: 1, total: 1 })).toBe('1 parcel queued');
  });
});
