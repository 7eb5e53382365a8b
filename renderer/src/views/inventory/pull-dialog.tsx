/**
 * "Pulled…" on a recalled or expired batch: which bin it came off (the stock data lists the location's
 * bins, not which holds the batch, so the supervisor says) and how many units in all from
 * that bin; 0 takes the mark back. Who and when are recorded by the bridge (the signed-in
 * name, else the computer's user).
 */
import { useState } from 'react';
import type { PulledMark } from '../../../../shared/contract/action-values';
import { binName } from '../../features/inventory/inventory-tables';
import type { HeldBatch } from '../../features/inventory/recall-list';
import { useSetPulledMark } from '../../features/inventory/use-pulled-marks';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { useFormatters } from '../../ui/format/use-formatters';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';

const MAX_UNITS = 2_147_483_647;

export function PullDialog({
  entry,
  marks,
  onClose,
}: {
  entry: HeldBatch;
  marks: readonly PulledMark[];
  onClose(): void;
}) {
  const format = useFormatters();
  const save = useSetPulledMark();
  // Stock not in any bin is a place too: offered when nothing else is.
  const bins = entry.bins.length > 0 ? entry.bins : [{ id: null, code: '' }];
  const [binIndex, setBinIndex] = useState(0);
  const bin = bins[binIndex] ?? bins[0]!;
  const before = marks.find(
    (m) => m.batchId === entry.batch.id && m.locationId === entry.location.id && m.binId === bin.id,
  );
  const [text, setText] = useState(before ? String(before.quantity) : String(entry.onHand));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const quantity = Number(text.trim().replace(/[\s,.]/g, ''));
    if (text.trim() === '' || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_UNITS) {
      setProblem('Type the units pulled as a whole number, 0 or more (0 takes the mark back).');
      return;
    }
    setProblem(null);
    save.mutate(
      {
        productId: entry.product.id,
        sku: entry.product.sku,
        locationId: entry.location.id,
        binId: bin.id,
        binCode: bin.code,
        batchId: entry.batch.id,
        batchCode: entry.batch.code,
        quantity,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Pulled ${entry.batch.code}`}
      description={`${entry.product.name} at ${entry.location.name || entry.location.code}: ${format.number(entry.onHand)} on hand.`}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField label="From bin">
          {(field) => (
            <Select
              {...field}
              value={String(binIndex)}
              onChange={(e) => setBinIndex(Number(e.target.value))}
            >
              {bins.map((b, i) => (
                <option key={`${b.id ?? 'none'}`} value={String(i)}>
                  {binName(b)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Units pulled" error={problem ?? undefined}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              maxLength={13}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </FormField>
        {save.isError ? (
          <p role="alert" className="text-sm text-danger">
            The mark was not saved: {save.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button tone="ghost" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
