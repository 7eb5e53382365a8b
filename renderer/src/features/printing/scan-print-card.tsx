/**
 * Auto-print: what to print for an order once its items are verified on the pack screen (or
 * at its scan when the station's item check is off). Off by default, so nothing prints unless
 * the person asked for it here.
 */
import { Card } from '../../ui/card';
import { CheckboxRow } from '../../ui/checkbox-row';
import { NOT_SAVED_TOAST } from '../../ui/toast-store';
import { useUpdatePrinting } from './use-printing-settings';

export function ScanPrintCard({ scan }: { scan: { label: boolean; packingSlip: boolean } }) {
  const update = useUpdatePrinting();
  const set = (patch: { label?: boolean; packingSlip?: boolean }) =>
    update.mutate({ scan: patch }, NOT_SAVED_TOAST);
  return (
    <Card
      title="Auto-print"
      level={3}
      description="When every item of a scanned order is verified (or at the scan, with the item check off), print through the routes:"
    >
      <div className="flex flex-col gap-2 text-sm">
        <CheckboxRow
          checked={scan.label}
          disabled={update.isPending}
          onChange={(label) => set({ label })}
        >
          Print the order’s shipping label
        </CheckboxRow>
        <CheckboxRow
          checked={scan.packingSlip}
          disabled={update.isPending}
          onChange={(packingSlip) => set({ packingSlip })}
        >
          Print its packing slip
        </CheckboxRow>
      </div>
    </Card>
  );
}
