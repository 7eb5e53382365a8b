/**
 * POST /api/orders/{id}/refresh-tracking/ (spec, Orders; sandbox/README.md "Refresh tracking"):
 * what is queued and skipped, and how a queued fulfillment's tracking moves on with time
 * (one step every TRACKING_STEP_MS, 2 s as configured). The order store's clock is the test's:
 * it is moved on by hand, half a step at a time, so no test waits on the real clock and a
 * busy machine cannot skip a state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../data/dataset';
import { TRACKING_STEP_MS } from '../data/orders';
import type { Order } from '../data/types';
import { fetchAll, type Paginated, startSandboxForFile, TEST_NOW } from './support/sandbox-fixture';

/** The store's "now" (ms): a day after the data's `now`, moved on only by the tests. */
let clock = TEST_NOW.getTime() + 24 * 3600_000;
const api = startSandboxForFile({
  dataset: buildDataset({ scale: 0.5, now: TEST_NOW, orderStore: { clock: () => clock } }),
});

type Fulfillment = Order['fulfillments'][number];
/** OrderTrackingRefresh as the spec describes it (every field present). */
type Refresh = {
  queued: number;
  skipped: { fulfillment_id: number; status: string; reason: string }[];
  fulfillments_total: number;
};
type TrackingEvent = { status: string; description: string; occurred_at: string };
const eventsOf = (f: Fulfillment) => f.tracking_events as TrackingEvent[];

let shipped: Order[];
let delivered: Order[];
/** Orders a test has refreshed: no other test picks them. */
const used = new Set<number>();

beforeAll(async () => {
  shipped = await fetchAll<Order>(api, '/api/orders/?stage=shipped&page_size=500');
  delivered = (await api.get<Paginated<Order>>('/api/orders/?stage=delivered&page_size=500')).body
    .results;
});

function pick(from: Order[], test: (o: Order) => boolean, what: string): Order {
  const order = from.find((o) => !used.has(o.id) && test(o));
  if (!order) throw new Error(`The data has no ${what}.`);
  used.add(order.id);
  return order;
}

const tracked = (f: Fulfillment) => f.tracking_number !== '';
const allStatuses = (o: Order, statuses: string[]) =>
  o.fulfillments.length > 0 &&
  o.fulfillments.every((f) => statuses.includes(f.tracking_events_status));

/** A POST without a body (spec: "no body"), so without a Content-Type either. */
const post = <T>(path: string) => api.request<T>(path, { method: 'POST' });

async function refresh(id: number): Promise<Refresh> {
  const r = await post<Refresh>(`/api/orders/${id}/refresh-tracking/`);
  expect(r.status, `refresh ${id}`).toBe(200);
  return r.body;
}

async function order(id: number): Promise<Order> {
  const r = await api.get<Order>(`/api/orders/${id}/`);
  expect(r.status).toBe(200);
  return r.body;
}

/** Every fulfillment is counted once: queued, or skipped with its id, status and a reason. */
function expectAccounted(result: Refresh, o: Order) {
  expect(result.fulfillments_total).toBe(o.fulfillments.length);
  expect(result.queued + result.skipped.length).toBe(result.fulfillments_total);
  const byId = new Map(o.fulfillments.map((f) => [f.id, f]));
  for (const s of result.skipped) {
    const f = byId.get(s.fulfillment_id);
    expect(f, `skipped fulfillment ${s.fulfillment_id} is one of order ${o.id}`).toBeDefined();
    expect(s.status).toBe(f!.tracking_events_status);
    expect(typeof s.reason).toBe('string');
    expect(s.reason.length).toBeGreaterThan(0);
  }
  expect(new Set(result.skipped.map((s) => s.fulfillment_id)).size).toBe(result.skipped.length);
}

