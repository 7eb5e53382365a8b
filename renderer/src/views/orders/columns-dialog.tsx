/**
 * Arrange the grid's columns: show or hide each, move it left or right, or go back to the
 * default arrangement. Widths are changed on the headers (drag, or arrow keys on the handle).
 * A dialog rather than drag and drop: every step works from the keyboard and reads clearly.
 */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useId } from 'react';
import {
  type ColumnState,
  columnLabel,
  defaultColumnState,
  isRequiredColumn,
  moveColumn,
  setHidden,
} from '../../features/orders/column-state';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

export function ColumnsDialog({
  open,
  onOpenChange,
  columns,
  onChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  columns: ColumnState;
  onChange(columns: ColumnState): void;
}) {
  const baseId = useId();
  const visible = columns.order.filter((id) => !columns.hidden.includes(id));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Columns"
      description="Shown columns in order, left to right. Kept for next time."
    >
      <ul className="flex flex-col gap-1" aria-label="Columns">
        {columns.order.map((id) => {
          const label = columnLabel(id);
          const shown = !columns.hidden.includes(id);
          const at = visible.indexOf(id);
          return (
            <li key={id} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-raised">
              <Checkbox.Root
                id={`${baseId}-${id}`}
                checked={shown}
                disabled={isRequiredColumn(id)}
                onCheckedChange={(c) => onChange(setHidden(columns, id, c !== true))}
                className="grid size-4 place-items-center rounded border border-line bg-surface disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg"
              >
                <Checkbox.Indicator className="text-[10px] leading-none">✓</Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={`${baseId}-${id}`} className="flex-1 text-sm">
                {label}
              </label>
              <Button
                tone="ghost"
                className="h-7 px-2"
                aria-label={`Move ${label} left`}
                disabled={!shown || at <= 0}
                onClick={() => onChange(moveColumn(columns, id, -1))}
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                tone="ghost"
                className="h-7 px-2"
                aria-label={`Move ${label} right`}
                disabled={!shown || at === visible.length - 1}
                onClick={() => onChange(moveColumn(columns, id, 1))}
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex justify-between gap-2">
        <Button tone="ghost" onClick={() => onChange(defaultColumnState())}>
          Reset to default
        </Button>
        <Button tone="primary" onClick={() => onOpenChange(false)}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
