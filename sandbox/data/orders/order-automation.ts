/**
 * The service's own bookkeeping on an order, whose shapes the spec leaves "not shown": the
 * address check, label automation (rules that buy labels, hold orders, or fail), cautions
 * shown before buying a label, and label overrides. The shapes chosen are listed in
 * sandbox/README.md; each is generated to agree with the order's stage and attention reasons.
 */
import { money } from '../seeded';
import { CARRIERS, pickCarrier, pickService } from './carriers';
import { countryOf } from './geography';
import type { OrderIdentity } from './order-identity';
import { type OrderContext, type OrderPlan, orderRng, STREAM } from './order-plan';
import { fill } from './people';
import { areaShipmentId } from './shipment-links';
import { iso, MINUTE, soonAfter } from './time';

export interface SuggestedAddress {
  address1: string;
  address2: string | null;
  city: string;
  postal_code: string;
  province_code: string | null;
  country: string;
}

export interface AddressCheckRecord {
  status: string;
  checked_at: string | null;
  messages: string[];
  suggested_address: SuggestedAddress | null;
}

/** A never-checked order's record (what the address-check endpoint answers for it). */
export const NEVER_CHECKED: AddressCheckRecord = Object.freeze({
  status: 'unchecked',
  checked_at: null,
  messages: [],
  suggested_address: null,
}) as AddressCheckRecord;

const REVIEW = [
  'The apartment or suite number may be missing.',
  'The street number was not found on this street.',
  'The postal code covers several streets of this name.',
  'The building is a business address: add the company name.',
];
const INVALID = [
  'The street was not found in this postal code area.',
  'The postal code does not match the city.',
  'The address is incomplete: the street number is missing.',
];
const CORRECTED = [
  'The postal code was corrected.',
  'The street name was standardised.',
  'The city name was corrected.',
];

/** The order's address check; null when it was never checked. */
export function addressCheckOf(
  ctx: OrderContext,
  plan: OrderPlan,
  who: OrderIdentity,
): AddressCheckRecord | null {
  const status = plan.addressStatus;
  if (status === null) return null;
  const r = orderRng(ctx, plan.n, STREAM.addressCheck);
  const a = who.address;
  const current: SuggestedAddress = {
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    postal_code: a.postal_code,
    province_code: a.province_code,
    country: a.country,
  };
  const checkedAt = iso(soonAfter(r, plan.createdAt, ctx.now, 2000, 90_000));
  /** A check that ran: what it said, and the address it suggests (null: none). */
  const ran = (messages: string[], suggested: SuggestedAddress | null): AddressCheckRecord => ({
    status,
    checked_at: checkedAt,
    messages,
    suggested_address: suggested,
  });
  switch (status) {
    case 'valid':
      return ran([], null);
    case 'corrected':
      return ran([r.pick(CORRECTED)], current);
    case 'needs_review': {
      // The suggestion is drawn before the message, as it always was (the sandbox's data stay).
      const suggestion = r.chance(0.5)
        ? {
            ...current,
            address2: current.address2 ?? fill(r, r.pick(countryOf(a.country).address2)),
          }
        : { ...current, postal_code: fill(r, r.pick(countryOf(a.country).cities).postcode) };
      return ran([r.pick(REVIEW)], suggestion);
    }
    case 'invalid':
      return ran([r.pick(INVALID)], null);
    case 'unchecked':
      return {
        status,
        checked_at: null,
        messages: [
          r.chance(0.5)
            ? `Address checks are not available for ${countryOf(a.country).name} with this carrier.`
            : 'The address service did not answer; the check will be retried.',
        ],
        suggested_address: null,
      };
  }
}

