/**
 * Argument schemas of the bridge methods (zod). The main process validates every call with
 * them, whatever the transport; the renderer gets the same types. Objects are strict: an
 * unknown key is a clear error rather than silently ignored.
 */
import { z } from 'zod';

export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().min(1).max(max);
const list = z.array(text(80)).min(1).max(50);
const isoDate = z.iso.date();

export const operationId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'An operation id is 8-64 letters, digits, - or _.');
export const page = z.number().int().min(1).max(1_000_000);
export const pageSize = z.number().int().min(1).max(1000);

export const orderStage = z.enum(['open', 'labels', 'shipped', 'delivered', 'cancelled']);
export const orderFilters = z.strictObject({
  address_status: list.optional(),
  attention: z
    .array(z.enum(['address', 'hold', 'failed', 'any']))
    .min(1)
    .max(4)
    .optional(),
  channel: list.optional(),
  exclude_channel: list.optional(),
  date_after: isoDate.optional(),
  date_before: isoDate.optional(),
  fulfillment_status: list.optional(),
  payment_status: list.optional(),
  q: text(200).optional(),
  stage: orderStage.optional(),
});
export type OrderFilters = z.infer<typeof orderFilters>;

export const returnStatus = z.enum([
  'REQUESTED',
  'APPROVED',
  'IN_TRANSIT',
  'RECEIVED',
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
  'open',
  'closed',
]);
export const returnReason = z.enum([
  'too_small',
  'too_large',
  'wrong_color',
  'damaged',
  'not_as_described',
  'wrong_item',
  'changed_mind',
  'arrived_late',
  'quality',
  'other',
]);
export const returnFilters = z.strictObject({
  carrier: text(64).optional(),
  channel: text(80).optional(),
  country: z.string().length(2).optional(),
  q: text(200).optional(),
  reason: returnReason.optional(),
  status: returnStatus.optional(),
});
export type ReturnFilters = z.infer<typeof returnFilters>;

export const inventoryFilters = z.strictObject({
  expiring_within_days: z.number().int().min(0).max(3650).optional(),
  location: id.optional(),
  low_stock: z.boolean().optional(),
  out_of_stock: z.boolean().optional(),
  q: text(200).optional(),
});
export type InventoryFilters = z.infer<typeof inventoryFilters>;

export const trackingStatus = z.enum([
  'PICKED_UP',
  'HUB',
  'OUT',
  'DEL',
  'EXC',
  'RTS',
  'TENDER',
  'LABEL',
]);
export const trackingEventFilters = z.strictObject({
  carrier: text(32).optional(),
  exception_code: text(32).optional(),
  package: id.optional(),
  shipment: text(64).optional(),
  status: trackingStatus.optional(),
});
export type TrackingEventFilters = z.infer<typeof trackingEventFilters>;

export const documentKind = z.enum([
  'shipping_label',
  'packing_slip',
  'pick_list',
  'commercial_invoice',
]);
export const singleDocumentKind = z.enum(['commercial_invoice', 'packing_slip', 'pick_list']);

/** An absolute path for an export; the main process checks the folder exists. */
export const destination = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'Give an absolute path.');

export const shipmentId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^/?#\s]+$/, 'Not a shipment id.');
export const apiKey = z
  .string()
  .min(8, 'An API key is at least 8 characters.')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters.');
