/**
 * The benchmark report format and its table (issue 34: every figure beside its floor or peer).
 *
 * A row is a measurement. A row with a target names, in `base`, what it is measured against in
 * the same run, so a reader sees at once what is the code and what is the machine:
 * - a floor: the least the work can cost here (a bare virtual list in the same Chromium,
 *   `JSON.parse` of the same bytes, `Array.prototype.sort` of the same rows, requests ÷ rate);
 * - a peer: another way of doing the same work, run beside it (the code before, the naive or
 *   fixed-retry client, the prefetch off).
 * With a base, `limit` is a target on the ratio value ÷ base.value (e.g. ≤ 1.3 ×). Where users
 * need an absolute figure whatever the machine (0 failed calls, a sort within 150 ms),
 * `limitOn: 'value'` keeps the limit on the value, and the base and ratio are still printed.
 * `base.value` is in the row's unit. Rows without a base are the format before issue 34: their
 * limit is on the value; bench/results.test.ts fails on a row with a limit and no base.
 * `carried` marks a row not measured by this report's run but taken from another report (its
 * date): value and base still come from one run, that one.
 * Every field added here is optional, so rows written in the old format still read and print.
 */
export interface BenchBase {
  kind: 'floor' | 'peer';
  /** What was measured, in words (e.g. "bare virtual list, same rows"). */
  name: string;
  /** In the row's unit, measured in the same run as the row. */
  value: number;
}

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** The floor or peer this row is measured against, in the same run. */
  base?: BenchBase;
  /**
   * The target: the ratio to `base` (or the value, with `limitOn: 'value'` or no base) should
   * stay at or below it (or at or above when `atLeast`).
   */
  limit?: number;
  atLeast?: boolean;
  limitOn?: 'ratio' | 'value';
  /** Restated from the report of this date, not measured again (see above). */
  carried?: string;
  note?: string;
}

export interface BenchReport {
  name: string;
  date: string;
  machine: { cpus: number; node: string; platform: string };
  settings: Record<string, unknown>;
  rows: BenchRow[];
}

/** value ÷ base.value; undefined without a base or with a base of 0 (nothing to divide by). */
export function ratio(row: BenchRow): number | undefined {
  if (!row.base || row.base.value === 0) return undefined;
  return row.value / row.base.value;
}

/** What the limit applies to: the ratio when there is a base (unless told), else the value. */
export function limitedFigure(row: BenchRow): number | undefined {
  if (row.base && row.limitOn !== 'value') return ratio(row);
  return row.value;
}

export function meetsTarget(row: BenchRow): boolean | undefined {
  const figure = limitedFigure(row);
  if (row.limit === undefined || figure === undefined) return undefined;
  return row.atLeast ? figure >= row.limit : figure <= row.limit;
}

/** A row measured against a floor or peer, with its target on the ratio. */
export function against(
  row: Omit<BenchRow, 'base'>,
  kind: BenchBase['kind'],
  name: string,
  value: number,
): BenchRow {
  return { ...row, base: { kind, name, value } };
}

/**
 * For a bench that runs the same rows twice, the code and a peer under another label (e.g.
 * "label prefetched: …" beside "prefetch off: …"): each row with a target and `from` in its
 * name takes as its peer the row named the same with `to` instead. The target stays on the
 * value (a need of the staff's); the peer is printed beside it. Rows with a base keep it.
 */
export function namePeers(rows: readonly BenchRow[], from: string, to: string): BenchRow[] {
  const byName = new Map(rows.map((r) => [r.name, r]));
  return rows.map((row) => {
    if (row.limit === undefined || row.base || !row.name.includes(from)) return row;
    const peer = byName.get(row.name.replace(from, to));
    if (!peer) return row;
    return { ...row, base: { kind: 'peer', name: peer.name, value: peer.value }, limitOn: 'value' };
  });
}

export function printTable(report: BenchReport): void {
  const head = ['measurement', 'value', 'floor / peer', 'ratio', 'target', 'ok'];
  const body = report.rows.map((r) => {
    const q = ratio(r);
    const ok = meetsTarget(r);
    const onValue = !r.base || r.limitOn === 'value';
    const target =
      r.limit === undefined
        ? '—'
        : `${r.atLeast ? '≥' : '≤'} ${fmt(r.limit)}${onValue ? ` ${r.unit}` : ' ×'}`;
    return [
      `${r.name}${r.carried ? ` (carried from ${r.carried.slice(0, 10)})` : ''}`,
      `${fmt(r.value)} ${r.unit}`,
      r.base ? `${r.base.kind} ${fmt(r.base.value)} ${r.unit}: ${r.base.name}` : '—',
      q === undefined ? '—' : `${q.toFixed(2)} ×`,
      target,
      ok === undefined ? '' : ok ? 'yes' : 'NO',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${report.name} (${report.date}; ${JSON.stringify(report.settings)})`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1);
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
