/**
 * Prints what the person chose for scans (Settings → Printing: label, packing slip) for one
 * order, through the routed printers, label first (it goes on the parcel first). Each part's
 * failure is reported without stopping the other part.
 */
import type { PrintJobView, PrintOutcome } from '../../../../shared/contract/printing-values';
import type { PackbenchClient } from '../../bridge';
import { callBridge, errorMessage } from '../../query/bridge-call';

export interface ScanPrintChoice {
  label: boolean;
  packingSlip: boolean;
}

/** The outcome, and each job with the document kind it printed (the pack log keeps both). */
export interface ScanPrintOutcome extends PrintOutcome {
  kinds: { kind: 'shipping_label' | 'packing_slip'; job: PrintJobView }[];
}

export async function printForScan(
  client: PackbenchClient,
  orderId: number,
  choice: ScanPrintChoice,
): Promise<ScanPrintOutcome> {
  const merged: ScanPrintOutcome = { jobs: [], skipped: [], kinds: [] };
  const parts: [boolean, string, 'shipping_label' | 'packing_slip', () => Promise<PrintOutcome>][] =
    [
      [
        choice.label,
        'Label',
        'shipping_label',
        () => callBridge(client, 'printOrderLabels', { orderIds: [orderId] }),
      ],
      [
        choice.packingSlip,
        'Packing slip',
        'packing_slip',
        () =>
          callBridge(client, 'printOrderDocuments', {
            orderIds: [orderId],
            kinds: ['packing_slip'],
          }),
      ],
    ];
  for (const [wanted, what, kind, run] of parts) {
    if (!wanted) continue;
    try {
      const outcome = await run();
      merged.jobs.push(...outcome.jobs);
      merged.kinds.push(...outcome.jobs.map((job) => ({ kind, job })));
      merged.skipped.push(...outcome.skipped);
    } catch (error) {
      merged.skipped.push({ reason: `${what}: ${errorMessage(error)}` });
    }
  }
  return merged;
}
