/**
 * Documents fetched ahead of their print (the pack screen asks while the person packs): the
 * print that follows takes them without asking the API again, once; a later print asks anew.
 * Over real HTTP against the sandbox, counting the requests that reach it.
 */
import { describe, expect, it } from 'vitest';
import { startSandboxForFile } from '../../../../sandbox/test/support/sandbox-fixture';
import { createApiClient } from '../../../kernel/api/api-client';
import { AccountLimiter } from '../../../kernel/api/limiter';
import { countingApiClient } from '../../../test-support/counting-api-client';
import { fetchDocumentsBatch, fetchLabelsBatch, prefetchOrderDocuments } from './api-documents';

const KEY = 'pk_sandbox_prefetch_77a1';
const api = startSandboxForFile({ keys: [KEY], scale: 1 });
const call = { priority: 'background' } as const;

describe('prefetched documents', () => {
  it('are printed without another request, once', async () => {
    const { client, asked } = countingApiClient(api.sandbox().url, KEY);
    const r = await fetch(`${api.sandbox().url}/api/orders/?stage=labels&page_size=1`, {
      headers: { 'X-API-Key': KEY },
    });
    const orderId = ((await r.json()) as { results: { id: number }[] }).results[0]!.id;

    const started = prefetchOrderDocuments(
      client,
      orderId,
      ['shipping_label', 'packing_slip'],
      call,
    );
    expect(started).toEqual(['shipping_label', 'packing_slip']);
    // Asked again while they load: nothing new is fetched.
    expect(prefetchOrderDocuments(client, orderId, ['shipping_label'], call)).toEqual([]);
    const label = await fetchLabelsBatch(client, [orderId], call);
    const slip = await fetchDocumentsBatch(client, [orderId], ['packing_slip'], call);
    expect(label.contentType).toBe('application/pdf');
    expect(slip.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const documentRequests = () =>
      asked.map((u) => new URL(u).pathname).filter((p) => !p.startsWith('/api/orders/?')).length;
    expect(documentRequests()).toBe(2);

    // Used once: the next print of the same order asks the API.
    await fetchLabelsBatch(client, [orderId], call);
    expect(documentRequests()).toBe(3);
    // Another client (another connection or key) never sees them.
    prefetchOrderDocuments(client, orderId, ['shipping_label'], call);
    const other = createApiClient({
      baseUrl: api.sandbox().url,
      apiKey: KEY,
      limiter: new AccountLimiter({ initialRate: 200, maxRate: 500, concurrency: 4 }),
    });
    const fresh = await fetchLabelsBatch(other, [orderId], call);
    expect(fresh.bytes.length).toBeGreaterThan(0);
    expect(documentRequests()).toBe(4);
  });
});
