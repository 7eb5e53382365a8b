import { describe, expect, it } from 'vitest';
import type { PackRecord } from '../../../../shared/contract/packing-values';
import { DEFAULT_UNSKIPPABLE } from '../../../../shared/contract/station-settings';
import type { Api } from '../../../../shared/contract/values';
import { GATE_LABEL, gateOrder } from '../../test-support/gate-order';
import {
  canOverride,
  freshEnough,
  GATE_FRESH_MS,
  type GateReason,
  gateReasons,
  stageInfo,
} from './pack-gate';

type Order = Api['Order'];

const date = (iso: string) => `<${iso}>`;
const defaults = { unskippable: DEFAULT_UNSKIPPABLE };
const none = { packed: null };
const kinds = (reasons: GateReason[]) => reasons.map((r) => r.kind);
/** The stops for an order this station has not packed before, under the default settings. */
const reasonsFor = (order: Parameters<typeof gateReasons>[0]) =>
  gateReasons(order, none, defaults, date);

const packed: PackRecord = {
  orderId: 1,
  orderName: '#10983',
  packedAt: '2026-11-27T09:12:00Z',
  packedBy: 'Dana',
  station: 'Bench 3',
  lines: [],
  printed: [],
  times: 1,
};

describe('the pack gate', () => {
  it('lets a labelled, paid order nobody packed through', () => {
    expect(reasonsFor(gateOrder())).toEqual([]);
  });

  it('stops a cancelled order, with when, and no override by default', () => {
    const reasons = reasonsFor(
      gateOrder({
        status: 'cancelled',
        cancelled_at: '2026-11-21T12:00:00Z',
        payment_status: 'voided',
      }),
    );
    expect(kinds(reasons)).toEqual(['cancelled']);
    expect(reasons[0]!.title).toBe('Cancelled: do not ship');
    expect(reasons[0]!.detail).toContain('<2026-11-21T12:00:00Z>');
    expect(reasons[0]!.skippable).toBe(false);
    expect(canOverride(reasons)).toBe(false);
  });

  it('stops a cancelled and refunded order for both reasons', () => {
    const reasons = reasonsFor(
      gateOrder({ status: 'cancelled', payment_status: 'refunded', total_refunded: '40.00' }),
    );
    expect(kinds(reasons)).toEqual(['cancelled', 'refunded']);
  });

  it('stops a refunded order (status, payment or the whole amount back)', () => {
    for (const patch of [
      { status: 'refunded' },
      { payment_status: 'refunded' },
      { total_refunded: '40.00' },
    ] as Partial<Order>[]) {
      const reasons = reasonsFor(gateOrder(patch));
      expect(kinds(reasons)).toEqual(['refunded']);
      expect(reasons[0]!.skippable).toBe(false);
    }
  });

  it('stops a partly refunded order, which may be overridden', () => {
    const reasons = reasonsFor(
      gateOrder({ payment_status: 'partially_refunded', total_refunded: '12.50' }),
    );
    expect(kinds(reasons)).toEqual(['partly_refunded']);
    expect(reasons[0]!.detail).toContain('EUR 12.50 was refunded');
    expect(canOverride(reasons)).toBe(true);
  });

  it('stops an order on hold or needing attention, naming each reason', () => {
    const reasons = reasonsFor(
      gateOrder({
        shipments: [],
        label_purchase: null,
        address_check_summary: { status: 'needs_review', checked_at: null },
        label_automation: {
          status: 'failed',
          error: 'Carrier timeout',
          hold: { rule: 'Big orders', reason: 'Orders over 500 EUR are checked by hand' },
        },
      }),
    );
    expect(kinds(reasons)).toEqual(['attention', 'no_label']);
    const detail = reasons[0]!.detail;
    expect(detail).toContain('its address needs review');
    expect(detail).toContain('held by a rule (Orders over 500 EUR are checked by hand)');
    expect(detail).toContain('its automatic label failed (Carrier timeout)');
  });

  it('stops a shipped and a delivered order', () => {
    const parcel = {
      tracking_events_status: 'active',
      tracking_events_last_event_at: '2026-11-22T08:00:00Z',
      created_at: '2026-11-21T18:00:00Z',
    } as unknown as Order['fulfillments'][number];
    const shipped = reasonsFor(gateOrder({ status: 'shipped', fulfillments: [parcel] }));
    expect(shipped.map((r) => r.title)).toEqual(['Already shipped']);
    expect(shipped[0]!.kind).toBe('shipped');
    const delivered = reasonsFor(
      gateOrder({
        status: 'shipped',
        fulfillments: [{ ...parcel, tracking_events_status: 'delivered' }],
      }),
    );
    expect(delivered.map((r) => r.title)).toEqual(['Already delivered']);
  });

  it('stops an order already packed: when, at which station, by whom', () => {
    const reasons = gateReasons(gateOrder(), { packed: { ...packed, times: 2 } }, defaults, date);
    expect(kinds(reasons)).toEqual(['packed']);
    expect(reasons[0]!.detail).toBe(
      'Packed on <2026-11-27T09:12:00Z> at Bench 3 by Dana (2 times). Find that parcel before packing another.',
    );
    expect(reasons[0]!.skippable).toBe(true);
  });

  it('stops an order with no label bought (a voided label is none)', () => {
    const voided = { ...GATE_LABEL, status: 'voided', label_url: null };
    for (const shipments of [[], [voided]]) {
      const reasons = reasonsFor(gateOrder({ shipments, label_purchase: null }));
      expect(kinds(reasons)).toEqual(['no_label']);
      expect(reasons[0]!.skippable).toBe(true);
    }
  });

  it('stops an order whose item quantities cannot be read, naming each line', () => {
    const reasons = reasonsFor(
      gateOrder({
        items: [
          { sku: 'A-1', qty: '3' },
          { sku: 'B-2', qty: 0.4 },
          { sku: 'C-3', qty: -1 },
        ],
      }),
    );
    expect(kinds(reasons)).toEqual(['quantity']);
    expect(reasons[0]!.title).toBe('2 items’ quantities cannot be read');
    expect(reasons[0]!.detail).toContain('B-2: a fraction (0.4); C-3: a negative quantity (-1)');
    expect(reasons[0]!.skippable).toBe(true);
  });

  it('makes any gate unskippable when the settings say so, and none when they name none', () => {
    const o = gateOrder({ shipments: [], label_purchase: null });
    expect(canOverride(gateReasons(o, none, { unskippable: ['no_label'] }, date))).toBe(false);
    const cancelled = gateOrder({ status: 'cancelled' });
    expect(canOverride(gateReasons(cancelled, none, { unskippable: [] }, date))).toBe(true);
  });

  it('ignores fields it does not know and shapes it cannot read', () => {
    const odd = gateOrder({
      label_automation: 'held?',
      address_check_summary: [1, 2],
      total_refunded: 'n/a',
    } as unknown as Partial<Order>);
    expect(reasonsFor({ ...odd, x_added_later: 1 } as Order)).toEqual([]);
  });
});

