/**
 * Documents the sandbox serves: order labels and documents (PDF), shipment and return labels
 * (PDF, PNG, GIF, ZPL), CSV exports and product pictures (PNG).
 */
export type { LabelInput, ShipFrom } from './api-types';
export { ORDER_CSV_COLUMNS, ordersCsv, RETURN_CSV_COLUMNS, returnsCsv } from './csv';
export type { LabelFormat } from './label-file';
export {
  type DocumentEntry,
  type DocumentKind,
  type DocumentOptions,
  orderDocumentPdf,
  orderDocumentsPdf,
  paperFor,
  type SingleDocumentKind,
} from './order-documents-pdf';
export { orderLabelsPdf } from './order-label-pdf';
export { DEFAULT_SHIP_FROM } from './order-parties';
export type { BinLookup } from './pick-list';
export { type ImageCategory, productImagePng } from './product-image';
export {
  DEFAULT_RETURNS_ADDRESS,
  type ReturnLabelContentType,
  returnLabelFile,
} from './return-label';
export { shipmentLabelFile, shipmentLabelZpl } from './shipment-label';
export { warmUpDocuments } from './warm-up';
