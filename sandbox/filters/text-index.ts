/**
 * Substring search over many rows' search texts. All texts are joined into one string and
 * searched with the engine's native indexOf, which is several times faster than calling
 * includes() on 200,000 small strings (the scale-100 search p95 target is 50 ms).
 * The index covers the rows it was built from; rows added later (created orders, whose ids
 * are higher) are searched one by one by the caller.
 */
const SEPARATOR = '\u0000';

export class TextIndex {
  private readonly text: string;
  /** Start offset of each row's text in `text`. */
  private readonly starts: Int32Array;
  private readonly ids: Int32Array;
  /** Highest id covered. */
  readonly maxId: number;

  constructor(rows: readonly { id: number; search: string }[]) {
    this.starts = new Int32Array(rows.length);
    this.ids = new Int32Array(rows.length);
    const parts: string[] = new Array(rows.length);
    let offset = 0;
    let maxId = 0;
    rows.forEach((row, i) => {
      this.starts[i] = offset;
      this.ids[i] = row.id;
      parts[i] = row.search;
      offset += row.search.length + SEPARATOR.length;
      maxId = Math.max(maxId, row.id);
    });
    this.text = parts.join(SEPARATOR);
    this.maxId = maxId;
  }

  /** Ids of the rows whose text contains `needle` (already lower-cased). */
  idsContaining(needle: string): Set<number> {
    const found = new Set<number>();
    if (needle === '' || needle.includes(SEPARATOR)) return found;
    let position = this.text.indexOf(needle);
    while (position !== -1) {
      const row = this.rowAt(position);
      found.add(this.ids[row] ?? -1);
      // Continue after this row: one match per row is enough.
      const next =
        row + 1 < this.starts.length
          ? (this.starts[row + 1] ?? this.text.length)
          : this.text.length;
      position = this.text.indexOf(needle, next);
    }
    return found;
  }

  private rowAt(position: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.starts[mid] ?? 0) <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
