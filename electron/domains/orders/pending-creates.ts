/**
 * Creates that were sent and whose order has not been seen yet, kept in the connection's local
 * store (local-store/: a commit is on disk when it resolves). A create's reference and the body
 * it sends are written before the request leaves, so a console killed while the create is in
 * flight knows after its restart that the order may exist, and when it was sent: it then looks
 * the order up until it appears or the window has passed, and only then lets it be sent again.
 * Removed when the order is found or known not to exist.
 *
 * Without a local store (unit tests of other parts) the records live in memory: a resend in
 * the same process still waits out the window; only a restart forgets.
 */
import { z } from 'zod';
import { BridgeFailure } from '../../kernel/failure';
import type { SelectedLocalStore } from '../../kernel/local-store';
import { type Collection, defineCollection, put, remove } from '../../kernel/local-store';

export interface PendingCreate {
  /** The draft's reference (a UUID), also in the order's note attributes. */
  reference: string;
  /** When the create was sent (ISO 8601), by the create clock. */
  sentAt: string;
  /** The body as sent: its recipient and date are what the lookup searches by. */
  order: Record<string, unknown>;
}

const pendingSchema = z.object({
  reference: z.string().min(1).max(64),
  sentAt: z.iso.datetime({ offset: true }),
  order: z.record(z.string(), z.unknown()),
});

export const pendingCreates: Collection<PendingCreate> = defineCollection(
  'pendingCreates',
  pendingSchema,
  (p) => p.reference,
);

export class PendingCreates {
  private readonly memory = new Map<string, PendingCreate>();

  constructor(private readonly store?: SelectedLocalStore) {}

  async get(reference: string): Promise<PendingCreate | undefined> {
    if (!this.store) return this.memory.get(reference);
    return (await this.store()).get(pendingCreates, reference);
  }

  /** On disk when this resolves; a failure means nothing may be sent. */
  async record(entry: PendingCreate): Promise<void> {
    if (!this.store) {
      this.memory.set(entry.reference, entry);
      return;
    }
    try {
      await (await this.store()).commit([put(pendingCreates, entry)]);
    } catch (error) {
      throw new BridgeFailure(
        'file_error',
        `The order was not sent: Packbench could not first note it on this computer (${
          error instanceof Error ? error.message : String(error)
        }), and without that note a restart could send it twice. Nothing was created.`,
      );
    }
  }

  /** Best effort: a record left behind only makes the next send of that draft look first. */
  async clear(reference: string): Promise<void> {
    if (!this.store) {
      this.memory.delete(reference);
      return;
    }
    try {
      const store = await this.store();
      if (store.get(pendingCreates, reference))
        await store.commit([remove(pendingCreates, reference)]);
    } catch {
      // Left behind: harmless (see above).
    }
  }
}