const LABEL_RULES = [
  'Default shipping rule',
  'Cheapest tracked service',
  'Express orders',
  'Heavy parcels (> 10 kg)',
];
const HOLDS: readonly (readonly [string, string])[] = [
  ['High-value orders', 'Order total is above the review threshold.'],
  ['New customer check', 'First order from this customer: verify before shipping.'],
  ['Pre-orders', 'Contains a pre-order item that is not in stock yet.'],
  ['Wait for payment', 'Payment has not been captured yet.'],
  ['Gift wrapping', 'Gift wrapping requested: pack at the gift station.'],
];
const FAILURES = [
  'Carrier rejected the address: the postal code does not match the city.',
  'The parcel weight exceeds the service limit (31.5 kg).',
  'No rate is available for the selected service.',
  'The carrier API timed out after 30 s.',
  'A customs description is missing for one or more items.',
];

export interface Automation {
  labelAutomation: unknown;
  labelCaution: unknown;
  labelPurchase: unknown;
  shippingOverrides: unknown;
  carrierShipment: unknown;
  checkoutMethod: unknown;
}

export function automationOf(
  ctx: OrderContext,
  plan: OrderPlan,
  weightKg: number,
  totalAmount: string,
): Automation {
  const r = orderRng(ctx, plan.n, STREAM.labels);
  const labels = plan.parcels.filter((p) => p.kind === 'label');
  const latest = labels[labels.length - 1] ?? null;
  const voided = plan.parcels.find((p) => p.kind === 'voided') ?? null;
  const hold = plan.attention.includes('hold');
  const failed = plan.attention.includes('failed');

  let labelAutomation: unknown = null;
  if (hold || failed) {
    const [holdRule, reason] = r.pick(HOLDS);
    const ranAt = iso(soonAfter(r, plan.createdAt, ctx.now, MINUTE, 10 * MINUTE));
    labelAutomation = {
      status: failed ? 'failed' : 'held',
      rule: r.pick(LABEL_RULES),
      ran_at: ranAt,
      error: failed ? r.pick(FAILURES) : null,
      hold: hold ? { rule: holdRule, reason, since: ranAt } : null,
    };
  } else if (latest && r.chance(0.65)) {
    labelAutomation = {
      status: 'succeeded',
      rule: r.pick(LABEL_RULES),
      ran_at: iso(latest.labelAt - r.int(5, 90) * 1000),
      error: null,
      hold: null,
    };
  }

  let labelCaution: unknown = null;
  if (plan.stage === 'open') {
    if (plan.attention.includes('address')) {
      labelCaution = {
        code: 'address_unverified',
        message: 'The address check found a problem: review it before buying a label.',
      };
    } else if (weightKg > 20) {
      labelCaution = {
        code: 'heavy_parcel',
        message: `The parcel weighs ${weightKg.toFixed(1)} kg: check the service's weight limit.`,
      };
    } else if (plan.paymentStatus === 'pending') {
      labelCaution = { code: 'payment_pending', message: 'The order is not paid yet.' };
    }
  }

  let labelPurchase: unknown = null;
  const bought = latest ?? voided;
  if (bought?.carrier) {
    labelPurchase = {
      status: bought.kind === 'voided' ? 'voided' : 'purchased',
      purchased_at: iso(bought.labelAt),
      carrier: bought.carrier,
      service_code: bought.service,
      tracking_number: bought.trackingNumber,
    };
  }

  let shippingOverrides: unknown = {};
  if (r.chance(0.2)) {
    const carrier = latest?.carrier ?? pickCarrier(r, plan.country);
    const total = Number(totalAmount);
    shippingOverrides = {
      carrier,
      service_code: latest?.service ?? pickService(r, carrier, plan.express).code,
      insurance: total >= 150 ? money(Math.ceil(total / 50) * 50) : null,
    };
  }

  const carrierShipment =
    latest?.carrier != null
      ? {
          shipment_id: areaShipmentId(ctx.seed, plan.id, latest.k),
          carrier: latest.carrier,
          carrier_name: CARRIERS[latest.carrier].label,
          service_code: latest.service,
          tracking_number: latest.trackingNumber,
        }
      : null;

  return {
    labelAutomation,
    labelCaution,
    labelPurchase,
    shippingOverrides,
    carrierShipment,
    checkoutMethod: r.weighted(plan.channel.checkout),
  };
}
