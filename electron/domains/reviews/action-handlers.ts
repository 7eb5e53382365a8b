/**
 * The bridge methods for what supervisors and clerks record that the API cannot keep
 * (issue 32): return lines' dispositions (recorded a part at a time, with who and when, and
 * exported as a CSV for the ERP) and pulled marks on recalled or expired batches at a bin.
 */
import type { LineDisposition, PulledMark } from '@shared/contract/action-values';
import type { ExportResult } from '@shared/contract/values';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { SelectedLocalStore } from '../../kernel/local-store';
import type { CsvTable } from '../../kernel/operations/csv-file';
import {
  dispositionAt,
  dispositionsOf,
  pulledOf,
  saveDisposition,
  savePulled,
} from './action-store';
import { dispositionTable } from './disposition-csv';

export interface ActionDeps {
  localStore: SelectedLocalStore;
  /** Who recorded it when the call names nobody (the signed-in name, else the computer's user). */
  defaultPerson(): string;
  /** Writes a CSV the console made (csv-file.ts's writeCsvTable, with its folders). */
  writeTable(
    table: CsvTable,
    prefix: string,
    destination: string | undefined,
    signal: AbortSignal,
  ): Promise<ExportResult>;
  now?: () => Date;
}

export function createActionHandlers(deps: ActionDeps) {
  const now = deps.now ?? (() => new Date());
  return asHandlers({
    returnDispositionsList: async ({ returnIds }) => ({
      dispositions: dispositionsOf(await deps.localStore(), returnIds),
    }),

    returnDispositionSet: async (args) => {
      const store = await deps.localStore();
      const before = dispositionAt(store, args.returnId, args.lineIndex);
      // A part left out keeps what was recorded; the line's own facts are refreshed.
      const next: LineDisposition = {
        returnId: args.returnId,
        lineIndex: args.lineIndex,
        lineId: args.lineId ?? before?.lineId ?? null,
        rmaNumber: args.rmaNumber || before?.rmaNumber || null,
        sku: args.sku,
        name: args.name,
        quantity: args.quantity,
        received: args.received ?? before?.received ?? false,
        condition: args.condition === undefined ? (before?.condition ?? null) : args.condition,
        action: args.action === undefined ? (before?.action ?? null) : args.action,
        recordedAt: now().toISOString(),
        recordedBy: args.recordedBy ?? deps.defaultPerson(),
      };
      return saveDisposition(store, next);
    },

    returnDispositionsExport: async ({ destination }, ctx) =>
      deps.writeTable(
        dispositionTable(dispositionsOf(await deps.localStore())),
        'return-dispositions',
        destination,
        ctx.signal,
      ),

    pulledMarksList: async () => ({ marks: pulledOf(await deps.localStore()) }),

    pulledMarkSet: async (args) => {
      const mark: PulledMark = {
        productId: args.productId,
        sku: args.sku,
        locationId: args.locationId,
        binId: args.binId,
        binCode: args.binCode,
        batchId: args.batchId,
        batchCode: args.batchCode,
        quantity: args.quantity,
        pulledAt: now().toISOString(),
        pulledBy: args.pulledBy ?? deps.defaultPerson(),
      };
      return { mark: await savePulled(await deps.localStore(), mark) };
    },
  } satisfies Partial<Handlers>);
}
