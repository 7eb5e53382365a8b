/**
 * The orders of one in-memory list (the 100,000-row shipments grid) by each of its columns,
 * made so that a click on a header costs one counting pass, not a sort.
 *
 * Profiling the ui-grids bench (bench/ui-grids-profile.ts) showed a first sort of a column of
 * many values (tracking numbers, names) spending most of click → drawn in row-sort.ts: reading
 * 100,000 keys and ranking them. So each column's keys are ranked once per list (`ranks`: each
 * row's key's rank among the column's distinct keys, a typed array as small as the count of
 * distinct keys allows), kept per list in a WeakMap (a new list — a refresh, a new chunk — is
 * ranked afresh; the old ranks go with the old list), and can be made in idle time once the
 * list is whole (`prepareWhenIdle`). With a column's ranks, either direction is a counting
 * placement: O(n + distinct keys), no key read, no comparison.
 *
 * While a list streams in, each chunk gives a longer list that starts with the last one: the
 * order already made is kept and only the new rows are sorted, then merged into it (`sorted`
 * sees the prefix), so a chunk's sort costs its own rows' sort plus one merge, not a sort of
 * everything held.
 *
 * The order is row-sort.ts's: present keys by direction, ties in the list's order, missing
 * keys (null) last whichever the direction. (Keys of mixed types, numbers and strings, which
 * `<` cannot order between them, rank numbers first: an odd answer's column, never a real one.)
 */
import {
  numberRanks,
  type Ranks,
  type RowKey,
  reverseSorted,
  sortRows,
  stringRanks,
} from './row-sort';

/** Each row's rank (0 = smallest key); rows with no key have rank `distinct` (after all). */
export interface ColumnRanks {
  ranks: Uint8Array | Uint16Array | Uint32Array;
  distinct: number;
}

/** The ranks of every row's key (see ColumnRanks): one read of each key. */
export function columnRanks<T>(rows: readonly T[], key: RowKey<T>): ColumnRanks {
  const n = rows.length;
  const keys: (string | number)[] = new Array(n);
  const present: number[] = [];
  let type: string | undefined;
  let mixed = false;
  for (let i = 0; i < n; i++) {
    const k = key(rows[i] as T);
    if (k === null) continue;
    keys[i] = k;
    present.push(i);
    const t = typeof k;
    if (type === undefined) type = t;
    else if (t !== type) mixed = true;
  }
  const ranked: Ranks = mixed
    ? mixedRanks(keys, present)
    : type === 'string'
      ? stringRanks(keys as string[], present)
      : numberRanks(keys as number[], present);
  const m = ranked.distinct;
  // Rank m (missing) must fit too.
  const ranks = m < 0xff ? new Uint8Array(n) : m < 0xffff ? new Uint16Array(n) : new Uint32Array(n);
  ranks.fill(m);
  for (let j = 0; j < present.length; j++) ranks[present[j] as number] = ranked.ranks[j] as number;
  return { ranks, distinct: m };
}

/**
 * Keys of mixed types (numbers and strings: only in an odd answer): `<` gives no order between
 * the two, so numbers rank first, in order, then strings, in order.
 */
function mixedRanks(keys: readonly (string | number)[], present: readonly number[]): Ranks {
  const numbers = present.filter((i) => typeof keys[i] === 'number');
  const strings = present.filter((i) => typeof keys[i] !== 'number');
  const byNumber = numberRanks(keys as number[], numbers);
  const byString = stringRanks(keys as string[], strings);
  const rankOf = new Map<number, number>();
  numbers.forEach((i, j) => {
    rankOf.set(i, byNumber.ranks[j] as number);
  });
  strings.forEach((i, j) => {
    rankOf.set(i, byNumber.distinct + (byString.ranks[j] as number));
  });
  const ranks = new Uint32Array(present.length);
  present.forEach((i, j) => {
    ranks[j] = rankOf.get(i) as number;
  });
  return { ranks, distinct: byNumber.distinct + byString.distinct };
}

/** The rows in the order of their ranks (a counting placement, stable), missing last. */
export function placeByRanks<T>(rows: readonly T[], column: ColumnRanks, desc: boolean): T[] {
  const { ranks, distinct: m } = column;
  const n = rows.length;
  const start = new Uint32Array(m + 2);
  const slot = (r: number) => (desc && r < m ? m - 1 - r : r);
  for (let i = 0; i < n; i++) {
    const s = slot(ranks[i] as number) + 1;
    start[s] = (start[s] as number) + 1;
  }
  for (let s = 1; s <= m + 1; s++) start[s] = (start[s] as number) + (start[s - 1] as number);
  const out: T[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const s = slot(ranks[i] as number);
    const at = start[s] as number;
    out[at] = rows[i] as T;
    start[s] = at + 1;
  }
  return out;
}

