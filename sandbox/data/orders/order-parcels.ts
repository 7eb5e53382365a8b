/**
 * The parcels of a planned order, drawn to agree with its stage: none while open (rarely a
 * voided label), a label not yet handed over for `labels`, one or two handed-over parcels for
 * shipped and delivered orders (sometimes shipped outside the service), delivered parcels for
 * some refunded orders. Hand-over, delivery and tracking state follow the order's age.
 */
import type { Rng } from '../seeded';
import type { OrderStage } from '../types';
import { carrierTrackingNumber, pickCarrier, pickOutsideCarrier, pickService } from './carriers';
import type { Channel } from './channels';
import type { CountryCode } from './geography';
import type { OrderContext, OrderStatus, Parcel } from './order-plan-types';
import { fill } from './people';
import { DAY, HOUR, MINUTE, secs } from './time';

export interface PlanBase {
  r: Rng;
  ctx: OrderContext;
  orderDate: number;
  channel: Channel;
  country: CountryCode;
  express: boolean;
}

export function parcelsFor(b: PlanBase, stage: OrderStage, status: OrderStatus): Parcel[] {
  const { r, ctx, orderDate } = b;
  const parcels: Parcel[] = [];
  const labelAt = secs(
    orderDate + Math.min(r.int(20, 30 * 60) * MINUTE, (ctx.now - orderDate) * 0.3),
  );
  const voidedFirst =
    (stage === 'open' && r.chance(0.025)) ||
    (status === 'cancelled' && r.chance(0.04)) ||
    ((stage === 'labels' || stage === 'shipped' || stage === 'delivered') && r.chance(0.05));
  if (voidedFirst) parcels.push(labelParcel(b, 0, 'voided', labelAt));

  if (stage === 'labels') {
    parcels.push(
      labelParcel(
        b,
        parcels.length,
        'label',
        voidedFirst ? secs((labelAt + ctx.now) / 2) : labelAt,
      ),
    );
  } else if (
    stage === 'shipped' ||
    stage === 'delivered' ||
    (status === 'refunded' && ctx.now - orderDate > 5 * DAY && r.chance(0.4))
  ) {
    const kind = r.chance(b.channel.outsideShare) ? 'outside' : 'label';
    const count = r.chance(0.08) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const at = voidedFirst || i > 0 ? secs(labelAt + r.int(5, 120) * MINUTE) : labelAt;
      const parcel =
        kind === 'outside'
          ? outsideParcel(b, parcels.length, at)
          : labelParcel(b, parcels.length, 'label', at);
      // A second parcel of a shipped order is sometimes still waiting: the order is "partial".
      const waiting = stage === 'shipped' && i === 1 && kind === 'label' && r.chance(0.4);
      if (!waiting) travel(b, parcel, stage === 'shipped' ? 'in_flight' : 'delivered');
      parcels.push(parcel);
    }
  }
  return parcels;
}

function labelParcel(b: PlanBase, k: number, kind: 'label' | 'voided', labelAt: number): Parcel {
  const carrier = pickCarrier(b.r, b.country);
  return {
    k,
    kind,
    carrier,
    outside: null,
    service: pickService(b.r, carrier, b.express).code,
    trackingNumber: carrierTrackingNumber(b.r, carrier, b.country),
    labelAt: Math.min(labelAt, b.ctx.now - 1000),
    handedAt: null,
    deliveredAt: null,
    tracking: null,
  };
}

function outsideParcel(b: PlanBase, k: number, labelAt: number): Parcel {
  const carrier = pickOutsideCarrier(b.r, b.country, b.channel.name);
  return {
    k,
    kind: 'outside',
    carrier: null,
    outside: carrier,
    service: b.express ? 'express' : 'manual',
    trackingNumber: fill(b.r, carrier.tracking),
    labelAt: Math.min(labelAt, b.ctx.now - 1000),
    handedAt: null,
    deliveredAt: null,
    tracking: null,
  };
}

/** Hands the parcel over and, for delivered orders, delivers it; sets its tracking state. */
function travel(b: PlanBase, p: Parcel, to: 'in_flight' | 'delivered'): void {
  const { r, ctx } = b;
  p.handedAt = secs(p.labelAt + Math.min(r.int(60, 20 * 60) * MINUTE, (ctx.now - p.labelAt) * 0.5));
  const handedAgo = ctx.now - p.handedAt;
  if (to === 'delivered') {
    // Most parcels arrive in a day or two; a tail takes most of a week.
    const u = r.next();
    const transit = (b.express ? 8 + u * u * 36 : 16 + u * u * 100) * HOUR;
    p.deliveredAt = secs(p.handedAt + Math.min(transit, handedAgo * 0.9));
    p.tracking = 'delivered';
    return;
  }
  if (p.kind === 'outside' && r.chance(0.2)) {
    p.trackingNumber = '';
    p.tracking = 'skipped';
    return;
  }
  const x = r.next();
  if (x < 0.07) p.tracking = 'not_found';
  else if (x < 0.11) p.tracking = 'error';
  else if (handedAgo > 5 * DAY) p.tracking = r.chance(0.75) ? 'stale' : 'active';
  else if (handedAgo < 12 * HOUR && r.chance(0.55)) p.tracking = 'pending';
  else p.tracking = 'active';
}
