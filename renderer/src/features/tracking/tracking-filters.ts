/**
 * The Tracking explorer's filter state: the spec's five filters (carrier, exception code,
 * package, shipment, normalised status), each one value ('' = any), kept in the settings file
 * (settings.views.tracking) and turned into the bridge's `trackingEventFilters`. Reading is
 * forgiving value by value: a damaged file loses one bad filter, never the view.
 */
import type { TrackingEventFilters } from '../../../../shared/contract/arg-schemas';
import type { Api } from '../../../../shared/contract/values';
import { boundedText, savedObject } from '../preferences/saved-values';

export type TrackingStatus = Api['TrackingEvent']['svc_normalized_status'];

export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  LABEL: 'Label created',
  TENDER: 'Handed to carrier',
  PICKED_UP: 'Picked up',
  HUB: 'At a hub',
  OUT: 'Out for delivery',
  DEL: 'Delivered',
  EXC: 'Exception',
  RTS: 'Returning to sender',
};

/**
 * In the order a parcel goes through them, exceptions and returns last: the labels' order.
 * Every value of the API's enum has a label (the Record's type), so none is left out.
 */
export const TRACKING_STATUSES = Object.keys(TRACKING_STATUS_LABELS) as TrackingStatus[];

export interface TrackingViewFilters {
  carrier: string;
  exception_code: string;
  /** A package id as typed (digits), '' for any. */
  package: string;
  shipment: string;
  status: TrackingStatus | '';
}

export const EMPTY_TRACKING_FILTERS: TrackingViewFilters = Object.freeze({
  carrier: '',
  exception_code: '',
  package: '',
  shipment: '',
  status: '',
}) as TrackingViewFilters;

// The bridge's limits (arg-schemas.ts).
const LIMITS = { carrier: 32, exception_code: 32, shipment: 64 } as const;
const SHIPMENT_ID = /^[^/?#\s]+$/;

export function isTrackingStatus(value: unknown): value is TrackingStatus {
  return (TRACKING_STATUSES as readonly unknown[]).includes(value);
}

/** A package id as the API takes it (a positive integer), or '' when it is not one. */
export function cleanPackage(value: unknown): string {
  const raw = typeof value === 'number' ? String(value) : boundedText(value, 20);
  if (!/^\d+$/.test(raw)) return '';
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? String(n) : '';
}

/** A shipment id (no spaces, slashes, ? or #), or ''. */
export function cleanShipment(value: unknown): string {
  const raw = boundedText(value, LIMITS.shipment);
  return SHIPMENT_ID.test(raw) ? raw : '';
}

export function trackingFiltersFromSettings(raw: unknown): TrackingViewFilters {
  const r = savedObject(raw);
  if (r === null) return { ...EMPTY_TRACKING_FILTERS };
  return {
    carrier: boundedText(r.carrier, LIMITS.carrier),
    exception_code: boundedText(r.exception_code, LIMITS.exception_code),
    package: cleanPackage(r.package),
    shipment: cleanShipment(r.shipment),
    status: isTrackingStatus(r.status) ? r.status : '',
  };
}

/** Every key written, so the settings merge patch replaces them all. */
export function trackingFiltersToSettings(filters: TrackingViewFilters): Record<string, unknown> {
  return { ...filters };
}

export function toTrackingBridgeFilters(filters: TrackingViewFilters): TrackingEventFilters {
  const out: TrackingEventFilters = {};
  const carrier = boundedText(filters.carrier, LIMITS.carrier);
  if (carrier) out.carrier = carrier;
  const exception = boundedText(filters.exception_code, LIMITS.exception_code);
  if (exception) out.exception_code = exception;
  const pkg = cleanPackage(filters.package);
  if (pkg) out.package = Number(pkg);
  const shipment = cleanShipment(filters.shipment);
  if (shipment) out.shipment = shipment;
  if (isTrackingStatus(filters.status)) out.status = filters.status;
  return out;
}

export function trackingFiltersKey(filters: TrackingViewFilters): string {
  const bridge = toTrackingBridgeFilters(filters) as Record<string, unknown>;
  return JSON.stringify(
    Object.keys(bridge)
      .sort()
      .map((k) => [k, bridge[k]]),
  );
}

export function activeTrackingFilterCount(filters: TrackingViewFilters): number {
  return Object.keys(toTrackingBridgeFilters(filters)).length;
}

/** The settings piece: `{ filters }`. */
export function readTrackingViewSettings(raw: unknown): { filters: TrackingViewFilters } {
  const r = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  return { filters: trackingFiltersFromSettings((r as Record<string, unknown>).filters) };
}

export function writeTrackingViewSettings(value: {
  filters: TrackingViewFilters;
}): Record<string, unknown> {
  return { filters: trackingFiltersToSettings(value.filters) };
}
