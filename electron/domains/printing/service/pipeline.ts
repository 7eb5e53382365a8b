/**
 * Fetch ahead, consume in order: while the printer gets chunk n, the API is already making
 * chunk n+1 (and n+2 with a window of 2), yet jobs reach the queue strictly in the order the
 * person selected. Written here rather than with p-limit/p-map because those either give up the
 * order or wait for every result before the first is used; this is twenty lines.
 */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

export async function fetchAheadInOrder<I, R>(
  items: readonly I[],
  fetch: (item: I, index: number, signal: AbortSignal) => Promise<R>,
  consume: (item: I, result: Settled<R>, index: number) => Promise<'continue' | 'stop'>,
  options: { window: number; signal: AbortSignal },
): Promise<void> {
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const started: Promise<Settled<R>>[] = [];
  const start = (i: number) => {
    if (i >= items.length || signal.aborted) return;
    started[i] = fetch(items[i] as I, i, signal).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
  };
  for (let i = 0; i < Math.max(1, options.window); i++) start(i);
  try {
    for (let i = 0; i < items.length; i++) {
      const pending = started[i];
      if (!pending) return; // aborted before it started
      const result = await pending;
      start(i + Math.max(1, options.window));
      if ((await consume(items[i] as I, result, i)) === 'stop') return;
    }
  } finally {
    // Fetches started ahead that nobody will consume are let go.
    stop.abort();
    await Promise.all(started);
  }
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The first occurrence of each id, in the order given. */
export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
