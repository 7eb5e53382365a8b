/**
 * The pack gate, as a pure function: before the pack screen counts anything, the order as the
 * API gives it and what the pack log knows are checked for the parcels that must not go out
 * (cancelled, refunded, held, shipped already, packed already, no label). Each reason is said
 * in words a packer reads at arm's length, with the order's stage and when it began. Tested
 * case by case without a browser (pack-gate.test.ts); the screen (views/pack/pack-gate-panel)
 * only shows what this decides.
 */
import type { PackRecord } from '../../../../shared/contract/packing-values';
import type { PackGateKind } from '../../../../shared/contract/station-settings';
import type { Api } from '../../../../shared/contract/values';
import { openJson } from '../../ui/format/open-json';
import { addressStatus, orderStage } from '../orders/order-facts';
import type { OrderStage } from '../orders/order-filters';
import { linesOf, malformedLines } from './pack-model';

export type { PackGateKind };

export interface GateReason {
  kind: PackGateKind;
  /** One line, large: "Cancelled: do not ship". */
  title: string;
  /** What it means and what to do. */
  detail: string;
  /** False: no override passes it (Settings → Station). */
  skippable: boolean;
}

/** Another station of the floor holding the order open (issue 29: pack claims). */
export interface ClaimHolder {
  station: string;
  packer: string;
  /** ISO 8601: since when. */
  since: string;
  /** Whole minutes with no verified item there, when the floor says: "idle for 12 min". */
  idleMinutes?: number;
}

/**
 * What the pack log knows about the order: its last pack, if any (the floor's when a floor is
 * configured: packed at any station); and, on a floor, the station holding it open.
 */
export interface GateFacts {
  packed: PackRecord | null;
  claimedBy?: ClaimHolder | null;
}

export interface GateSettings {
  unskippable: readonly PackGateKind[];
}

/** The stage in words, and the instant it began when the order says (ISO), else null. */
export interface StageInfo {
  stage: OrderStage;
  words: string;
  since: string | null;
}

type Order = Api['Order'];

