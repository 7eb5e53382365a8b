/**
 * Sorting a whole in-memory list (the 100,000-row shipments grid) in less than a comparison
 * sort where the data allows it. The floor of a comparison sort is n·log2(n) comparisons:
 * 105,695 rows × 16.7 ≈ 1.77 million comparator calls, 45–105 ms at 25–60 ns each on a quiet
 * core, well over the 150 ms a sort may take once another process holds a core. Two of a
 * person's sorts need none of that:
 *
 * - a column of few distinct values (carrier, service, status, SLA, reason, package count):
 *   a counting sort, one pass to count, the distinct values sorted, one pass to place:
 *   O(n + k·log k);
 * - the same column the other way (a second click on a header): the sorted list read back to
 *   front by runs of equal keys, each run kept in its order: O(n), no comparisons.
 *
 * Anything else is an index sort with each key read once (a parallel array), so the
 * comparator is two array reads and a compare. Every path gives the same order: present keys
 * ascending or descending, ties in the list's own order (stable), missing keys (null) last
 * whichever the direction, in the list's order.
 */

/** A row's sort key; null when it has none (a blank, a missing figure). */
export type RowKey<T> = (row: T) => string | number | null;

/** Above this many distinct keys a column is comparison-sorted. */
const FEW_KEYS = 1024;

const compare = (desc: boolean) => {
  const sign = desc ? -1 : 1;
  return (x: string | number, y: string | number) => (x < y ? -sign : x > y ? sign : 0);
};

/** The rows sorted by `key` (see the top of this file for the order). A new array. */
export function sortRows<T>(rows: readonly T[], key: RowKey<T>, desc: boolean): T[] {
  const n = rows.length;
  const keys: (string | number)[] = new Array(n);
  const present: number[] = [];
  const missing: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = key(rows[i] as T);
    if (k === null) missing.push(i);
    else {
      keys[i] = k;
      present.push(i);
    }
  }
  const out: T[] = new Array(n);
  const placed =
    countingPlace(rows, keys, present, desc, out) ?? comparePlace(rows, keys, present, desc, out);
  let at = placed;
  for (const i of missing) out[at++] = rows[i] as T;
  return out;
}

/** A counting sort into `out`, or null when the column has too many distinct keys. */
function countingPlace<T>(
  rows: readonly T[],
  keys: readonly (string | number)[],
  present: readonly number[],
  desc: boolean,
  out: T[],
): number | null {
  const counts = new Map<string | number, number>();
  for (const i of present) {
    const k = keys[i] as string | number;
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (counts.size > FEW_KEYS) return null;
  }
  const next = new Map<string | number, number>();
  let offset = 0;
  for (const k of [...counts.keys()].sort(compare(desc))) {
    next.set(k, offset);
    offset += counts.get(k) as number;
  }
  for (const i of present) {
    const k = keys[i] as string | number;
    const at = next.get(k) as number;
    out[at] = rows[i] as T;
    next.set(k, at + 1);
  }
  return present.length;
}

/** An index sort (stable: Array.prototype.sort is) into `out`. */
function comparePlace<T>(
  rows: readonly T[],
  keys: readonly (string | number)[],
  present: number[],
  desc: boolean,
  out: T[],
): number {
  const by = compare(desc);
  present.sort((a, b) => by(keys[a] as string | number, keys[b] as string | number));
  let at = 0;
  for (const i of present) out[at++] = rows[i] as T;
  return at;
}

/**
 * `sorted` (an answer of sortRows by the same key) the other way, with no comparisons: the
 * runs of equal keys in reverse order, each run as it was (ties keep the list's order), the
 * rows without a key still last.
 */
export function reverseSorted<T>(sorted: readonly T[], key: RowKey<T>): T[] {
  const n = sorted.length;
  let present = n;
  while (present > 0 && key(sorted[present - 1] as T) === null) present--;
  const out: T[] = new Array(n);
  let at = 0;
  let end = present;
  while (end > 0) {
    const k = key(sorted[end - 1] as T);
    let start = end - 1;
    while (start > 0 && key(sorted[start - 1] as T) === k) start--;
    for (let i = start; i < end; i++) out[at++] = sorted[i] as T;
    end = start;
  }
  for (let i = present; i < n; i++) out[at++] = sorted[i] as T;
  return out;
}
