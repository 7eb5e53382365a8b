/**
 * First step of "Print documents": which kinds to print for the selected orders. The next
 * step is the print options dialog for those kinds (printer, copies, paper per route).
 */
import { Checkbox } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type DocumentKind,
} from '../../features/orders/bulk-work';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

export function DocumentKindsDialog({
  open,
  onOpenChange,
  count,
  onNext,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  count: number;
  onNext(kinds: DocumentKind[]): void;
}) {
  const baseId = useId();
  const [kinds, setKinds] = useState<DocumentKind[]>(['packing_slip']);
  useEffect(() => {
    if (open) setKinds(['packing_slip']);
  }, [open]);
  const toggle = (kind: DocumentKind, on: boolean) =>
    setKinds((k) =>
      on ? DOCUMENT_KINDS.filter((x) => x === kind || k.includes(x)) : k.filter((x) => x !== kind),
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Print documents"
      description={`Which documents to print for ${count.toLocaleString()} selected ${count === 1 ? 'order' : 'orders'}.`}
    >
      <form
        className="flex flex-col gap-gap"
        onSubmit={(e) => {
          e.preventDefault();
          if (kinds.length > 0) onNext(kinds);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Documents</legend>
          {DOCUMENT_KINDS.map((kind) => (
            <div key={kind} className="flex items-center gap-2 text-sm">
              <Checkbox.Root
                id={`${baseId}-${kind}`}
                checked={kinds.includes(kind)}
                onCheckedChange={(c) => toggle(kind, c === true)}
                className="grid size-4 place-items-center rounded border border-line bg-surface data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg"
              >
                <Checkbox.Indicator className="text-[10px] leading-none">✓</Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={`${baseId}-${kind}`}>{DOCUMENT_KIND_LABELS[kind]}</label>
            </div>
          ))}
        </fieldset>
        {kinds.length === 0 && (
          <p role="alert" className="text-sm text-danger">
            Choose at least one document.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" tone="primary" disabled={kinds.length === 0}>
            Next
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
