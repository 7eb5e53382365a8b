/**
 * The exceptions board's counts as last painted whole (issue 32), one small record per
 * connection in its local store (shared/contract/kept-board.ts). The next launch paints the
 * board from it in one local read, while the large kept walk (inventory-exceptions.ts) and a
 * fresh count come behind. A record that no longer reads as a board is no board.
 */
import { type KeptBoard, keptBoardSchema } from '@shared/contract/kept-board';
import { z } from 'zod';
import { defineCollection, put } from '../../kernel/local-store/collection';
import type { ApiHandlerDeps } from '../../kernel/operations/api-deps';

const recordSchema = z.object({ key: z.literal('board'), board: keptBoardSchema });

export const keptBoards = defineCollection('keptBoard', recordSchema, (r) => r.key);

export async function inventoryBoardKept(
  deps: Pick<ApiHandlerDeps, 'localStore'>,
): Promise<{ board: KeptBoard | null }> {
  if (!deps.localStore) return { board: null };
  try {
    const store = await deps.localStore();
    return { board: store.get(keptBoards, 'board')?.board ?? null };
  } catch {
    // An unreadable store is no board: the board counts afresh, as at a first launch.
    return { board: null };
  }
}

export async function inventoryBoardKeep(
  deps: Pick<ApiHandlerDeps, 'localStore'>,
  board: KeptBoard,
): Promise<{ kept: true }> {
  if (deps.localStore) {
    const store = await deps.localStore();
    await store.commit([put(keptBoards, { key: 'board', board })]);
  }
  return { kept: true };
}
