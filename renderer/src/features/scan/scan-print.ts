/**
 * Prints what the person chose for scans (Settings → Printing: label, packing slip) for one
 * order, through the routed printers, label first (it goes on the parcel first). Each part's
 * failure is reported without stopping the other part.
 */
import type { PrintOutcome } from '../../../../shared/contract/printing-values';
import type { PackbenchClient } from '../../bridge';
import { callBridge, errorMessage } from '../../query/bridge-call';

export interface ScanPrintChoice {
  label: boolean;
  packingSlip: boolean;
}

export async function printForScan(
  client: PackbenchClient,
  orderId: number,
  choice: ScanPrintChoice,
): Promise<PrintOutcome> {
  const merged: PrintOutcome = { jobs: [], skipped: [] };
  const parts: [boolean, string, () => Promise<PrintOutcome>][] = [
    [choice.label, 'Label', () => callBridge(client, 'printOrderLabels', { orderIds: [orderId] })],
    [
      choice.packingSlip,
      'Packing slip',
      () =>
        callBridge(client, 'printOrderDocuments', { orderIds: [orderId], kinds: ['packing_slip'] }),
    ],
  ];
  for (const [wanted, what, run] of parts) {
    if (!wanted) continue;
    try {
      const outcome = await run();
      merged.jobs.push(...outcome.jobs);
      merged.skipped.push(...outcome.skipped);
    } catch (error) {
      merged.skipped.push({ reason: `${what}: ${errorMessage(error)}` });
    }
  }
  return merged;
}
