/**
 * `packComplete`: the pack's last unit verified, as one act in the main process. Before, the
 * pack screen's hook made four calls (the label, the slip, the log, then `packLogPrinted` with
 * the job ids main itself had made); a window closed between them left a pack logged without
 * its prints. Here:
 *
 * 1. the prints are asked, the label first (it goes on the parcel first), both at once; each
 *    part's failure is said in words in `skipped` and does not stop the other, and a job is
 *    queued even when its printer is off (the print queue holds it);
 * 2. the pack log is written once, with what was printed: the log holds the whole pack or
 *    none of it, and a failed write is answered in words (`logProblem`) beside the prints, so
 *    the packer hears both what printed and that the log did not take it.
 *
 * The handlers it runs are the composed ones (passed in: a domain imports no other domain):
 * the printing domain's, and the pack log's with the floor's wrapper when there is a floor.
 */
import type { PackCompleteView, PackedPrint } from '@shared/contract/packing-values';
import type { PrintOutcome } from '@shared/contract/printing-values';
import { isBridgeFailure } from '../../kernel/failure';
import {
  asHandlers,
  type CallContext,
  type Handlers,
  type HandlersFor,
} from '../../kernel/handler-types';

export interface PackCompleteDeps {
  log: HandlersFor<'packLogRecord'>;
  print: HandlersFor<'printOrderLabels' | 'printOrderDocuments'>;
}

type Part = 'shipping_label' | 'packing_slip';

export function createPackCompleteHandlers(deps: PackCompleteDeps) {
  return asHandlers({
    packComplete: async ({ print, ...pack }, ctx): Promise<PackCompleteView> => {
      const outcome = await printParts(deps, pack.orderId, print, ctx);
      const printed: PackedPrint[] = outcome.kinds.map(({ kind, job }) => ({
        kind,
        printer: job.printerName,
        jobId: job.id,
        at: job.createdAt,
      }));
      try {
        const record = await deps.log.packLogRecord(
          { ...pack, ...(printed.length > 0 ? { printed } : {}) },
          ctx,
        );
        return { record, print: outcome };
      } catch (error) {
        return { record: null, logProblem: inWords(error), print: outcome };
      }
    },
  } satisfies Partial<Handlers>);
}

async function printParts(
  deps: PackCompleteDeps,
  orderId: number,
  choice: { label: boolean; packingSlip: boolean },
  ctx: CallContext,
): Promise<PackCompleteView['print']> {
  const parts: [Part, string, () => Promise<PrintOutcome>][] = [];
  if (choice.label) {
    parts.push([
      'shipping_label',
      'Label',
      () => deps.print.printOrderLabels({ orderIds: [orderId] }, ctx),
    ]);
  }
  if (choice.packingSlip) {
    parts.push([
      'packing_slip',
      'Packing slip',
      () => deps.print.printOrderDocuments({ orderIds: [orderId], kinds: ['packing_slip'] }, ctx),
    ]);
  }
  // Asked in this order, at once: on one shared printer the label is queued first.
  const settled = await Promise.all(
    parts.map(async ([kind, what, run]) => {
      try {
        return { kind, outcome: await run(), failed: null };
      } catch (error) {
        return { kind, outcome: null, failed: `${what}: ${inWords(error)}` };
      }
    }),
  );
  const merged: PackCompleteView['print'] = { jobs: [], skipped: [], kinds: [] };
  for (const { kind, outcome, failed } of settled) {
    if (!outcome) {
      merged.skipped.push({ reason: failed ?? '' });
      continue;
    }
    merged.jobs.push(...outcome.jobs);
    merged.kinds.push(...outcome.jobs.map((job) => ({ kind, job })));
    merged.skipped.push(...outcome.skipped);
  }
  return merged;
}

/**
 * A failure's words. A BridgeFailure's message is written for people; anything else is a bug
 * whose text might hold a secret, so it is never passed on.
 */
function inWords(error: unknown): string {
  return isBridgeFailure(error)
    ? error.message
    : 'Something went wrong inside the console; the details are in its log.';
}