/** True when `next` begins with every row of `previous`, in order (a list grown by a chunk). */
export function extendsList<T>(previous: readonly T[], next: readonly T[]): boolean {
  if (previous.length === 0 || previous.length > next.length) return false;
  for (let i = previous.length - 1; i >= 0; i--) if (previous[i] !== next[i]) return false;
  return true;
}

/**
 * Two sorted lists of one key and direction merged, `before`'s rows placed first among equal
 * keys (they come earlier in the list), missing keys last, `before`'s first.
 */
export function mergeSorted<T>(
  before: readonly T[],
  after: readonly T[],
  key: RowKey<T>,
  desc: boolean,
): T[] {
  const out: T[] = new Array(before.length + after.length);
  let i = 0;
  let j = 0;
  let at = 0;
  let kb = i < before.length ? key(before[i] as T) : null;
  let ka = j < after.length ? key(after[j] as T) : null;
  while (i < before.length && j < after.length) {
    // `after`'s row goes first only when its key is present and strictly ahead.
    const first = ka !== null && (kb === null || (desc ? ka > kb : ka < kb));
    if (first) {
      out[at++] = after[j++] as T;
      ka = j < after.length ? key(after[j] as T) : null;
    } else {
      out[at++] = before[i++] as T;
      kb = i < before.length ? key(before[i] as T) : null;
    }
  }
  while (i < before.length) out[at++] = before[i++] as T;
  while (j < after.length) out[at++] = after[j++] as T;
  return out;
}

interface Made<T> {
  rows: readonly T[];
  column: string;
  desc: boolean;
  sorted: T[];
}

/** A list's orders by column (see the top of this file); one per view. */
export class RowOrders<T> {
  private ranked = new WeakMap<readonly T[], Map<string, ColumnRanks>>();
  private last: Made<T> | undefined;

  constructor(private readonly keyOf: (column: string) => RowKey<T>) {}

  /**
   * True when sorting `rows` by `column` needs no ranking: its keys are ranked (a counting
   * pass), or it is the order just made, either way (read back by runs).
   */
  ready(rows: readonly T[], column: string): boolean {
    const last = this.last;
    if (last && last.rows === rows && last.column === column) return true;
    return this.ranked.get(rows)?.has(column) ?? false;
  }

  /** Ranks `column`'s keys of `rows` now, if not done yet. */
  prepare(rows: readonly T[], column: string): void {
    this.ranksOf(rows, column);
  }

  /** `rows` sorted by `column` (a new array, kept until another order is asked for). */
  sorted(rows: readonly T[], column: string, desc: boolean): T[] {
    const last = this.last;
    if (last && last.rows === rows && last.column === column && last.desc === desc) {
      return last.sorted;
    }
    const kept = this.ranked.get(rows)?.get(column);
    let sorted: T[];
    if (kept) sorted = placeByRanks(rows, kept, desc);
    else if (last && last.rows === rows && last.column === column) {
      // The other direction of the order just made: read back by runs, no ranking.
      sorted = reverseSorted(last.sorted, this.keyOf(column));
    } else if (
      last &&
      last.column === column &&
      last.desc === desc &&
      extendsList(last.rows, rows)
    ) {
      // A chunk came: its rows sorted alone, then merged into the order already made.
      const key = this.keyOf(column);
      const added = sortRows(rows.slice(last.rows.length), key, desc);
      sorted = mergeSorted(last.sorted, added, key, desc);
    } else sorted = placeByRanks(rows, this.ranksOf(rows, column), desc);
    this.last = { rows, column, desc, sorted };
    return sorted;
  }

  private ranksOf(rows: readonly T[], column: string): ColumnRanks {
    let columns = this.ranked.get(rows);
    if (!columns) {
      columns = new Map();
      this.ranked.set(rows, columns);
    }
    let ranks = columns.get(column);
    if (!ranks) {
      ranks = columnRanks(rows, this.keyOf(column));
      columns.set(column, ranks);
    }
    return ranks;
  }
}

type IdleGlobal = {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Ranks each column of `rows` in idle time, one column per idle period, so a later click on a
 * header finds its keys ranked. Returns a cancel (call it when the list changes or the view
 * goes). Without requestIdleCallback (jsdom), a timer stands in.
 */
export function prepareWhenIdle<T>(
  orders: RowOrders<T>,
  rows: readonly T[],
  columns: readonly string[],
): () => void {
  const idle = globalThis as IdleGlobal;
  let next = 0;
  let handle: number | ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const schedule = () => {
    if (cancelled || next >= columns.length) return;
    handle = idle.requestIdleCallback
      ? idle.requestIdleCallback(step, { timeout: 2000 })
      : setTimeout(step, 0);
  };
  const step = () => {
    if (cancelled) return;
    orders.prepare(rows, columns[next++] as string);
    schedule();
  };
  schedule();
  return () => {
    cancelled = true;
    if (handle === undefined) return;
    if (idle.cancelIdleCallback && typeof handle === 'number') idle.cancelIdleCallback(handle);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  };
}
