/**
 * The part of an order a return is drawn from (who, where, what, when), built from its plan
 * without materialising the rest: the returns' build reads 20,000 orders at scale 100, and a
 * whole order (tracking, money, payment, automation, address check, billing) cost most of that
 * build for a dozen fields. Every field is what `materialiseOrder` gives for the same plan.
 */
import type { OrderReturnView } from '../types';
import { COUNTRIES } from './geography';
import { identityOf } from './order-identity';
import { itemsOf } from './order-money';
import type { OrderContext, OrderPlan } from './order-plan';
import { iso } from './time';

export function orderReturnView(ctx: OrderContext, plan: OrderPlan): OrderReturnView {
  const who = identityOf(ctx, plan);
  // fulfilled_at as materialiseOrder has it: the last hand-over of the parcels with a
  // fulfillment (those with tracking), which no tracking refresh moves.
  let handed = Number.NEGATIVE_INFINITY;
  let fulfillments = 0;
  for (const p of plan.parcels) {
    if (p.tracking === null) continue;
    fulfillments++;
    handed = Math.max(handed, p.handedAt ?? p.labelAt);
  }
  return {
    id: plan.id,
    order_name: who.orderName,
    customer_name: who.customer?.name ?? null,
    customer_email: who.email,
    recipient_name: who.recipient.name,
    country: who.address.country,
    channel: plan.channel.name,
    currency: COUNTRIES[plan.country].currency,
    items: itemsOf(ctx, plan),
    created_at: iso(plan.createdAt),
    order_date: iso(plan.orderDate),
    fulfilled_at: plan.fulfillmentStatus === 'fulfilled' && fulfillments > 0 ? iso(handed) : null,
  };
}
