/**
 * What the recall and expired lists' component tests share: the one location their fixtures
 * hold stock at, and a stub bridge answering as the bridge does for "Pulled…" marks (none
 * yet, and a new mark recorded as Ana's at 10:42 on the tests' fixed day).
 */
import { vi } from 'vitest';
import type { PulledMark } from '../../../shared/contract/action-values';
import { ok, okUntyped, type StubAnswer, type StubAnswers, stubClient } from './stub-bridge';

export const AMS = { id: 1, code: 'WH-AMS-01', name: 'Amsterdam' };

/** Amsterdam's bins, in the order a product's stock is listed by `heldAtAms`. */
const BINS = [
  { id: 11, code: 'A-01', zone: 'A' },
  { id: 12, code: 'B-04', zone: 'B' },
  { id: 13, code: 'C-09', zone: 'C' },
];

/**
 * A product's stock at Amsterdam as the exceptions walk lists it: `onHandPerBin` units in
 * A-01, B-04, C-09 … in that order, and its batches.
 */
export function heldAtAms(
  product: { id: number; sku: string; name: string },
  onHandPerBin: number[],
  batches: unknown[],
) {
  return {
    product,
    levels: [
      {
        location: AMS,
        bin_breakdown: onHandPerBin.map((on_hand, i) => ({ bin: BINS[i], on_hand })),
        batch_breakdown: batches,
      },
    ],
  };
}

/**
 * A finished exceptions walk read at `at` (a hand-written one: only the fields the lists use),
 * holding the given rows, recalled and expired products, after one page unless `requests` says.
 */
export function walkAt(
  at: Date,
  parts: { rows?: unknown[]; recalled?: unknown[]; expired?: unknown[]; requests?: number },
) {
  return { rows: [], recalled: [], scanned: 1, requests: 1, ...parts, at: at.toISOString() };
}

/** Records the mark as sent, filled in by the bridge as Ana's at 10:42 on 28 November 2026. */
export function pulledMarkSetByAna() {
  return vi.fn<StubAnswer<'pulledMarkSet'>>(async (args) => ({
    ok: true,
    value: {
      mark: {
        ...args,
        pulledAt: new Date(2026, 10, 28, 10, 42).toISOString(),
        pulledBy: 'Ana',
      } as PulledMark,
    },
  }));
}

/**
 * A client for a list read from `exceptions` (a hand-written walk: only the fields the lists
 * use) at Amsterdam, with no marks yet; `answers` adds or replaces methods.
 */
export function pulledListClient(exceptions: unknown, answers: StubAnswers = {}) {
  return stubClient({
    locationsList: okUntyped([AMS]),
    inventoryExceptions: okUntyped(exceptions),
    pulledMarksList: ok({ marks: [] }),
    ...answers,
  });
}
