/**
 * The shipments list as the grid holds it. The API answers one plain array (no paging), so
 * the whole list lives in memory: the bridge hands on each shipment's list part
 * (ShipmentListItem), which is reduced to a compact row at once (sort keys and the search
 * text worked out once) and then let go, which keeps 100,000 shipments within the renderer's
 * memory budget.
 */
import type { ShipmentListItem } from '../../../../shared/contract/shipment-list-item';
import { openJson } from '../../ui/format/open-json';

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

/** A contact as the list holds it; a whole shipment's ShipmentContact is one too. */
type Contact = ShipmentListItem['ship_to'] | undefined;

/** "Cambridge, GB" from a ShipmentContact, or ''. */
export function placeOf(contact: Contact): string {
  const address = contact?.address;
  return [address?.city, address?.country_code].filter(Boolean).join(', ');
}

/** The recipient's name, else the address's location name. */
export function nameOf(contact: Contact): string {
  return contact?.name || contact?.address?.location_name || '';
}

/**
 * One shipment as a row. Read through the generated type, with `?.` and defaults throughout:
 * the list is reduced before anything shows it, so a part missing in an odd answer is a blank
 * cell rather than a lost list.
 */
export function toShipmentRow(s: ShipmentListItem): ShipmentRow {
  const id = s.shipment_id ?? '';
  const tracking = s.tracking_number ?? '';
  const recipient = nameOf(s.ship_to);
  const createdAt = s.created_at ?? '';
  const created = Date.parse(createdAt);
  const prob = Number.parseFloat(s.predicted_sla_miss_prob ?? '');
  return {
    id,
    carrier: s.carrier ?? '',
    service: s.service_code ?? '',
    tracking,
    status: s.status ?? '',
    sla: s.sla_status ?? '',
    reason: s.selection_reason_code ?? '',
    recipient,
    destination: placeOf(s.ship_to),
    createdAt,
    createdMs: Number.isNaN(created) ? 0 : created,
    packages: typeof s.package_count === 'number' ? s.package_count : null,
    missProb: Number.isFinite(prob) ? prob : null,
    search: `${id}\n${tracking}\n${recipient}`.toLowerCase(),
  };
}

/** Every array item that is an object becomes a row; anything else in the array is skipped. */
export function toShipmentRows(list: unknown): ShipmentRow[] {
  const rows: ShipmentRow[] = [];
  for (const item of openJson.objects(list)) rows.push(toShipmentRow(item as ShipmentListItem));
  return rows;
}
