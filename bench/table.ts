/** The benchmark report format and its table: each row a measurement against its limit. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** The target: the measurement should stay at or below it (or at or above when `atLeast`). */
  limit?: number;
  atLeast?: boolean;
  note?: string;
}

export interface BenchReport {
  name: string;
  date: string;
  machine: { cpus: number; node: string; platform: string };
  settings: Record<string, unknown>;
  rows: BenchRow[];
}

export function ratio(row: BenchRow): number | undefined {
  // A limit of 0 (e.g. "failed calls: 0") has no meaningful ratio; the ok column says it all.
  return row.limit === undefined || row.limit === 0 ? undefined : row.value / row.limit;
}

export function meetsTarget(row: BenchRow): boolean | undefined {
  if (row.limit === undefined) return undefined;
  return row.atLeast ? row.value >= row.limit : row.value <= row.limit;
}

export function printTable(report: BenchReport): void {
  const head = ['measurement', 'value', 'target', 'ratio', 'ok'];
  const body = report.rows.map((r) => {
    const q = ratio(r);
    const ok = meetsTarget(r);
    return [
      r.name,
      `${fmt(r.value)} ${r.unit}`,
      r.limit === undefined ? '—' : `${r.atLeast ? '≥' : '≤'} ${fmt(r.limit)} ${r.unit}`,
      q === undefined ? '—' : q.toFixed(2),
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
