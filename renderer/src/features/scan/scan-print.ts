/**
 * Prints what the person chose for scans (Settings → Printing: label, packing slip) for one
 * order, through the routed printers, both at once, the label asked first (it goes on the
 * parcel first). Each part's failure is reported without stopping the other part.
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
  // Both asked at once (the person waits for the later one); the label is asked first, so on
  // one shared printer it is queued first. Each part's failure is its own.
  const settled = await Promise.all(
    parts
      .filter(([wanted]) => wanted)
      .map(async ([, what, kind, run]) => {
        try {
          return { kind, outcome: await run(), failed: null };
        } catch (error) {
          return { kind, outcome: null, failed: `${what}: ${errorMessage(error)}` };
        }
      }),
  );
  for (const part of settled) {
    if (part.outcome === null) {
      merged.skipped.push({ reason: part.failed ?? '' });
      continue;
    }
    merged.jobs.push(...part.outcome.jobs);
    merged.kinds.push(...part.outcome.jobs.map((job) => ({ kind: part.kind, job })));
    merged.skipped.push(...part.outcome.skipped);
  }
  return merged;
}