describe('the order’s stage and when it began', () => {
  it('reads each stage’s instant from the fields that say so', () => {
    expect(stageInfo(gateOrder())).toEqual({
      stage: 'labels',
      words: 'Label bought, waiting to ship',
      since: '2026-11-20T10:00:00Z',
    });
    expect(
      stageInfo(gateOrder({ status: 'cancelled', cancelled_at: '2026-11-21T12:00:00Z' })),
    ).toMatchObject({ stage: 'cancelled', since: '2026-11-21T12:00:00Z' });
    expect(stageInfo(gateOrder({ shipments: [], label_purchase: null }))).toMatchObject({
      stage: 'open',
      since: '2026-11-19T08:00:00Z',
    });
    expect(stageInfo(gateOrder({ status: 'refunded', cancelled_at: null }))).toMatchObject({
      stage: 'cancelled',
      since: null,
    });
  });
});

describe('fresh data for the gate', () => {
  it('takes a read up to 5 s old, not older, and never one not made', () => {
    const now = 1_000_000;
    expect(freshEnough(now - GATE_FRESH_MS, now)).toBe(true);
    expect(freshEnough(now - GATE_FRESH_MS - 1, now)).toBe(false);
    expect(freshEnough(0, now)).toBe(false);
  });
});

describe('the floor’s claim gate (issue 29)', () => {
  const holder = { station: 'Station 3', packer: 'Ana', since: '2026-11-28T10:42:00Z' };
  const hhmm = (iso: string) => iso.slice(11, 16);

  it('stops an order open at another station, saying where, by whom and since when', () => {
    const reasons = gateReasons(
      gateOrder(),
      { packed: null, claimedBy: holder },
      defaults,
      date,
      hhmm,
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        kind: 'claimed',
        title: 'Being packed at Station 3 by Ana since 10:42',
        skippable: true,
      }),
    ]);
    expect(reasons[0]?.detail).toMatch(/take it over with a reason/);
  });

  it('says how long the claim has seen no verified item, once it is a minute or more', () => {
    const idle = { ...holder, idleMinutes: 12 };
    const [reason] = gateReasons(
      gateOrder(),
      { packed: null, claimedBy: idle },
      defaults,
      date,
      hhmm,
    );
    expect(reason?.title).toBe('Being packed at Station 3 by Ana since 10:42, idle for 12 min');
    const busy = { ...holder, idleMinutes: 0 };
    const [now] = gateReasons(gateOrder(), { packed: null, claimedBy: busy }, defaults, date, hhmm);
    expect(now?.title).toBe('Being packed at Station 3 by Ana since 10:42');
  });

  it('comes first beside other stops, and the floor can make it unskippable', () => {
    const reasons = gateReasons(
      gateOrder(),
      { packed, claimedBy: holder },
      { unskippable: ['claimed'] },
      date,
      hhmm,
    );
    expect(kinds(reasons)).toEqual(['claimed', 'packed']);
    expect(canOverride(reasons)).toBe(false);
  });

  it('changes nothing without a floor: no holder, no claim gate', () => {
    expect(gateReasons(gateOrder(), { packed: null }, defaults, date)).toEqual([]);
    expect(gateReasons(gateOrder(), { packed: null, claimedBy: null }, defaults, date)).toEqual([]);
  });
});
