/**
 * A shipment of the streamed shipments list as it crosses the bridge: the fields the list
 * shows, searches and sorts, and nothing else. The API's ShipmentList carries both contacts'
 * full addresses, an alternate address and two open-shaped fields, about 1.3 KB of JSON; the
 * grid reads under a third of it. The bridge checks each element whole against the API's
 * description first (the check is not weakened), then hands on this part only, so a
 * 100,000-row list crosses the bridge, and is parsed in the renderer, at about a third of the
 * bytes (`npm run bench -- ui-grids`). The full shipment is one `shipmentsGet` away.
 */
import type { Api } from './values';

type Shipment = Api['ShipmentList'];

export type ShipmentListItem = Pick<
  Shipment,
  | 'shipment_id'
  | 'carrier'
  | 'service_code'
  | 'tracking_number'
  | 'status'
  | 'created_at'
  | 'selection_reason_code'
  | 'predicted_sla_miss_prob'
  | 'sla_status'
  | 'package_count'
> & {
  /** The recipient's name and place (optional here: an odd answer's gap is a blank cell). */
  ship_to: {
    name?: string | null;
    address: { location_name?: string; city?: string; country_code?: string };
  };
};

/**
 * The list's part of a shipment already checked against its schema. Optional fields the
 * shipment lacks stay undefined (JSON leaves them out; nothing reads them as present).
 */
export function toShipmentListItem(s: Shipment): ShipmentListItem {
  const to = s.ship_to;
  const address = to?.address;
  return {
    shipment_id: s.shipment_id,
    carrier: s.carrier,
    service_code: s.service_code,
    tracking_number: s.tracking_number,
    status: s.status,
    created_at: s.created_at,
    selection_reason_code: s.selection_reason_code,
    predicted_sla_miss_prob: s.predicted_sla_miss_prob,
    sla_status: s.sla_status,
    package_count: s.package_count,
    ship_to: {
      name: to?.name,
      address: {
        location_name: address?.location_name,
        city: address?.city,
        country_code: address?.country_code,
      },
    },
  };
}
