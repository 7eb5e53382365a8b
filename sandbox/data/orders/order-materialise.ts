/**
 * Rebuilds a generated order's full API object from its plan. Nothing here is stored: the
 * same plan always gives the same object, apart from fulfillments a refresh has moved on.
 */
import type { components } from '../../../shared/api/schema.gen';
import type { Order, OrderShipment } from '../types';
import { CARRIERS, carrierTrackingUrl, outsideTrackingUrl } from './carriers';
import { addressCheckOf, automationOf } from './order-automation';
import { billingOf, extrasOf, paymentOf } from './order-details';
import { identityOf } from './order-identity';
import { itemsOf, itemsWeightKg, moneyOf } from './order-money';
import { type OrderContext, type OrderPlan, orderRng, type Parcel, STREAM } from './order-plan';
import {
  deliveryStatusOf,
  generatedTracking,
  progressed,
  type TrackingState,
} from './order-tracking';
import { areaShipmentId, labelPath } from './shipment-links';
import { iso } from './time';

type Fulfillment = components['schemas']['Fulfillment'];
type StorefrontFulfillment = components['schemas']['StorefrontFulfillment'];

/** The account owner: every order and tracking event of the sandbox belongs to it. */
export const OWNER_ID = 1;

/** Id ranges of the objects embedded in orders (each type has its own sequence). */
export const SHIPMENT_FIRST_ID = 5001;
export const FULFILLMENT_FIRST_ID = 3001;
export const STOREFRONT_FULFILLMENT_FIRST_ID = 7001;

/** Where an order's embedded shipments and fulfillments start in their sequences. */
export interface OrderIds {
  shipmentBase: number;
  fulfillmentBase: number;
}

/** Refreshes in progress, by fulfillment id, and the clock they advance with. */
export interface RefreshView {
  queuedAt(fulfillmentId: number): number | undefined;
  now(): number;
  stepMs: number;
}

export interface TrackedParcel {
  parcel: Parcel;
  fulfillmentId: number;
  storefrontId: number;
  state: TrackingState;
}

/** The order's fulfillments (parcels handed over) with their current tracking state. */
export function trackedParcels(
  ctx: OrderContext,
  plan: OrderPlan,
  ids: OrderIds,
  refresh: RefreshView | null,
  destination: string,
): TrackedParcel[] {
  const r = orderRng(ctx, plan.n, STREAM.tracking);
  const out: TrackedParcel[] = [];
  for (const parcel of plan.parcels) {
    if (parcel.tracking === null) continue;
    const seq = ids.fulfillmentBase + out.length;
    const fulfillmentId = FULFILLMENT_FIRST_ID + seq;
    let state = generatedTracking(r, plan, parcel, ctx.now);
    const queuedAt = refresh?.queuedAt(fulfillmentId);
    if (refresh && queuedAt !== undefined) {
      state = progressed(
        state,
        { queuedAt, now: refresh.now(), stepMs: refresh.stepMs },
        destination,
      );
    }
    out.push({ parcel, fulfillmentId, storefrontId: STOREFRONT_FULFILLMENT_FIRST_ID + seq, state });
  }
  return out;
}