describe('refresh-tracking', () => {
  it('queues the fulfillments of a shipped order that are not delivered', async () => {
    const o = pick(
      shipped,
      (x) =>
        x.fulfillments.every(tracked) && allStatuses(x, ['not_found', 'stale', 'error', 'pending']),
      'shipped order with tracked, undelivered fulfillments',
    );
    const result = await refresh(o.id);
    expectAccounted(result, o);
    expect(result.queued).toBe(o.fulfillments.length);
    expect(result.skipped).toEqual([]);
  });

  it('skips a fulfillment without a tracking number, with its reason', async () => {
    const o = pick(shipped, (x) => x.fulfillments.some((f) => !tracked(f)), 'untracked parcel');
    const result = await refresh(o.id);
    expectAccounted(result, o);
    const untracked = o.fulfillments.filter((f) => !tracked(f));
    expect(result.queued).toBe(o.fulfillments.length - untracked.length);
    expect(result.skipped.map((s) => s.fulfillment_id).sort()).toEqual(
      untracked.map((f) => f.id).sort(),
    );
    for (const s of result.skipped) expect(s.reason).toMatch(/tracking number/i);
  });

  it('skips every fulfillment of a delivered order, saying it is delivered', async () => {
    const o = pick(
      delivered,
      (x) => x.fulfillments.length > 1,
      'delivered order with several parcels',
    );
    const result = await refresh(o.id);
    expectAccounted(result, o);
    expect(result.queued).toBe(0);
    expect(result.skipped).toHaveLength(o.fulfillments.length);
    for (const s of result.skipped) {
      expect(s.status).toBe('delivered');
      expect(s.reason).toMatch(/deliver/i);
    }
    // Nothing changes on a delivered order.
    expect(await order(o.id)).toEqual(o);
  });

  it('answers 404 for an unknown order', async () => {
    for (const id of ['999999', '1', 'abc']) {
      const r = await post<{ code: string }>(`/api/orders/${id}/refresh-tracking/`);
      expect(r.status, id).toBe(404);
      expect(r.body.code).toBe('not_found');
    }
  });

  it('moves queued fulfillments forward over time until delivered', async () => {
    // One order in transit (delivered two steps after the refresh) and one whose tracking is
    // stuck (active after one step, delivered after three); both fully handed over.
    const moving = pick(
      shipped,
      (x) =>
        x.shipments.length > 0 &&
        x.fulfillment_status === 'fulfilled' &&
        x.fulfillments.every(tracked) &&
        allStatuses(x, ['active']),
      'order in transit',
    );
    const stuck = pick(
      shipped,
      (x) =>
        x.fulfillment_status === 'fulfilled' &&
        x.fulfillments.every(tracked) &&
        allStatuses(x, ['not_found', 'stale', 'error', 'pending']),
      'order with stuck tracking',
    );
    const before = new Map([moving, stuck].map((o) => [o.id, o]));
    const queuedAt = clock;
    for (const o of [moving, stuck]) {
      const result = await refresh(o.id);
      expect(result.queued).toBe(o.fulfillments.length);
    }

    // Poll until both are delivered (at most 3 steps), noting what was seen on the way.
    const seen = new Map<
      number,
      { statuses: Set<string>; subStatuses: Set<string>; delivery: Set<string> }
    >();
    for (const o of [moving, stuck])
      seen.set(o.id, { statuses: new Set(), subStatuses: new Set(), delivery: new Set() });
    const latest = new Map<number, Order>();
    let requeued = false;
    // Half a step at a time, up to a step past the last (delivered after three).
    for (let half = 0; half <= 8; half++) {
      if (half > 0) clock += TRACKING_STEP_MS / 2;
      for (const o of [moving, stuck]) {
        const now = await order(o.id);
        latest.set(o.id, now);
        const s = seen.get(o.id)!;
        for (const f of now.fulfillments) {
          s.statuses.add(f.tracking_events_status);
          s.subStatuses.add(f.tracking_events_sub_status);
          // Events are only ever added.
          const was = before.get(o.id)!.fulfillments.find((x) => x.id === f.id)!;
          expect(eventsOf(f).slice(0, eventsOf(was).length)).toEqual(eventsOf(was));
        }
        if (now.delivery_status) s.delivery.add(now.delivery_status);
      }
      // Queuing again half-way does not restart the refresh.
      if (!requeued && clock - queuedAt >= TRACKING_STEP_MS * 1.5) {
        requeued = true;
        const again = await refresh(stuck.id);
        expectAccounted(again, latest.get(stuck.id)!);
      }
      const done = [moving, stuck].every((o) => allStatuses(latest.get(o.id)!, ['delivered']));
      if (done) break;
    }
    const elapsed = clock - queuedAt;

    // The stuck order went through `active` on its way; its status changed from before.
    const stuckSeen = seen.get(stuck.id)!;
    expect([...stuckSeen.statuses]).toContain('active');
    expect(stuckSeen.statuses.size).toBeGreaterThan(1);
    // Both passed through "out for delivery".
    for (const o of [moving, stuck]) {
      expect([...seen.get(o.id)!.subStatuses], `order ${o.id}`).toContain(
        'InTransit_OutForDelivery',
      );
      expect([...seen.get(o.id)!.delivery], `order ${o.id}`).toContain('out_for_delivery');
    }

    for (const o of [moving, stuck]) {
      const was = before.get(o.id)!;
      const now = latest.get(o.id)!;
      expect(allStatuses(now, ['delivered']), `order ${o.id} delivered after ${elapsed} ms`).toBe(
        true,
      );
      for (const f of now.fulfillments) {
        const old = was.fulfillments.find((x) => x.id === f.id)!;
        const events = eventsOf(f);
        // One event per step: in transit (stuck only), out for delivery, delivered.
        const steps =
          o === moving
            ? ['out_for_delivery', 'delivered']
            : ['in_transit', 'out_for_delivery', 'delivered'];
        expect(events.slice(eventsOf(old).length).map((e) => e.status)).toEqual(steps);
        // Oldest first, the new ones after the old.
        const times = events.map((e) => Date.parse(e.occurred_at));
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        expect(f.tracking_events_last_event_at).toBe(events.at(-1)!.occurred_at);
        expect(f.tracking_events_last_polled_at).not.toBe(old.tracking_events_last_polled_at);
        expect(f.tracking_events_provider_status).not.toBe(old.tracking_events_provider_status);
      }
      // The storefront's copies of the parcels follow the same tracking.
      for (const sf of now.storefront_fulfillments) {
        const f = now.fulfillments.find((x) => x.tracking_number === sf.tracking_number);
        if (f)
          expect(sf.tracking_events_status, `storefront ${sf.id}`).toBe(f.tracking_events_status);
      }
      expect(now.delivery_status).toBe('delivered');
      for (const s of now.shipments) {
        if (s.status !== 'voided') expect(s.status, `shipment ${s.id}`).toBe('delivered');
      }
      // The list's stage follows: the order is now under `delivered`, no longer `shipped`.
      const q = encodeURIComponent(o.order_name!);
      const inDelivered = await api.get<Paginated<Order>>(`/api/orders/?stage=delivered&q=${q}`);
      expect(inDelivered.body.results.map((x) => x.id)).toContain(o.id);
      const inShipped = await api.get<Paginated<Order>>(`/api/orders/?stage=shipped&q=${q}`);
      expect(inShipped.body.results.map((x) => x.id)).not.toContain(o.id);
    }
    // The stuck order took three steps: not delivered before the third, delivered at it.
    expect(elapsed).toBe(3 * TRACKING_STEP_MS);

    // Now delivered, another refresh skips everything.
    const last = await refresh(moving.id);
    expect(last.queued).toBe(0);
    expect(last.skipped.every((s) => s.status === 'delivered')).toBe(true);
  }, 20_000);
});