const STAGE_WORDS: Record<OrderStage, string> = {
  open: 'Open (no label yet)',
  labels: 'Label bought, waiting to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The latest of some ISO instants (unparseable ones ignored), or null. */
function latest(values: readonly (string | null | undefined)[]): string | null {
  let best: string | null = null;
  for (const value of values) {
    if (!value || Number.isNaN(Date.parse(value))) continue;
    if (best === null || Date.parse(value) > Date.parse(best)) best = value;
  }
  return best;
}

function parcels(order: Order) {
  return [...order.fulfillments, ...order.storefront_fulfillments];
}

/** When the order reached its stage, from the fields that say so; null when none does. */
export function stageInfo(order: Order): StageInfo {
  const stage = orderStage(order);
  const purchase = openJson.object(order.label_purchase);
  const since = (() => {
    switch (stage) {
      case 'cancelled':
        return latest([order.cancelled_at]);
      case 'delivered':
        return latest(parcels(order).map((f) => f.tracking_events_last_event_at));
      case 'shipped':
        return latest([order.fulfilled_at]);
      case 'labels':
        return (
          latest([openJson.text(purchase?.purchased_at)]) ??
          latest(order.shipments.filter((s) => s.label_url).map((s) => s.created_at))
        );
      case 'open':
        return latest([order.created_at]);
    }
  })();
  return { stage, words: STAGE_WORDS[stage], since };
}

/** A money amount as a number (the API sends decimals as strings), or 0. */
function amount(value: string | null | undefined): number {
  const n = Number(value ?? '');
  return Number.isFinite(n) ? n : 0;
}

/** Why an open order is held, in words, in the `attention` filter's order. */
function attentionWords(order: Order): string[] {
  if (orderStage(order) !== 'open') return [];
  const words: string[] = [];
  const address = addressStatus(order);
  if (address === 'needs_review' || address === 'invalid') {
    words.push(
      address === 'invalid' ? 'the address check found it invalid' : 'its address needs review',
    );
  }
  const automation = openJson.object(order.label_automation);
  const hold = openJson.object(automation?.hold);
  if (hold) {
    const why = openJson.text(hold.reason) ?? openJson.text(hold.rule);
    words.push(why ? `held by a rule (${why})` : 'held by a rule');
  }
  if (automation?.status === 'failed') {
    const error = openJson.text(automation.error);
    words.push(error ? `its automatic label failed (${error})` : 'its automatic label failed');
  }
  return words;
}

function hasLiveLabel(order: Order): boolean {
  return order.shipments.some((s) => Boolean(s.label_url) && s.status !== 'voided');
}

/** How a date is written on the gate (the view passes the locale's formatter). */
export type DateWords = (iso: string) => string;

/**
 * Every reason the order must not be packed now, most serious first; empty: the gate is open.
 */
export function gateReasons(
  order: Order,
  facts: GateFacts,
  settings: GateSettings,
  date: DateWords,
  /** The time of day for "since 10:42" (the date's words when not given). */
  time: DateWords = date,
): GateReason[] {
  const reasons: Omit<GateReason, 'skippable'>[] = [];
  if (facts.claimedBy) {
    // First: the packer at the other bench is working on this very parcel now.
    const c = facts.claimedBy;
    const since = Number.isNaN(Date.parse(c.since)) ? '' : ` since ${time(c.since)}`;
    // A claim left alone a while says so: the packer may have walked away from it.
    const idle =
      c.idleMinutes !== undefined && c.idleMinutes >= 1 ? `, idle for ${c.idleMinutes} min` : '';
    reasons.push({
      kind: 'claimed',
      title: `Being packed at ${c.station} by ${c.packer}${since}${idle}`,
      detail:
        'Another station has this order open. Leave it to them, or take it over with a reason (the floor logs who took it and why).',
    });
  }
  const stage = orderStage(order);
  const refunded = amount(order.total_refunded);
  const total = amount(order.total_amount);
  const payment = (order.payment_status ?? '').toLowerCase();

  if (order.status === 'cancelled') {
    reasons.push({
      kind: 'cancelled',
      title: 'Cancelled: do not ship',
      detail: order.cancelled_at
        ? `The order was cancelled on ${date(order.cancelled_at)}. Put the items back.`
        : 'The order was cancelled. Put the items back.',
    });
  }
  const fullyRefunded =
    order.status === 'refunded' ||
    payment === 'refunded' ||
    (refunded > 0 && total > 0 && refunded >= total);
  if (fullyRefunded) {
    reasons.push({
      kind: 'refunded',
      title: 'Refunded: do not ship',
      detail: 'The customer got their money back. Put the items back.',
    });
  } else if (payment === 'partially_refunded' || refunded > 0) {
    reasons.push({
      kind: 'partly_refunded',
      title: 'Partly refunded: check before shipping',
      detail:
        refunded > 0
          ? `${order.currency ?? ''} ${order.total_refunded} was refunded; an item may have been taken off. Ask a supervisor.`.trim()
          : 'Part of the order was refunded; an item may have been taken off. Ask a supervisor.',
    });
  }
  const held = attentionWords(order);
  if (held.length > 0) {
    reasons.push({
      kind: 'attention',
      title: 'On hold: needs attention first',
      detail: `The order is held: ${held.join('; ')}. Sort it out before it ships.`,
    });
  }
  if (stage === 'shipped' || stage === 'delivered') {
    reasons.push({
      kind: 'shipped',
      title: stage === 'delivered' ? 'Already delivered' : 'Already shipped',
      detail:
        stage === 'delivered'
          ? 'This order reached the customer already. A second parcel would ship it twice.'
          : 'This order left the warehouse already. A second parcel would ship it twice.',
    });
  }
  if (facts.packed) {
    const p = facts.packed;
    const where = p.station ? ` at ${p.station}` : '';
    reasons.push({
      kind: 'packed',
      title: 'Already packed',
      detail: `Packed on ${date(p.packedAt)}${where} by ${p.packedBy}${
        p.times > 1 ? ` (${p.times} times)` : ''
      }. Find that parcel before packing another.`,
    });
  }
  if (stage === 'open' && !hasLiveLabel(order)) {
    reasons.push({
      kind: 'no_label',
      title: 'No label bought',
      detail:
        'The order has no shipping label, so it is not ready to ship. Packing it prints the slip only.',
    });
  }
  const malformed = malformedLines(linesOf(order.items));
  if (malformed.length > 0) {
    const named = malformed.map((l) => `${l.sku || l.name || 'an item'}: ${l.problem}`);
    reasons.push({
      kind: 'quantity',
      title:
        malformed.length === 1
          ? 'An item’s quantity cannot be read'
          : `${malformed.length} items’ quantities cannot be read`,
      detail: `${named.join('; ')}. Check the order in the shop: the pack cannot be completed with a guessed count.`,
    });
  }
  const locked = new Set(settings.unskippable);
  return reasons.map((r) => ({ ...r, skippable: !locked.has(r.kind) }));
}

/** True when every reason may be overridden. */
export function canOverride(reasons: readonly GateReason[]): boolean {
  return reasons.every((r) => r.skippable);
}

/** The reasons a packer picks from to override (short; the pack log keeps the words). */
export const OVERRIDE_REASONS = [
  'A supervisor approved it',
  'The customer asked to ship anyway',
  'The order was fixed in the shop: the data here is behind',
  'Repacking a damaged parcel',
  'Packing it to keep, not to ship',
] as const;

/** Gate kinds in words for Settings → Station and the pack log. */
export const GATE_WORDS: Record<PackGateKind, string> = {
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
  attention: 'On hold or needing attention',
  shipped: 'Already shipped or delivered',
  packed: 'Already packed',
  no_label: 'No label bought',
  quantity: 'An item’s quantity is not a whole number',
  claimed: 'Being packed at another station',
};

/** How old an order's read may be when the gate passes: older is read again first. */
export const GATE_FRESH_MS = 5_000;

/** True when data read at `readAt` (ms) is fresh enough for the gate at `now`. */
export function freshEnough(readAt: number, now: number): boolean {
  return readAt > 0 && now - readAt <= GATE_FRESH_MS;
}
