/**
 * Issue 34: a benchmark's target is a ratio to a floor or peer measured in the same run, so a
 * figure says something about the code rather than the machine. This reads every report kept in
 * bench/results/ and fails on a row with a target that names neither (see bench/table.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BenchReport, type BenchRow, meetsTarget, ratio } from './table';

const folder = new URL('./results/', import.meta.url);
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));

/** Why a row with a target breaks the format, or undefined when it is fine. */
function problem(row: BenchRow): string | undefined {
  if (row.limit === undefined) return undefined;
  const base = row.base;
  if (!base) return 'has a target but names no floor or peer';
  if (base.kind !== 'floor' && base.kind !== 'peer') return `base kind "${String(base.kind)}"`;
  if (typeof base.name !== 'string' || base.name.trim() === '') return 'its base has no name';
  if (typeof base.value !== 'number' || !Number.isFinite(base.value))
    return 'its base has no measured value';
  return undefined;
}

describe('bench results', () => {
  it('keeps reports to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: every row with a target names a floor or peer', (file) => {
    const report = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as BenchReport;
    const broken = report.rows
      .map((row) => ({ row: row.name, problem: problem(row) }))
      .filter((r) => r.problem !== undefined);
    expect(broken).toEqual([]);
  });
});

describe('bench table', () => {
  const row = (extra: Partial<BenchRow>): BenchRow => ({
    name: 'r',
    value: 13,
    unit: 'ms',
    ...extra,
  });

  it('judges the ratio to the base when there is one', () => {
    const base = { kind: 'floor' as const, name: 'bare list', value: 10 };
    expect(ratio(row({ base }))).toBeCloseTo(1.3);
    expect(meetsTarget(row({ base, limit: 1.3 }))).toBe(true);
    expect(meetsTarget(row({ base, limit: 1.2 }))).toBe(false);
    expect(meetsTarget(row({ base, limit: 1.5, atLeast: true }))).toBe(false);
  });

  it('judges the value when told, or when the row has no base (the old format)', () => {
    const base = { kind: 'peer' as const, name: 'before', value: 2 };
    expect(meetsTarget(row({ base, limit: 15, limitOn: 'value' }))).toBe(true);
    expect(meetsTarget(row({ limit: 12 }))).toBe(false);
    expect(ratio(row({ limit: 12 }))).toBeUndefined();
  });

  it('has no ratio to a base of 0, and no verdict on a ratio target then', () => {
    const base = { kind: 'peer' as const, name: 'before', value: 0 };
    expect(ratio(row({ base }))).toBeUndefined();
    expect(meetsTarget(row({ base, limit: 1 }))).toBeUndefined();
    expect(problem(row({ base, limit: 0, limitOn: 'value' }))).toBeUndefined();
    expect(problem(row({ limit: 1 }))).toMatch(/no floor or peer/);
  });
});
