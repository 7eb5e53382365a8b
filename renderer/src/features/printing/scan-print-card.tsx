/**
 * Scan to print: what to print at once when a scan finds exactly one order. Off by default, so
 * a scan never prints unless the person asked for it here.
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
      title="Scan to print"
      level={3}
      description="When a scan in Orders finds exactly one order, print at once through the routes above:"
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
