/**
 * The documents the console prints, fetched from the API as bytes for the spool (never as
 * base64 across the bridge): label and document batches as PDF, a shipment's label (JSON with
 * base64 inside), a return's label (binary in one of four types). All go through the bridge's
 * client, so the account's throttle, retries and key handling apply.
 */
import type { components } from '@shared/api/schema.gen';
import type { ApiClient, CallOptions, StreamedAnswer } from '../../../kernel/api/api-client';
import { badResponse } from '../../../kernel/api/api-errors';
import { readBounded, withStreamRetries } from '../../../kernel/api/download';

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
  return (
    takePrefetched(api, prefetchKey('labels', orderIds)) ??
    bytesOf(
      () => api.stream('orders_labels_batch_create', { body: { order_ids: orderIds } }, call),
      call.signal,
    )
  );
}

export function fetchDocumentsBatch(
  api: ApiClient,
  orderIds: number[],
  kinds: DocumentKind[],
  call: CallOptions,
): Promise<FetchedDocument> {
  return (
    takePrefetched(api, prefetchKey(kinds.join('+'), orderIds)) ??
    bytesOf(
      () => api.stream('orders_documents_create', { body: { order_ids: orderIds, kinds } }, call),
      call.signal,
    )
  );
}

/**
 * Documents fetched ahead of their print (the pack screen asks while the person packs, so the
 * print after the last scan spools at once instead of waiting for the API). Per client (so
 * per connection and key), used once, and only for a while: a label fetched long ago may
 * have been voided and bought again since.
 */
const PREFETCH_TTL_MS = 10 * 60_000;
const PREFETCH_KEEP = 20;
const prefetched = new WeakMap<
  ApiClient,
  Map<string, { at: number; bytes: Promise<FetchedDocument> }>
>();

function prefetchKey(what: string, orderIds: readonly number[]): string {
  return `${what}:${orderIds.join(',')}`;
}

function takePrefetched(api: ApiClient, key: string): Promise<FetchedDocument> | undefined {
  const kept = prefetched.get(api);
  const entry = kept?.get(key);
  if (!entry) return undefined;
  kept?.delete(key);
  return Date.now() - entry.at <= PREFETCH_TTL_MS ? entry.bytes : undefined;
}

/**
 * Fetches one order's documents for a later print, each kind as the print will ask for it
 * (the label alone, each other kind alone). A fetch that fails is forgotten: the print then
 * asks again and reports what it meets. `fetched` sees each document as it arrives (the
 * spool writes it ahead). Returns the kinds now being fetched.
 */
export function prefetchOrderDocuments(
  api: ApiClient,
  orderId: number,
  kinds: readonly DocumentKind[],
  call: CallOptions,
  fetched?: (document: FetchedDocument) => void,
): DocumentKind[] {
  const kept = prefetched.get(api) ?? new Map();
  prefetched.set(api, kept);
  const started: DocumentKind[] = [];
  for (const kind of new Set(kinds)) {
    const key = prefetchKey(kind === 'shipping_label' ? 'labels' : kind, [orderId]);
    const entry = kept.get(key);
    if (entry && Date.now() - entry.at <= PREFETCH_TTL_MS) continue;
    const bytes =
      kind === 'shipping_label'
        ? bytesOf(
            () =>
              api.stream('orders_labels_batch_create', { body: { order_ids: [orderId] } }, call),
            call.signal,
          )
        : bytesOf(
            () =>
              api.stream(
                'orders_documents_create',
                { body: { order_ids: [orderId], kinds: [kind] } },
                call,
              ),
            call.signal,
          );
    bytes.then(
      (document) => {
        try {
          fetched?.(document);
        } catch {
          // Only a head start: the print writes the document itself.
        }
      },
      () => {
        if (kept.get(key)?.bytes === bytes) kept.delete(key);
      },
    );
    kept.set(key, { at: Date.now(), bytes });
    started.push(kind);
  }
  while (kept.size > PREFETCH_KEEP) kept.delete(kept.keys().next().value as string);
  return started;
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
