/**
 * What a CSV file is made from: one of the bridge's exports and the view's arguments for it.
 * The folder the person chose (none: the bridge's default folder) and, for the exports that
 * read the API page by page, the operation id that carries their progress and Cancel are added
 * here, so no view writes that plumbing again.
 */
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import type { ExportResult } from '../../../../shared/contract/values';
import type { PackbenchClient } from '../../bridge';
import { callBridge } from '../../query/bridge-call';

/** Exports that read the API page by page and report progress under an operation id. */
type PagedExport = 'ordersExport' | 'returnsExport' | 'inventoryExport';

export type ExportRequest =
  | {
      [M in PagedExport]: { method: M; args: Omit<ArgsOf<M>, 'destination' | 'operationId'> };
    }[PagedExport]
  /** A table the console already holds (the board, the recall and reorder lists). */
  | { method: 'tableExport'; args: Omit<ArgsOf<'tableExport'>, 'destination'> };

export function callExport(
  client: PackbenchClient,
  request: ExportRequest,
  destination: string | undefined,
  operationId: string,
): Promise<ExportResult> {
  const args = {
    ...request.args,
    ...(destination ? { destination } : {}),
    ...(request.method === 'tableExport' ? {} : { operationId }),
  };
  // Each member of the union pairs a method with its own arguments; TypeScript cannot carry
  // that pairing through a generic call, so the arguments are typed by hand here (the bridge
  // checks them again against the contract's schema).
  return callBridge(client, request.method, args as ArgsOf<typeof request.method>);
}
