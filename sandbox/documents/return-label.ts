/**
 * The label of a return (`GET /api/returns/requests/{id}/label/`): from the customer to the
 * returns warehouse, with the RMA number large (receiving staff match parcels by it) and the
 * tracking number as the barcode. A return carries no customer street address in the API, so
 * the sender block is the customer's name and country, as on a carrier's drop-off label.
 */
import { countryName, fields, postalLines, presentLines } from './address-lines';
import type { ReturnRequest, ShipFrom } from './api-types';
import { type LabelFormat, labelFile } from './label-file';
import type { LabelContent } from './label-layout';
import { carrierName } from './order-label-pdf';
import { lineOf } from './text-sanitize';

export type ReturnLabelContentType =
  | 'application/pdf'
  | 'image/png'
  | 'image/gif'
  | 'application/octet-stream';

const FORMAT_OF: Record<ReturnLabelContentType, LabelFormat> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  // A raw label printer's file: ZPL II.
  'application/octet-stream': 'ZPL',
};

/** Where returns go when the caller does not say: the sandbox's returns desk. */
export const DEFAULT_RETURNS_ADDRESS: ShipFrom = {
  name: 'Packbench Returns',
  address1: 'Waalhaven Zuidzijde 21',
  city: 'Rotterdam',
  postal_code: '3089 JH',
  country: 'NL',
};

export function returnLabelContent(ret: ReturnRequest, returnTo: ShipFrom): LabelContent {
  const lines = Array.isArray(ret.lines) ? ret.lines : [];
  const units = lines.reduce((sum, l) => sum + (Number.isFinite(l.quantity) ? l.quantity : 0), 0);
  const orderName = lineOf(ret.order_name) || (ret.order ? `#${ret.order}` : '');
  const tracking = lineOf(ret.tracking_number);
  const country = lineOf(ret.country);
  return {
    carrier: lineOf(ret.carrier) ? carrierName(ret.carrier) : 'RETURN SHIPMENT',
    service: lineOf(ret.shipping_method).toUpperCase() || 'RETURN',
    badge: 'RETURN',
    fromHeading: 'FROM (CUSTOMER)',
    from: presentLines(ret.customer_name || 'Customer', country ? countryName(country) : ''),
    toHeading: 'RETURN TO',
    to: [
      ...presentLines(returnTo.name, returnTo.address1),
      ...postalLines({
        city: returnTo.city,
        postcode: returnTo.postal_code,
        country: returnTo.country,
      }),
    ],
    highlight: { label: 'RMA NUMBER', value: lineOf(ret.rma_number) },
    references: [
      fields(
        orderName ? `ORDER ${orderName}` : '',
        `${units} ${units === 1 ? 'UNIT' : 'UNITS'}`,
        lineOf(ret.reason) ? `REASON ${lineOf(ret.reason).replace(/_/g, ' ')}` : '',
      ),
    ],
    barcode: tracking
      ? { label: 'TRACKING NUMBER', value: tracking }
      : { label: 'RMA NUMBER', value: lineOf(ret.rma_number) || null },
    footer: `Authorised return ${lineOf(ret.rma_number)}: keep the label visible on the parcel`,
  };
}

/**
 * The return's label file for the content type the API answers with; octet-stream is ZPL
 * bytes. `returnTo` defaults to the sandbox's returns desk.
 */
export function returnLabelFile(
  ret: ReturnRequest,
  contentType: ReturnLabelContentType,
  returnTo: ShipFrom = DEFAULT_RETURNS_ADDRESS,
): Promise<Buffer> {
  const format = FORMAT_OF[contentType] ?? 'PDF';
  return labelFile(returnLabelContent(ret, returnTo), format, `Return label ${ret.rma_number}`);
}
