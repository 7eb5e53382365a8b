/**
 * Counts the records of an RFC 4180 CSV as it streams past, without holding it: a line break
 * inside a quoted field is part of the field, not a new record. Byte-wise, which is safe for
 * UTF-8 (the quote and the line feed never occur inside a multi-byte character).
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class CsvRowCounter {
  private records = 0;
  private inQuotes = false;
  /** Whether the current record has any byte yet (a last line without a line break counts). */
  private pending = false;

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === QUOTE) {
        // An escaped quote ("") flips twice: no net change.
        this.inQuotes = !this.inQuotes;
        this.pending = true;
      } else if (byte === LF && !this.inQuotes) {
        if (this.pending) this.records += 1;
        this.pending = false;
      } else if (byte !== CR || this.inQuotes) {
        this.pending = true;
      }
    }
  }

  /** Records seen so far, the last one included even without a final line break. */
  get total(): number {
    return this.records + (this.pending ? 1 : 0);
  }

  /** Whether what was seen ends inside a quoted field (a cut-off file, or a broken one). */
  get endsInQuotes(): boolean {
    return this.inQuotes;
  }

  /** Whether what was seen ends after a whole record (or is empty): not inside quotes, not mid-line. */
  get endsOnRecord(): boolean {
    return !this.inQuotes && !this.pending;
  }

  /** Data rows: every record but the header. */
  get dataRows(): number {
    return Math.max(0, this.total - 1);
  }
}
