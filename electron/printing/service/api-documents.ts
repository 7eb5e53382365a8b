/**
 * The documents the console prints, fetched from the API as bytes for the spool (never as
 * base64 across the bridge): label and document batches as PDF, a shipment's label (JSON with
 * base64 inside), a return's label (binary in one of four types). All go through the bridge's
 * client, so the account's throttle, retries and key handling apply.
 */
import type { components } from '../../../shared/api/schema.gen';
import type { ApiClient, CallOptions, StreamedAnswer } from '../../bridge/api/api-client';
import { badResponse } from '../../bridge/api/api-errors';
import { readBounded, withStreamRetries } from '../../bridge/api/download';

export type DocumentKind = components['schemas']['OrderDocumentsRequest']['kinds'][number];

export interface FetchedDocument {
  bytes: Buffer;
  contentType: string;
}

async function bytesOf(
  open: () => Promise<StreamedAnswer>,
  signal?: AbortSignal,
): Promise<FetchedDocument> {
  return withStreamRetries(
    async () => {
      const answer = await open();
      return { bytes: await readBounded(answer.body), contentType: answer.contentType };
    },
    { signal },
  );
}

export function fetchLabelsBatch(
  api: ApiClient,
  orderIds: number[],
  call: CallOptions,
): Promise<FetchedDocument> {
  return bytesOf(
    () => api.stream('orders_labels_batch_create', { body: { order_ids: orderIds } }, call),
    call.signal,
  );
}

export function fetchDocumentsBatch(
  api: ApiClient,
  orderIds: number[],
  kinds: DocumentKind[],
  call: CallOptions,
): Promise<FetchedDocument> {
  return bytesOf(
    () => api.stream('orders_documents_create', { body: { order_ids: orderIds, kinds } }, call),
    call.signal,
  );
}

export async function fetchShipmentLabel(
  api: ApiClient,
  shipmentId: string,
  call: CallOptions,
): Promise<FetchedDocument & { trackingNumber: string; declaredFormat: string }> {
  const label = await api.json(
    'shipping_v1_shipments_label_retrieve',
    { path: { shipment_id: shipmentId } },
    call,
  );
  const bytes = Buffer.from(label.image_b64, 'base64');
  if (bytes.length === 0) throw badResponse('a shipment label with no image');
  return {
    bytes,
    contentType: 'application/json',
    trackingNumber: label.tracking_number,
    declaredFormat: label.format,
  };
}

export function fetchReturnLabel(
  api: ApiClient,
  returnId: number,
  call: CallOptions,
): Promise<FetchedDocument> {
  return bytesOf(
    () => api.stream('returns_requests_label_retrieve', { path: { id: returnId } }, call),
    call.signal,
  );
}