export function materialiseOrder(
  ctx: OrderContext,
  plan: OrderPlan,
  ids: OrderIds,
  refresh: RefreshView | null,
): Order {
  const who = identityOf(ctx, plan);
  const items = itemsOf(ctx, plan);
  const weightKg = itemsWeightKg(items);
  const m = moneyOf(ctx, plan, items, who.address.province_code);
  const pay = paymentOf(ctx, plan);
  const extras = extrasOf(
    ctx,
    plan,
    items.map((i) => i.sku),
  );
  const auto = automationOf(ctx, plan, weightKg, m.total);
  const check = addressCheckOf(ctx, plan, who);
  const tracked = trackedParcels(ctx, plan, ids, refresh, `${who.address.city}, ${plan.country}`);
  const waiting = plan.parcels.some((p) => p.kind === 'label' && p.handedAt === null);
  const handed = tracked.map((t) => t.parcel.handedAt ?? t.parcel.labelAt);

  const shipments: OrderShipment[] = [];
  for (const parcel of plan.parcels) {
    if (parcel.kind === 'outside' || parcel.carrier === null) continue;
    const id = SHIPMENT_FIRST_ID + ids.shipmentBase + shipments.length;
    const state = tracked.find((t) => t.parcel === parcel)?.state;
    const voided = parcel.kind === 'voided';
    shipments.push({
      id,
      carrier: parcel.carrier,
      service: parcel.service,
      label_url: voided ? null : labelPath(plan.id, id),
      tracking_number: parcel.trackingNumber,
      status: voided
        ? 'voided'
        : !state
          ? 'label_purchased'
          : state.status === 'delivered'
            ? 'delivered'
            : 'in_transit',
      meta: voided
        ? {
            voided_at: iso(Math.min(ctx.now, parcel.labelAt + 40 * 60_000)),
            void_reason: 'address_changed',
          }
        : { shipment_id: areaShipmentId(ctx.seed, plan.id, parcel.k) },
      created_at: iso(parcel.labelAt),
      order: plan.id,
    });
  }

  const fulfillments: Fulfillment[] = [];
  const storefront: StorefrontFulfillment[] = [];
  tracked.forEach((t, i) => {
    const { parcel, state } = t;
    const tn = parcel.trackingNumber;
    let url = '';
    if (tn !== '') {
      if (parcel.carrier) url = carrierTrackingUrl(parcel.carrier, tn);
      else if (parcel.outside) url = outsideTrackingUrl(parcel.outside, tn);
    }
    const company = parcel.carrier
      ? CARRIERS[parcel.carrier].label
      : (parcel.outside?.company ?? '');
    const handedAt = iso(parcel.handedAt ?? parcel.labelAt);
    const updatedAt = state.providerChangedAt ?? handedAt;
    const storefrontFulfillmentId = String(
      4_300_000_000_000 + (t.storefrontId - STOREFRONT_FULFILLMENT_FIRST_ID) * 13,
    );
    const shared = {
      status: 'success',
      service: parcel.service,
      tracking_company: company,
      tracking_number: tn,
      tracking_url: url,
      tracking_numbers: tn ? [tn] : [],
      tracking_urls: url ? [url] : [],
      tracking_events: state.events,
      tracking_events_status: state.status,
      tracking_events_provider_status: state.providerStatus,
      tracking_events_provider_status_changed_at: state.providerChangedAt,
      tracking_events_sub_status: state.subStatus,
      tracking_events_last_event_at: state.lastEventAt,
      tracking_events_last_polled_at: state.lastPolledAt,
      passport_id: extras.passports.passportId,
      passport_ids_by_sku: extras.passports.bySku,
    } as const;
    fulfillments.push({
      id: t.fulfillmentId,
      name: `${who.orderName}-F${i + 1}`,
      ...shared,
      external_id: plan.channel.storefront ? storefrontFulfillmentId : `F${t.fulfillmentId}`,
      tracking_url_text: url,
      tracking_urls_text: url ? [url] : [],
      tracking_url_unsafe: url.startsWith('http:'),
      source_created_at: handedAt,
      source_updated_at: updatedAt,
    });
    if (plan.channel.storefront) {
      storefront.push({
        id: t.storefrontId,
        name: `${who.orderName}.${i + 1}`,
        ...shared,
        fulfillment_id: storefrontFulfillmentId,
        storefront_created_at: iso((parcel.handedAt ?? parcel.labelAt) + 3000),
        storefront_updated_at: updatedAt,
      });
    }
  });

  const a = who.address;
  return {
    id: plan.id,
    shipments,
    storefront_fulfillments: storefront,
    fulfillments,
    carrier_shipment: auto.carrierShipment,
    address_check_summary: check ? { status: check.status, checked_at: check.checked_at } : null,
    checkout_method: auto.checkoutMethod,
    label_purchase: auto.labelPurchase,
    label_caution: auto.labelCaution,
    external_id: who.externalId,
    storefront_order_id: who.storefrontOrderId,
    shop_id: plan.shopId,
    recipient_name: who.recipient.name,
    address1: a.address1,
    city: a.city,
    postal_code: a.postal_code,
    country: a.country,
    phone: who.phone,
    items,
    weight_kg: weightKg,
    status: plan.status,
    created_at: iso(plan.createdAt),
    order_name: who.orderName,
    order_date: iso(plan.orderDate),
    customer_name: who.customer?.name ?? null,
    channel: plan.channel.name,
    total_amount: m.total,
    currency: m.currency,
    payment_status: plan.paymentStatus,
    fulfillment_status: plan.fulfillmentStatus,
    delivery_status: deliveryStatusOf(
      tracked.map((t) => t.state),
      waiting,
    ),
    delivery_method: m.deliveryMethod,
    customer_locale: who.locale,
    customer_email: who.email,
    order_phone: who.orderPhone,
    accepts_marketing: who.acceptsMarketing,
    address2: a.address2,
    company: who.company,
    province_code: a.province_code,
    province_name: a.province_name,
    billing_address: billingOf(ctx, plan, who),
    subtotal_price: m.subtotal,
    total_shipping: m.shipping,
    total_tax: m.tax,
    discount_amount: m.discount,
    total_refunded: m.refunded,
    total_outstanding: m.outstanding,
    total_duties: m.duties,
    discount_code: m.discountCode,
    payment_method: plan.payment.name,
    payment_reference: pay.reference,
    payment_id: pay.id,
    paid_at: pay.paidAt,
    payment_terms_name: pay.termsName,
    next_payment_due_at: pay.nextDueAt,
    tax_lines: m.taxLines,
    tags: extras.tags,
    shipping_overrides: auto.shippingOverrides,
    label_automation: auto.labelAutomation,
    address_check: check,
    note: extras.note,
    note_attributes: extras.noteAttributes,
    cancelled_at: plan.cancelledAt === null ? null : iso(plan.cancelledAt),
    fulfilled_at:
      plan.fulfillmentStatus === 'fulfilled' && handed.length > 0 ? iso(Math.max(...handed)) : null,
    risk_level: extras.riskLevel,
    owner: OWNER_ID,
    customer: who.customerId,
  };
}
