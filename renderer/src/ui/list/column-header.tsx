// biome-ignore-all lint/a11y/useSemanticElements: the fixed-rows grid is an ARIA table of divs (fixed-rows.tsx says why)
/**
 * One column header: its name, a sort button when the table sorts (aria-sort says which way),
 * and a resize handle when the column may be resized, for the mouse (TanStack Table's
 * handler, on mousedown and touchstart as it expects) and the keyboard (a focusable vertical
 * separator: arrow keys change the width by 10 px).
 */
import type { Header, RowData } from '@tanstack/react-table';
import { flexRender } from '@tanstack/react-table';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { cn } from '../cn';
import type { ListFeatures } from './list-columns';

/** How much one arrow key press widens or narrows a column. */
const STEP = 10;
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 600;

const LABEL = 'text-xs font-semibold tracking-wide text-muted uppercase';

export interface HeaderCellProps<T extends RowData> {
  header: Header<ListFeatures, T, unknown>;
  /** `th` in a native table, a div with role columnheader in the fixed-rows grid. */
  as: 'th' | 'div';
  /** Fixed widths (sized tables); content-sized tables leave widths to the browser. */
  sized: boolean;
  /** A keyboard step (px, + wider), applied by the caller to the latest saved width. */
  onKeyboardResize?(columnId: string, step: number): void;
}

export function HeaderCell<T extends RowData>({
  header,
  as,
  sized,
  onKeyboardResize,
}: HeaderCellProps<T>) {
  const { column } = header;
  const width = header.getSize();
  const title = flexRender(column.columnDef.header, header.getContext());
  const label = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
  const sorted = column.getCanSort() ? column.getIsSorted() : false;
  const Cell = as;
  return (
    <Cell
      {...(as === 'th' ? { scope: 'col' } : { role: 'columnheader' })}
      style={sized ? { width } : undefined}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={cn(
        'relative truncate px-2 py-1.5 text-left',
        as === 'div' && 'flex-none px-1 py-1',
        column.columnDef.meta?.headerClass,
      )}
      data-column-id={column.id}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className={cn(
            LABEL,
            'inline-flex max-w-full items-center gap-1 truncate rounded px-1 py-0.5 hover:bg-surface focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
          )}
        >
          {title}
          {sorted === 'desc' && <ArrowDown aria-hidden className="size-3" />}
          {sorted === 'asc' && <ArrowUp aria-hidden className="size-3" />}
        </button>
      ) : (
        <span className={LABEL}>{title}</span>
      )}
      {sized && column.getCanResize() && onKeyboardResize && (
        <ResizeHandle header={header} label={label} onStep={onKeyboardResize} />
      )}
    </Cell>
  );
}

function ResizeHandle<T extends RowData>({
  header,
  label,
  onStep,
}: {
  header: Header<ListFeatures, T, unknown>;
  label: string;
  onStep(columnId: string, step: number): void;
}) {
  const handler = header.getResizeHandler();
  return (
    // A focusable separator is the ARIA pattern for a splitter (<hr> can be neither focused nor dragged).
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={header.getSize()}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      onMouseDown={handler}
      onTouchStart={handler}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        onStep(header.column.id, event.key === 'ArrowRight' ? STEP : -STEP);
      }}
      className={cn(
        'absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none',
        'hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
        header.column.getIsResizing() && 'bg-accent',
      )}
    />
  );
}
