/**
 * The label of a shipping-area shipment (`GET …/shipments/{id}/label/`), in the carrier's
 * format: PDF (4x6 in page), PNG or GIF (812 x 1218 px, 203 dpi) or ZPL II.
 */
import { fields, postalLines, presentLines } from './address-lines';
import type { ShipmentContact, ShipmentDetail } from './api-types';
import { type LabelFormat, labelFile } from './label-file';
import { type LabelContent, layoutLabel } from './label-layout';
import { layoutToZpl } from './label-zpl';
import { nonNegative } from './order-items';
import { carrierName } from './order-label-pdf';
import { lineOf } from './text-sanitize';

/** A contact as address lines: name, place name (when it differs), street lines, city, country. */
export function contactLines(contact: ShipmentContact | null | undefined): string[] {
  const address = contact?.address;
  if (!address) return presentLines(contact?.name);
  const name = lineOf(contact.name);
  const place = lineOf(address.location_name);
  const lines = presentLines(name || place, name && place !== name ? place : '');
  lines.push(...presentLines(address.line1, address.line2, address.line3));
  lines.push(
    ...postalLines({
      city: address.city,
      province: address.province,
      postcode: address.postcode,
      country: address.country_code,
    }),
  );
  return lines;
}

export function shipmentLabelContent(shipment: ShipmentDetail): LabelContent {
  const packages = Array.isArray(shipment.packages) ? shipment.packages : [];
  let weight = 0;
  let units = 0;
  for (const p of packages) {
    const count = nonNegative(p.quantity) ?? 1;
    units += count;
    weight += (nonNegative(p.weight_kg) ?? 0) * count;
  }
  const first = packages[0];
  const dims = first ? `${first.length_cm} x ${first.width_cm} x ${first.height_cm} cm` : '';
  const phone = lineOf(shipment.ship_to?.phone_number);
  return {
    carrier: carrierName(shipment.carrier),
    service: lineOf(shipment.service_code).replace(/_/g, ' ').toUpperCase() || 'STANDARD',
    fromHeading: 'FROM',
    from: contactLines(shipment.ship_from),
    toHeading: 'SHIP TO',
    to: contactLines(shipment.ship_to),
    references: [
      fields(`SHIPMENT ${lineOf(shipment.shipment_id)}`, lineOf(shipment.created_at).slice(0, 10)),
      fields(
        `PACKAGES ${units}`,
        units > 0 ? `WEIGHT ${weight.toFixed(3)} kg` : '',
        units === 1 ? dims : '',
      ),
      fields(
        lineOf(shipment.manifest_id) ? `MANIFEST ${lineOf(shipment.manifest_id)}` : '',
        phone ? `PHONE ${phone}` : '',
      ),
    ],
    barcode: { label: 'TRACKING NUMBER', value: lineOf(shipment.tracking_number) || null },
  };
}

/** The shipment's label as ZPL II for a 203 dpi printer. */
export function shipmentLabelZpl(shipment: ShipmentDetail): string {
  return layoutToZpl(layoutLabel(shipmentLabelContent(shipment)));
}

/** The shipment's label file in `format`; the bytes to base64 into ShipmentLabel.image_b64. */
export function shipmentLabelFile(shipment: ShipmentDetail, format: LabelFormat): Promise<Buffer> {
  const title = `Shipping label ${lineOf(shipment.shipment_id)}`;
  return labelFile(shipmentLabelContent(shipment), format, title);
}
