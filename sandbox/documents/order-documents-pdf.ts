/**
 * Order documents as PDF: one document for `GET /api/orders/{id}/documents/{kind}/`, and the
 * merged file of `POST /api/orders/documents/`, where pages follow the request (order by
 * order, kind by kind as given). Everything is drawn straight into one PDFDocument: copying
 * pages between documents would re-parse every page and embed the fonts again.
 */
import { PDFDocument } from 'pdf-lib';
import type {
  OrderDocumentsRequestKinds,
  OrdersDocumentDownloadKindParam,
} from '../../shared/api/enums.gen';
import type { LabelInput, Order, ShipFrom } from './api-types';
import { commercialInvoiceSpec } from './commercial-invoice';
import { A4, type DocumentSpec, drawDocument, LETTER, type PaperSize } from './document-pdf';
import { drawOrderLabels } from './order-label-pdf';
import { DEFAULT_SHIP_FROM } from './order-parties';
import { packingSlipSpec } from './packing-slip';
import { pdfFonts } from './pdf-fonts';
import { type BinLookup, pickListSpec } from './pick-list';
import { lineOf } from './text-sanitize';

export type DocumentKind = OrderDocumentsRequestKinds;
export type SingleDocumentKind = OrdersDocumentDownloadKindParam;

export interface DocumentOptions {
  /** The sender on slips and invoices; defaults to the first label's sender, then the sandbox's. */
  shipFrom?: ShipFrom;
  /** The bin a SKU is picked from, for pick lists. */
  binFor?: BinLookup;
}

export interface DocumentEntry {
  order: Order;
  kinds: DocumentKind[];
  /** The order's labels; when absent, its shipments that have a label or tracking number. */
  label?: LabelInput[];
}

/** Letter where it is the usual paper (North America, Mexico, the Philippines); A4 elsewhere. */
const LETTER_COUNTRIES = new Set(['US', 'CA', 'MX', 'PH']);

export function paperFor(order: Order): PaperSize {
  return LETTER_COUNTRIES.has(lineOf(order.country).toUpperCase()) ? LETTER : A4;
}

function specFor(
  kind: SingleDocumentKind,
  order: Order,
  shipFrom: ShipFrom,
  binFor?: BinLookup,
): DocumentSpec {
  switch (kind) {
    case 'packing_slip':
      return packingSlipSpec(order, shipFrom);
    case 'pick_list':
      return pickListSpec(order, binFor);
    default:
      return commercialInvoiceSpec(order, shipFrom);
  }
}

function labelsOf(entry: DocumentEntry, shipFrom: ShipFrom): LabelInput[] {
  if (entry.label) return entry.label;
  const shipments = Array.isArray(entry.order.shipments) ? entry.order.shipments : [];
  return shipments
    .filter((s) => lineOf(s.label_url) !== '' || lineOf(s.tracking_number) !== '')
    .map((shipment) => ({ order: entry.order, shipment, shipFrom }));
}

function newDocument(title: string): Promise<PDFDocument> {
  // No automatic dates: the same request gives the same bytes.
  return PDFDocument.create({ updateMetadata: false }).then((doc) => {
    doc.setTitle(title);
    doc.setProducer('Packbench sandbox');
    return doc;
  });
}

/** All requested documents of all entries in one PDF, in the order asked for. */
export async function orderDocumentsPdf(
  entries: DocumentEntry[],
  options: DocumentOptions = {},
): Promise<Uint8Array> {
  const doc = await newDocument('Order documents');
  const fonts = await pdfFonts(doc);
  for (const entry of entries) {
    const shipFrom = options.shipFrom ?? entry.label?.[0]?.shipFrom ?? DEFAULT_SHIP_FROM;
    for (const kind of entry.kinds) {
      if (kind === 'shipping_label') {
        await drawOrderLabels(doc, labelsOf(entry, shipFrom));
      } else {
        const spec = specFor(kind, entry.order, shipFrom, options.binFor);
        drawDocument(doc, fonts, spec, paperFor(entry.order));
      }
    }
  }
  return doc.save();
}

/** One document of one order. */
export async function orderDocumentPdf(
  order: Order,
  kind: SingleDocumentKind,
  options: DocumentOptions = {},
): Promise<Uint8Array> {
  const spec = specFor(kind, order, options.shipFrom ?? DEFAULT_SHIP_FROM, options.binFor);
  const doc = await newDocument(
    `${spec.title.toLowerCase().replace(/^./, (c) => c.toUpperCase())} ${spec.meta[0]?.[1] ?? ''}`.trim(),
  );
  drawDocument(doc, await pdfFonts(doc), spec, paperFor(order));
  return doc.save();
}
