/**
 * `BENCH_SANDBOX_ONLY=probe,returns,page-cpu npm run bench -- sandbox`: some parts of the
 * sandbox bench alone (the whole bench starts a scale-100 sandbox first, minutes on a shared
 * machine), their rows put in place of the same rows of the last bench/results/sandbox.json,
 * every other row kept as it was measured.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { returnsBuildRows } from './returns-build';
import { sandboxPageCpuRows } from './sandbox-page-cpu';
import { sandboxProbeRows } from './sandbox-probe';
import type { BenchReport, BenchRow } from './table';

const PARTS: Record<string, (scale: number) => Promise<BenchRow[]> | BenchRow[]> = {
  returns: (scale) => returnsBuildRows(scale),
  'page-cpu': () => sandboxPageCpuRows(),
  probe: () => sandboxProbeRows(),
};

export function sandboxOnlyParts(): string[] | undefined {
  const only = process.env.BENCH_SANDBOX_ONLY;
  if (!only) return undefined;
  const parts = only.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(p in PARTS));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_SANDBOX_ONLY: unknown ${unknown.join(', ')}; known: ${Object.keys(PARTS).join(', ')}.`,
    );
  }
  return parts;
}

export async function sandboxOnly(parts: readonly string[], scale: number): Promise<BenchReport> {
  const load = Number(loadavg()[0]?.toFixed(2));
  const fresh: BenchRow[] = [];
  for (const part of parts) fresh.push(...(await PARTS[part]!(scale)));
  let last: BenchReport | undefined;
  try {
    last = JSON.parse(
      readFileSync(new URL('./results/sandbox.json', import.meta.url), 'utf8'),
    ) as BenchReport;
  } catch {
    // No earlier run: the report holds these rows alone.
  }
  const rows = [...(last?.rows ?? [])];
  for (const row of fresh) {
    const at = rows.findIndex((r) => r.name === row.name);
    if (at >= 0) rows[at] = row;
    else rows.push(row);
  }
  return {
    name: 'sandbox',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: {
      ...(last?.settings ?? {}),
      only: parts.join(','),
      onlyLoadAtStart: load,
      onlyLoadAtEnd: Number(loadavg()[0]?.toFixed(2)),
    },
    rows,
  };
}
