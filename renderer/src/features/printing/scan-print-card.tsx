/**
 * Auto-print: what to print for an order once its items are verified on the pack screen (or
 * at its scan when the station's item check is off). Off by default, so nothing prints unless
 * the person asked for it here.
 */
import { errorMessage } from '../../query/bridge-call';
import { Card } from '../../ui/card';
import { toast } from '../../ui/toast-store';
import { useUpdatePrinting } from './use-printing-settings';

export function ScanPrintCard({ scan }: { scan: { label: boolean; packingSlip: boolean } }) {
  const update = useUpdatePrinting();
  const set = (patch: { label?: boolean; packingSlip?: boolean }) =>
    update.mutate(
      { scan: patch },
      {
        onError: (error) => toast('Not saved', { tone: 'error', description: errorMessage(error) }),
      },
    );
  return (
    <Card
      title="Auto-print"
      level={3}
      description="When every item of a scanned order is verified (or at the scan, with the item check off), print through the routes:"
    >
      <div className="flex flex-col gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={scan.label}
            disabled={update.isPending}
            onChange={(e) => set({ label: e.target.checked })}
          />
          Print the order’s shipping label
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={scan.packingSlip}
            disabled={update.isPending}
            onChange={(e) => set({ packingSlip: e.target.checked })}
          />
          Print its packing slip
        </label>
      </div>
    </Card>
  );
}
