/**
 * Rows with sort keys for the list's sort tests, made by a small deterministic generator, so
 * a failure can be run again with the same seed.
 */

/** A linear congruential generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * `n` rows, each with its place `at` and a key `k` among `distinct` values (numbers or
 * zero-padded strings), one in ten missing (null); `more` adds fields from the same generator.
 */
export function keyedRows<T extends object = object>(
  n: number,
  distinct: number,
  kind: 'string' | 'number',
  seed: number,
  more: (next: () => number) => T = () => ({}) as T,
): (T & { at: number; k: string | number | null })[] {
  const next = seededRandom(seed);
  return Array.from({ length: n }, (_, at) => {
    const extra = more(next);
    if (next() < 0.1) return { ...extra, at, k: null };
    const v = Math.floor(next() * distinct);
    return { ...extra, at, k: kind === 'number' ? v / 7 : `k${String(v).padStart(5, '0')}` };
  });
}
