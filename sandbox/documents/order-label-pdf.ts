/**
 * Shipping labels of orders' shipments: one 4x6 inch page (288 x 432 pt) per label, in the
 * order given. This is the labels-batch endpoint's hot path (hundreds of labels per request),
 * so a document embeds its fonts once and barcodes are drawn as vectors.
 */
import { PDFDocument } from 'pdf-lib';
import { fields, postalLines, presentLines } from './address-lines';
import type { LabelInput } from './api-types';
import { type LabelContent, layoutLabel } from './label-layout';
import { drawLabelPage } from './label-pdf';
import { formatKg, orderTitle, orderWeightKg } from './order-items';
import { pdfFonts } from './pdf-fonts';
import { lineOf } from './text-sanitize';

export type { LabelInput, ShipFrom } from './api-types';

/** Display names of the spec's neutral carrier codes; others are shown as given. */
const CARRIER_NAMES: Record<string, string> = {
  mock: 'MOCK CARRIER',
  carrier_a: 'CARRIER A',
  carrier_b: 'CARRIER B',
  carrier_c: 'CARRIER C',
  carrier_d: 'CARRIER D',
};

export function carrierName(code: unknown): string {
  const raw = lineOf(code);
  if (raw === '') return 'CARRIER';
  return CARRIER_NAMES[raw.toLowerCase()] ?? raw.replace(/_/g, ' ').toUpperCase();
}

/** What the label of one order shipment says. */
export function orderLabelContent({ order, shipment, shipFrom }: LabelInput): LabelContent {
  const province = lineOf(order.province_code) || lineOf(order.province_name);
  const weight = orderWeightKg(order);
  const date = lineOf(shipment.created_at).slice(0, 10);
  return {
    carrier: carrierName(shipment.carrier),
    service: lineOf(shipment.service).toUpperCase() || 'STANDARD',
    fromHeading: 'FROM',
    from: [
      ...presentLines(shipFrom.name, shipFrom.address1),
      ...postalLines({
        city: shipFrom.city,
        postcode: shipFrom.postal_code,
        country: shipFrom.country,
      }),
    ],
    toHeading: 'SHIP TO',
    to: [
      ...presentLines(order.recipient_name, order.company, order.address1, order.address2),
      ...postalLines({
        city: order.city,
        province,
        postcode: order.postal_code,
        country: order.country,
      }),
    ],
    references: [
      fields(`ORDER ${orderTitle(order)}`, weight === null ? '' : `WEIGHT ${formatKg(weight)}`),
      fields(`SHIPMENT ${shipment.id}`, date ? `SHIPPED ${date}` : ''),
      lineOf(order.phone) ? `PHONE ${lineOf(order.phone)}` : '',
    ],
    barcode: { label: 'TRACKING NUMBER', value: lineOf(shipment.tracking_number) || null },
  };
}

/** Adds one label page per input to `doc`, in the given order. */
export async function drawOrderLabels(doc: PDFDocument, labels: LabelInput[]): Promise<void> {
  const fonts = await pdfFonts(doc);
  for (const label of labels) drawLabelPage(doc, fonts, layoutLabel(orderLabelContent(label)));
}

/** One 4x6 label page per input, in the given order, as one PDF. */
export async function orderLabelsPdf(labels: LabelInput[]): Promise<Uint8Array> {
  // No automatic creation/modification dates: the same labels give the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(labels.length === 1 ? 'Shipping label' : `Shipping labels (${labels.length})`);
  doc.setProducer('Packbench sandbox');
  await drawOrderLabels(doc, labels);
  return doc.save();
}
