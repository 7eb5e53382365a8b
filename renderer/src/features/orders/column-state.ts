/**
 * The grid's column arrangement (order, hidden columns, widths) as kept in the settings file
 * (settings.views.orders.columns) and as TanStack Table's state slices. Reading is forgiving:
 * unknown ids from an older or newer version are dropped, columns added since the file was
 * written appear at the end, widths are clamped. The selection column is not part of it: it
 * is always first and cannot be hidden, moved or resized.
 */
import { savedObject } from '../preferences/saved-values';

export interface ColumnInfo {
  id: string;
  label: string;
  /** Default width in px. */
  size: number;
  /** Shown unless the person hides it. */
  visible: boolean;
  /** The order number stays: without it a row cannot be told apart. */
  required?: boolean;
}

export const ORDER_COLUMNS: readonly ColumnInfo[] = [
  { id: 'order', label: 'Order', size: 150, visible: true, required: true },
  { id: 'packed', label: 'Packed', size: 110, visible: true },
  { id: 'printed', label: 'Label printed', size: 150, visible: true },
  { id: 'date', label: 'Date', size: 130, visible: true },
  { id: 'customer', label: 'Customer', size: 180, visible: true },
  { id: 'destination', label: 'Ship to', size: 170, visible: true },
  { id: 'channel', label: 'Channel', size: 120, visible: true },
  { id: 'stage', label: 'Stage', size: 110, visible: true },
  { id: 'payment', label: 'Payment', size: 130, visible: true },
  { id: 'fulfillment', label: 'Fulfillment', size: 130, visible: true },
  { id: 'attention', label: 'Attention', size: 150, visible: true },
  { id: 'total', label: 'Total', size: 120, visible: true },
  { id: 'items', label: 'Items', size: 80, visible: false },
  { id: 'tracking', label: 'Tracking', size: 170, visible: false },
  { id: 'delivery', label: 'Delivery', size: 130, visible: false },
  { id: 'created', label: 'Created', size: 160, visible: false },
];

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 600;

const BY_ID = new Map(ORDER_COLUMNS.map((c) => [c.id, c]));

export interface ColumnState {
  /** Every known column id, in display order. */
  order: string[];
  /** Ids of the hidden columns. */
  hidden: string[];
  /** Width in px of every column. */
  sizes: Record<string, number>;
}

export function defaultColumnState(): ColumnState {
  return {
    order: ORDER_COLUMNS.map((c) => c.id),
    hidden: ORDER_COLUMNS.filter((c) => !c.visible).map((c) => c.id),
    sizes: Object.fromEntries(ORDER_COLUMNS.map((c) => [c.id, c.size])),
  };
}

function clampWidth(value: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, value)));
}

/** Reads the stored arrangement, repairing what does not fit this version's columns. */
export function columnStateFromSettings(raw: unknown): ColumnState {
  const fallback = defaultColumnState();
  const r = savedObject(raw);
  if (r === null) return fallback;
  const known = (v: unknown): v is string => typeof v === 'string' && BY_ID.has(v);

  const stored = Array.isArray(r.order) ? [...new Set(r.order.filter(known))] : [];
  const order = [...stored, ...fallback.order.filter((id) => !stored.includes(id))];

  const hidden = Array.isArray(r.hidden)
    ? [...new Set(r.hidden.filter(known))].filter((id) => !BY_ID.get(id)?.required)
    : fallback.hidden;

  const sizes = { ...fallback.sizes };
  if (typeof r.sizes === 'object' && r.sizes !== null) {
    for (const [id, width] of Object.entries(r.sizes as Record<string, unknown>)) {
      if (BY_ID.has(id) && typeof width === 'number' && Number.isFinite(width)) {
        sizes[id] = clampWidth(width);
      }
    }
  }
  return { order, hidden, sizes };
}

/** Written whole (every id and width), so a merge patch leaves nothing stale behind. */
export function columnStateToSettings(state: ColumnState): Record<string, unknown> {
  return { order: [...state.order], hidden: [...state.hidden], sizes: { ...state.sizes } };
}

export function setHidden(state: ColumnState, id: string, hidden: boolean): ColumnState {
  if (!BY_ID.has(id) || BY_ID.get(id)?.required) return state;
  const rest = state.hidden.filter((h) => h !== id);
  return { ...state, hidden: hidden ? [...rest, id] : rest };
}

/**
 * Moves a column one place left (-1) or right (+1) among the visible ones, so "move left"
 * always visibly moves it (hidden neighbours are stepped over).
 */
export function moveColumn(state: ColumnState, id: string, delta: -1 | 1): ColumnState {
  const visible = state.order.filter((c) => !state.hidden.includes(c));
  const at = visible.indexOf(id);
  const target = visible[at + delta];
  if (at < 0 || target === undefined) return state;
  const order = state.order.filter((c) => c !== id);
  const targetAt = order.indexOf(target);
  order.splice(delta < 0 ? targetAt : targetAt + 1, 0, id);
  return { ...state, order };
}

export function resizeColumn(state: ColumnState, id: string, width: number): ColumnState {
  if (!BY_ID.has(id) || !Number.isFinite(width)) return state;
  return { ...state, sizes: { ...state.sizes, [id]: clampWidth(width) } };
}

/** TanStack Table's visibility slice: only explicit `false` hides. */
export function toColumnVisibility(state: ColumnState): Record<string, boolean> {
  return Object.fromEntries(ORDER_COLUMNS.map((c) => [c.id, !state.hidden.includes(c.id)]));
}

/** TanStack Table's order slice: the selection column first, always. */
export function toColumnOrder(state: ColumnState, fixedFirst: string): string[] {
  return [fixedFirst, ...state.order];
}

export function columnLabel(id: string): string {
  return BY_ID.get(id)?.label ?? id;
}

export function isRequiredColumn(id: string): boolean {
  return BY_ID.get(id)?.required === true;
}
