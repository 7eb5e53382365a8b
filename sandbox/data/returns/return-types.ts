/** The returns' API types and the value sets of their enums (the spec's, in its order). */
import type { components } from '../../../shared/api/schema.gen';

type S = components['schemas'];
export type ReturnRequest = S['ReturnRequest'];
/** A line as the sandbox builds it: its id always present. */
export type ReturnLine = S['ReturnRequestLine'] & { id: number };
export type ReturnStatus = ReturnRequest['status'];
export type ReturnSource = ReturnRequest['source'];
export type ReturnResolution = ReturnRequest['resolution'];
export type ReturnReason = NonNullable<ReturnRequest['reason']>;

export const RETURN_STATUSES: readonly ReturnStatus[] = [
  'REQUESTED',
  'APPROVED',
  'IN_TRANSIT',
  'RECEIVED',
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
];
export const RETURN_SOURCES: readonly ReturnSource[] = ['MANUAL', 'PORTAL', 'API', 'STOREFRONT'];
export const RETURN_RESOLUTIONS: readonly ReturnResolution[] = [
  'REFUND',
  'STORE_CREDIT',
  'EXCHANGE',
  'KEEP_IT',
];
export const RETURN_REASONS: readonly Exclude<ReturnReason, ''>[] = [
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
];

/** One entry of a return's `events` timeline (shape "not shown" in the spec). */
export interface ReturnEvent {
  type: string;
  status: ReturnStatus;
  at: string;
  actor: string;
  note: string;
}
