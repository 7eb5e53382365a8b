/**
 * Values of what supervisors and clerks record about exceptions and returns that the API
 * cannot keep: a return line's disposition (received, its condition, restock or write off)
 * and a recalled or expired batch pulled from a bin. Both live in the selected connection's
 * local store, with who recorded them and when.
 */

export const LINE_CONDITIONS = ['new', 'opened', 'damaged'] as const;
export type LineCondition = (typeof LINE_CONDITIONS)[number];

export const LINE_ACTIONS = ['restock', 'write_off'] as const;
export type LineAction = (typeof LINE_ACTIONS)[number];

/** What happened to one line of a return at the returns desk. */
export interface LineDisposition {
  returnId: number;
  /** The line's place in the return's `lines` (the API's line id is optional). */
  lineIndex: number;
  lineId: number | null;
  rmaNumber: string | null;
  sku: string;
  name: string;
  quantity: number;
  received: boolean;
  condition: LineCondition | null;
  action: LineAction | null;
  /** ISO 8601 instant of the last change. */
  recordedAt: string;
  recordedBy: string;
}

export interface LineDispositionsView {
  dispositions: LineDisposition[];
}

/** A recalled or expired batch taken off the shelf at one bin of one location. */
export interface PulledMark {
  productId: number;
  sku: string;
  locationId: number;
  /** The bin's id; null for stock not assigned to a bin. */
  binId: number | null;
  binCode: string;
  batchId: number;
  batchCode: string;
  /** Units pulled in all (a later mark replaces the number). */
  quantity: number;
  pulledAt: string;
  pulledBy: string;
}

export interface PulledMarksView {
  marks: PulledMark[];
}

/** The local store's key of a pulled mark: one per batch at a bin. */
export const pulledKey = (m: Pick<PulledMark, 'locationId' | 'binId' | 'batchId'>): string =>
  `${m.locationId}:${m.binId ?? 'none'}:${m.batchId}`;
