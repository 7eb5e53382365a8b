/**
 * The shipments list as the grid holds it. The API answers one plain array (no paging), so
 * the whole list lives in memory: each ShipmentList object (contacts, addresses, carriers
 * considered: ~1.3 KB of JSON) is reduced to a compact row at once and the original is let go,
 * which keeps 100,000 shipments within the renderer's memory budget. Everything is read
 * defensively: a field missing or of another type reads as "not set", never as a crash.
 */
import type { Api } from '../../../../shared/contract/values';

export interface ShipmentRow {
  id: string;
  carrier: string;
  service: string;
  tracking: string;
  status: string;
  /** MET, MISS, PND or '' (not given). */
  sla: string;
  /** COST, SLA, CO2, CAP, MAN or '' (blank: no reason recorded). */
  reason: string;
  recipient: string;
  destination: string;
  createdAt: string;
  /** created_at in ms (NaN-free: 0 when unreadable), for sorting without parsing again. */
  createdMs: number;
  packages: number | null;
  /** predicted_sla_miss_prob as a number (0..1), or null. */
  missProb: number | null;
  /** Lower-cased "id\ntracking\nrecipient": what the search box matches. */
  search: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** "Cambridge, GB" from a ShipmentContact, or ''. */
export function placeOf(contact: unknown): string {
  const address = record(record(contact)?.address);
  if (!address) return '';
  return [text(address.city), text(address.country_code)].filter((p) => p !== '').join(', ');
}

/** The recipient's name, else the address's location name. */
export function nameOf(contact: unknown): string {
  const c = record(contact);
  return text(c?.name) || text(record(c?.address)?.location_name);
}

export function toShipmentRow(s: Api['ShipmentList']): ShipmentRow {
  const raw = s as unknown as Record<string, unknown>;
  const id = text(raw.shipment_id);
  const tracking = text(raw.tracking_number);
  const recipient = nameOf(raw.ship_to);
  const createdAt = text(raw.created_at);
  const created = Date.parse(createdAt);
  const prob = Number.parseFloat(text(raw.predicted_sla_miss_prob));
  return {
    id,
    carrier: text(raw.carrier),
    service: text(raw.service_code),
    tracking,
    status: text(raw.status),
    sla: text(raw.sla_status),
    reason: text(raw.selection_reason_code),
    recipient,
    destination: placeOf(raw.ship_to),
    createdAt,
    createdMs: Number.isNaN(created) ? 0 : created,
    packages: typeof raw.package_count === 'number' ? raw.package_count : null,
    missProb: Number.isFinite(prob) ? prob : null,
    search: `${id}\n${tracking}\n${recipient}`.toLowerCase(),
  };
}

/** Every array item that is an object becomes a row; anything else in the array is skipped. */
export function toShipmentRows(list: unknown): ShipmentRow[] {
  if (!Array.isArray(list)) return [];
  const rows: ShipmentRow[] = [];
  for (const item of list) {
    if (record(item)) rows.push(toShipmentRow(item as Api['ShipmentList']));
  }
  return rows;
}
