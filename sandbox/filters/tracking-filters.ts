/** Tracking event filters (spec, Shipments): all optional, exact matches, combined with AND. */
import type { TrackingEventRow } from '../data/types';
import { type Query, QueryReader } from './query';

export function trackingEventFilter(query: Query): (row: TrackingEventRow) => boolean {
  const q = new QueryReader(query);
  const tests: ((row: TrackingEventRow) => boolean)[] = [];
  const carrier = q.string('carrier')?.toLowerCase();
  if (carrier) tests.push((r) => r.carrier.toLowerCase() === carrier);
  const exception = q.string('exception_code')?.toLowerCase();
  if (exception) tests.push((r) => r.exception_code.toLowerCase() === exception);
  const pkg = q.integer('package', 1);
  if (pkg !== undefined) tests.push((r) => r.package === pkg);
  const shipment = q.string('shipment');
  if (shipment) tests.push((r) => r.shipment_id === shipment);
  const status = q.string('status')?.toUpperCase();
  if (status) tests.push((r) => r.status === status);
  q.done();
  return (r) => tests.every((t) => t(r));
}
