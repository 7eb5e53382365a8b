/**
 * The floor, live in this renderer (issue 29): when another station changes what this one
 * shows (a return marked reviewed at another bench), the main process has already copied the
 * change into this station's store and sends a `floorChanged` event; the queries that read
 * that state are marked stale here, so the ones on screen are asked again at once. Without
 * it the worklist showed the mark only at its next read (a filter change, a reload). The Floor
 * view (claims, packs, conflicts, stations) and the print queue's interrupted batches are told
 * the same way (floor-live-relay.ts in the main process).
 * Invalidation rather than patching the cache: the store is the truth, the event names only
 * the topic, and a worklist kept by marks must be read again anyway.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BridgeMethod } from '../../../../shared/contract/bridge-contract';
import type { FloorTopic } from '../../../../shared/contract/values';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods } from '../../query/bridge-query';

/** The bridge methods whose answers each topic's change makes stale. */
export const FLOOR_TOPIC_METHODS: Record<FloorTopic, readonly BridgeMethod[]> = {
  reviews: ['returnReviewsList', 'returnsWorklist'],
  overview: ['floorOverview', 'floorPackConflicts'],
  batches: ['printBatchesInterrupted'],
};

/** Listens for the page's life (mounted once, in the app's frame). */
export function useFloorLive(): void {
  const client = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type !== 'floorChanged') return;
        const methods = FLOOR_TOPIC_METHODS[event.topic];
        // A topic this renderer does not know (a newer main process) is ignored.
        if (methods) void invalidateMethods(queryClient, methods);
      }),
    [client, queryClient],
  );
}
