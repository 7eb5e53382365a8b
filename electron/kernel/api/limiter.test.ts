import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBridgeFailure } from '../failure';
import { AccountLimiter, type Priority, type Slot } from './limiter';
import { parseRetryAfter } from './retry-after';

/** Records when each request got its slot (ms since the test's start). */
function recorder(limiter: AccountLimiter, t0: number) {
  const starts: { label: string; at: number; slot: Slot }[] = [];
  const take = (label: string, priority: Priority = 'background', signal?: AbortSignal) =>
    limiter.acquire(priority, signal).then((slot) => {
      starts.push({ label, at: Date.now() - t0, slot });
      return slot;
    });
  return { starts, take };
}

describe('AccountLimiter', () => {
  let t0: number;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    t0 = Date.now();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spaces starts by 1/rate', async () => {
    const limiter = new AccountLimiter({ initialRate: 4, concurrency: 10, backgroundTrain: 1 });
    const { starts, take } = recorder(limiter, t0);
    for (let i = 0; i < 5; i++) void take(`r${i}`);
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts.map((s) => s.at)).toEqual([0, 250, 500, 750, 1000]);
  });

  it('sends bulk work in trains of two at the same average rate; interactive calls one by one', async () => {
    const limiter = new AccountLimiter({ initialRate: 4, concurrency: 10 });
    const { starts, take } = recorder(limiter, t0);
    for (let i = 0; i < 6; i++) void take(`bulk${i}`);
    await vi.advanceTimersByTimeAsync(1600);
    expect(starts.map((s) => s.at)).toEqual([0, 0, 500, 500, 1000, 1000]);
    const clicks = recorder(limiter, t0);
    for (let i = 0; i < 3; i++) void clicks.take(`click${i}`, 'interactive');
    await vi.advanceTimersByTimeAsync(1000);
    expect(clicks.starts.map((s) => s.at)).toEqual([1600, 1850, 2100]);
  });

  it('never has more than `concurrency` requests in flight', async () => {
    const limiter = new AccountLimiter({ initialRate: 1000, maxRate: 1000, concurrency: 3 });
    const { starts, take } = recorder(limiter, t0);
    for (let i = 0; i < 7; i++) void take(`r${i}`);
    await vi.advanceTimersByTimeAsync(100);
    expect(starts).toHaveLength(3);
    expect(limiter.state()).toMatchObject({ inFlight: 3, queued: { background: 4 } });
    starts[0]?.slot.answered();
    await vi.advanceTimersByTimeAsync(100);
    expect(starts).toHaveLength(4);
    for (const s of starts) s.slot.answered();
    await vi.advanceTimersByTimeAsync(100);
    expect(starts).toHaveLength(7);
    expect(limiter.state().inFlight).toBe(3);
  });

  it('starts a waiting interactive request before every waiting background one', async () => {
    const limiter = new AccountLimiter({ initialRate: 10, concurrency: 1 });
    const { starts, take } = recorder(limiter, t0);
    void take('bulk-1');
    void take('bulk-2');
    void take('bulk-3');
    await vi.advanceTimersByTimeAsync(0);
    void take('click', 'interactive');
    expect(limiter.state().queued).toEqual({ interactive: 1, background: 2 });
    starts[0]?.slot.answered();
    await vi.advanceTimersByTimeAsync(150);
    expect(starts.map((s) => s.label)).toEqual(['bulk-1', 'click']);
    starts[1]?.slot.answered();
    await vi.advanceTimersByTimeAsync(150);
    starts[2]?.slot.answered();
    await vi.advanceTimersByTimeAsync(150);
    expect(starts.map((s) => s.label)).toEqual(['bulk-1', 'click', 'bulk-2', 'bulk-3']);
  });

  it('pauses the whole queue for Retry-After seconds, and bulk work twice as long', async () => {
    const limiter = new AccountLimiter({
      initialRate: 10,
      concurrency: 4,
      backgroundTrain: 1,
      random: () => 0.5, // no jitter: bulk waits exactly twice the Retry-After
    });
    const { starts, take } = recorder(limiter, t0);
    const first = await take('a');
    void take('b');
    void take('c', 'interactive');
    void first.throttled(3);
    // What the banner shows: bulk work is what waits longest.
    expect(limiter.state().pausedUntil).toBe(t0 + 6000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(starts.map((s) => s.label)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.map((s) => s.label)).toEqual(['a', 'c']);
    expect(starts[1]?.at).toBe(3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(starts.map((s) => s.label)).toEqual(['a', 'c']);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.map((s) => s.label)).toEqual(['a', 'c', 'b']);
    expect(starts[2]?.at).toBe(6000);
    expect(limiter.state().pausedUntil).toBeNull();
  });

  it('lets the refused request go round again only after its own Retry-After', async () => {
    const limiter = new AccountLimiter({ initialRate: 10 });
    const slot = await limiter.acquire('interactive');
    let waited = false;
    const wait = slot.throttled(2).then(() => {
      waited = true;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(waited).toBe(true);
    // A cancelled call stops waiting at once (its next acquire then rejects as cancelled).
    const again = await limiter.acquire('interactive');
    const abort = new AbortController();
    const cancelledWait = again.throttled(30, abort.signal);
    abort.abort();
    await expect(cancelledWait).resolves.toBeUndefined();
    await expect(limiter.acquire('interactive', abort.signal)).rejects.toMatchObject({
      error: { code: 'cancelled' },
    });
  });

  it('pauses until an HTTP-date Retry-After', async () => {
    const limiter = new AccountLimiter({ initialRate: 10 });
    const { starts, take } = recorder(limiter, t0);
    const slot = await take('a', 'interactive');
    void take('b', 'interactive');
    const date = new Date(t0 + 12_000).toUTCString();
    void slot.throttled(parseRetryAfter(date, Date.now()) ?? 1);
    expect(limiter.state().pausedUntil).toBe(t0 + 12_000);
    await vi.advanceTimersByTimeAsync(11_999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(2);
  });

  it('caps a pause at maxPauseSeconds', async () => {
    const limiter = new AccountLimiter({ maxPauseSeconds: 300 });
    const slot = await limiter.acquire('interactive');
    void slot.throttled(86_400);
    expect(limiter.state().pausedUntil).toBe(t0 + 300_000);
  });

  it('lowers the rate on a 429 once per congestion event, and not again until something succeeds', async () => {
    const limiter = new AccountLimiter({ initialRate: 10, concurrency: 4 });
    const { take } = recorder(limiter, t0);
    const slots = [take('a'), take('b'), take('c')];
    await vi.advanceTimersByTimeAsync(500);
    const [a, b, c] = await Promise.all(slots);
    void a?.throttled(1);
    // Too little history to measure: the ceiling steps down to 90 %, the rate to 70 % of it.
    expect(limiter.rate).toBeCloseTo(6.3);
    // b and c were sent at the same rate before the pause: they say nothing new.
    void b?.throttled(1);
    void c?.throttled(1);
    expect(limiter.rate).toBeCloseTo(6.3);
    expect(limiter.state().throttled).toBe(3);
    // Sent after the pause and refused, with nothing admitted since the lowering (a storm):
    // the rate stays, the pauses do the waiting.
    await vi.advanceTimersByTimeAsync(3000);
    const d = await take('d');
    void d.throttled(1);
    expect(limiter.rate).toBeCloseTo(6.3);
    // Something admitted, then a new refusal: a new event, lowered again.
    await vi.advanceTimersByTimeAsync(3000);
    (await take('e')).answered();
    const f = await take('f');
    void f.throttled(1);
    expect(limiter.rate).toBeCloseTo(0.9 * 0.9 * 10 * 0.7);
  });

  it('creeps up after sustained success, then climbs back fast to below the learnt ceiling', async () => {
    const limiter = new AccountLimiter({ initialRate: 10, maxRate: 50, backgroundTrain: 1 });
    const run = async (n: number, refuseLast = false) => {
      const all: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const refuse = refuseLast && i === n - 1;
        all.push(
          limiter
            .acquire('background')
            .then((slot) => (refuse ? slot.throttled(1) : slot.answered())),
        );
      }
      await vi.advanceTimersByTimeAsync(n * 200);
      await Promise.all(all);
    };
    // The first request of each burst had no company and no wait: 20 of the 21 count.
    await run(21);
    expect(limiter.rate).toBeCloseTo(11);
    await run(21);
    expect(limiter.rate).toBeCloseTo(12.1);
    // A 429 while busy: the ceiling is what the account admitted lately, the rate 70 % of it.
    await run(30, true);
    const ceiling = limiter.interactiveRate;
    expect(ceiling).toBeLessThan(12.1);
    expect(limiter.rate).toBeCloseTo(ceiling * 0.7);
    // Back to 95 % of the ceiling within a few steps of five successes, and no further...
    await run(25);
    expect(limiter.rate).toBeCloseTo(ceiling * 0.95);
    expect(limiter.interactiveRate).toBeCloseTo(ceiling);
    // ...until 30 s without a 429: then the ceiling is probed upwards, 1 % per busy second.
    await run(250);
    expect(limiter.interactiveRate).toBeGreaterThan(ceiling * 1.05);
    expect(limiter.rate).toBeCloseTo(limiter.interactiveRate * 0.95);
  });

  it('does not raise the rate for requests that never had to wait', async () => {
    const limiter = new AccountLimiter({ initialRate: 10 });
    for (let i = 0; i < 60; i++) {
      const slot = await limiter.acquire('interactive');
      slot.answered();
      await vi.advanceTimersByTimeAsync(2000); // a person clicking now and then
    }
    expect(limiter.rate).toBe(10);
  });

  it('learns the admitted rate from what the account admitted lately', async () => {
    const limiter = new AccountLimiter({ initialRate: 10, maxRate: 50, increaseEvery: 1000 });
    // 10 s at 10/s, all admitted, then a 429: the account took about 10/s.
    const all: Promise<void>[] = [];
    for (let i = 0; i < 100; i++) {
      all.push(limiter.acquire('background').then((s) => s.answered()));
    }
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    const slot = await limiter.acquire('background');
    void slot.throttled(1);
    // About 100 admitted over the last 10 s (+1 s of assumed burst): about 9/s; the rate is
    // 70 % of it.
    expect(limiter.rate).toBeGreaterThan(0.7 * 8.8);
    expect(limiter.rate).toBeLessThan(0.7 * 9.3);
  });

  it('reports its state and every change to listeners', async () => {
    const limiter = new AccountLimiter({ initialRate: 10, concurrency: 1, random: () => 0.5 });
    const seen: { pausedUntil: number | null; queued: number }[] = [];
    const stop = limiter.onChange((s) =>
      seen.push({ pausedUntil: s.pausedUntil, queued: s.queued.background }),
    );
    const slot = await limiter.acquire('background');
    void limiter.acquire('background');
    void slot.throttled(12);
    // Bulk work waits twice the Retry-After: that is the pause the banner shows.
    expect(limiter.state()).toEqual({
      queued: { interactive: 0, background: 1 },
      inFlight: 0,
      rate: 6.3,
      pausedUntil: t0 + 24_000,
      throttled: 1,
      retrying: { count: 0, lastError: null },
    });
    expect(seen.at(-1)).toEqual({ pausedUntil: t0 + 24_000, queued: 1 });
    const end = limiter.retryStarted('The service had a problem (HTTP 503).');
    expect(limiter.state().retrying).toEqual({
      count: 1,
      lastError: 'The service had a problem (HTTP 503).',
    });
    end();
    end();
    expect(limiter.state().retrying.count).toBe(0);
    await vi.advanceTimersByTimeAsync(24_000);
    expect(seen.at(-1)).toEqual({ pausedUntil: null, queued: 0 });
    stop();
  });

  it('drops a waiting request whose signal aborts, and rejects it as cancelled', async () => {
    const limiter = new AccountLimiter({ initialRate: 1, concurrency: 1 });
    const first = await limiter.acquire('background');
    const abort = new AbortController();
    const waiting = limiter.acquire('background', abort.signal);
    expect(limiter.state().queued.background).toBe(1);
    abort.abort();
    const error = await waiting.catch((e: unknown) => e);
    expect(isBridgeFailure(error) && error.error.code).toBe('cancelled');
    expect(limiter.state().queued.background).toBe(0);
    first.answered();
    await expect(limiter.acquire('background', abort.signal)).rejects.toMatchObject({
      error: { code: 'cancelled' },
    });
  });

  it('counts a slot once however often it is reported', async () => {
    const limiter = new AccountLimiter({ concurrency: 2 });
    const slot = await limiter.acquire('background');
    slot.answered();
    slot.failed();
    await slot.throttled(5);
    expect(limiter.state()).toMatchObject({ inFlight: 0, pausedUntil: null, throttled: 0 });
  });
});
