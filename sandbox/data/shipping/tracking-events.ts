/**
 * Carrier scans as the shipping area's TrackingEvent objects. Scan locations are
 * UN/LOCODE-style codes (the warehouse, a sorting hub of the destination country, the
 * destination town); raw status codes are the carrier's own, mapped to svc_normalized_status.
 */

import { CARRIERS } from '../orders/carriers';
import { OWNER_ID } from '../orders/order-materialise';
import { asciiFold } from '../orders/people';
import { iso, MINUTE } from '../orders/time';
import type { TrackingEvent } from '../types';
import type { EventPlan, PackagePlan, ShipmentPlan } from './shipment-plan';
import { warehouseFor } from './warehouses';

type Hub = readonly [string, number, number];

// biome-ignore format: table
const HUBS: Readonly<Record<string, readonly Hub[]>> = {
  US: [['USMEM', 35.15, -90.05], ['USSDF', 38.17, -85.74], ['USIND', 39.77, -86.16], ['USONT', 34.06, -117.65], ['USDFW', 32.9, -97.04]],
  CA: [['CATOR', 43.65, -79.38], ['CAMTR', 45.5, -73.57], ['CAVAN', 49.28, -123.12]],
  GB: [['GBEMA', 52.83, -1.33], ['GBCOV', 52.41, -1.51], ['GBWAR', 53.39, -2.59]],
  DE: [['DELEJ', 51.42, 12.24], ['DEFRA', 50.11, 8.68], ['DEHAM', 53.55, 9.99], ['DEKSF', 51.31, 9.49]],
  FR: [['FRPAR', 48.86, 2.35], ['FRLYS', 45.76, 4.84], ['FRORY', 48.73, 2.36]],
  NL: [['NLAMS', 52.37, 4.9], ['NLRTM', 51.92, 4.48], ['NLUTC', 52.09, 5.12]],
  AU: [['AUSYD', -33.87, 151.21], ['AUMEL', -37.81, 144.96], ['AUBNE', -27.47, 153.03]],
  ES: [['ESMAD', 40.42, -3.7], ['ESBCN', 41.39, 2.17], ['ESZAZ', 41.65, -0.88]],
  IT: [['ITMIL', 45.46, 9.19], ['ITROM', 41.9, 12.5], ['ITBLQ', 44.49, 11.34]],
  SE: [['SESTO', 59.33, 18.07], ['SEGOT', 57.71, 11.97], ['SEJKG', 57.78, 14.16]],
  PL: [['PLWAW', 52.23, 21.01], ['PLPOZ', 52.41, 16.93], ['PLKTW', 50.26, 19.02]],
};

const DESCRIPTION: Record<string, string> = {
  LABEL: 'Label created, shipment information sent to the carrier',
  TENDER: 'Handed over to the carrier',
  PICKED_UP: 'Picked up',
  HUB: 'Processed at sorting hub',
  OUT: 'Out for delivery',
  DEL: 'Delivered',
  EXC: 'Exception',
  RTS: 'Returning to sender',
};

/** The event `index` of package `pkg`, whose id is `packageId`, as the API returns it. */
export function trackingEventOf(
  s: ShipmentPlan,
  pkg: PackagePlan,
  packageId: number,
  index: number,
  id: number,
): TrackingEvent | undefined {
  const ev: EventPlan | undefined = pkg.events[index];
  if (!ev) return undefined;
  const r = s.rest(1000 + pkg.index * 16 + index);
  const { parcel, order } = s;
  const warehouse = warehouseFor(order.country);
  const hubs = HUBS[order.country] ?? HUBS.DE ?? [];
  const hub = hubs.length > 0 ? r.pick(hubs) : (['DELEJ', 51.42, 12.24] as const);
  const city = s.who.address.city;
  let locode: string;
  let geo: unknown = null;
  if (ev.place === 'origin') {
    locode = warehouse.locode;
    if (ev.status !== 'LABEL') geo = { lat: warehouse.latLon[0], lon: warehouse.latLon[1] };
  } else if (ev.place === 'hub') {
    locode = hub[0];
    geo = { lat: round4(hub[1] + jitter(r.next())), lon: round4(hub[2] + jitter(r.next())) };
  } else {
    locode = `${order.country}${asciiFold(city).slice(0, 3).toUpperCase().padEnd(3, 'X')}`;
    geo = {
      lat: round4(hub[1] + jitter(r.next()) * 5),
      lon: round4(hub[2] + jitter(r.next()) * 5),
    };
  }
  const scanCode = CARRIERS[parcel.carrier].scanCodes[ev.status] ?? '';
  const at = iso(ev.at);
  const ingested = Math.max(ev.at, Math.min(ev.at + r.int(1, 15) * MINUTE, s.now));
  const description = ev.exception
    ? `${DESCRIPTION.EXC}: ${ev.exception.toLowerCase().replaceAll('_', ' ')}`
    : DESCRIPTION[ev.status];
  return {
    id,
    package: packageId,
    package_tracking_code: pkg.trackingCode,
    owner: OWNER_ID,
    scan_event: { raw_status: scanCode, description, carrier: parcel.carrier },
    scan_timestamp: at,
    scan_location_code: locode,
    scan_status_code: scanCode,
    svc_normalized_status: ev.status,
    hub_dwell_minutes: ev.hubDwellMinutes,
    geo_breadcrumb: geo,
    exception_code: ev.exception,
    // Events pushed by webhooks carry the carrier's key; polled ones keep the default "".
    idempotency_key: r.chance(0.3)
      ? ''
      : `${parcel.carrier}:${pkg.trackingCode}:${scanCode}:${Math.floor(ev.at / 1000)}`,
    created_at: iso(ingested),
    updated_at: iso(ingested),
  };
}

/** Up to ±0.3° around a point. */
function jitter(u: number): number {
  return (u - 0.5) * 0.6;
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
