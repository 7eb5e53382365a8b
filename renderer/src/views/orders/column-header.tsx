/**
 * One column header: its name and a resize handle that works with the mouse (TanStack
 * Table's resize handler, on mousedown and touchstart as it expects) and with the keyboard
 * (a focusable vertical separator: arrow keys change the width by 10 px, saved at once).
 */
import type { Header } from '@tanstack/react-table';
import {
  columnLabel,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
} from '../../features/orders/column-state';
import type { gridFeatures } from '../../features/orders/order-columns';
import type { Order } from '../../features/orders/order-facts';
import { cn } from '../../ui/cn';

const STEP = 10;

export function ColumnHeader({
  header,
  onKeyboardResize,
}: {
  header: Header<typeof gridFeatures, Order, unknown>;
  /** A keyboard step (px, + wider): applied to the latest saved width, not the one drawn. */
  onKeyboardResize(step: number): void;
}) {
  const width = header.getSize();
  const label = columnLabel(header.column.id);
  const handler = header.getResizeHandler();
  return (
    <th
      scope="col"
      style={{ width }}
      className="relative truncate px-2 py-1.5 text-left text-xs font-semibold tracking-wide text-muted uppercase"
      data-column-id={header.column.id}
    >
      {label}
      {header.column.getCanResize() && (
        // biome-ignore lint/a11y/useSemanticElements: <hr> cannot be focused or dragged; a focusable separator is the ARIA pattern for a splitter
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${label}`}
          aria-valuenow={width}
          aria-valuemin={MIN_COLUMN_WIDTH}
          aria-valuemax={MAX_COLUMN_WIDTH}
          tabIndex={0}
          onMouseDown={handler}
          onTouchStart={handler}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
            event.preventDefault();
            onKeyboardResize(event.key === 'ArrowRight' ? STEP : -STEP);
          }}
          className={cn(
            'absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none',
            'hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
            header.column.getIsResizing() && 'bg-accent',
          )}
        />
      )}
    </th>
  );
}
