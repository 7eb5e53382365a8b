import { describe, expect, it } from 'vitest';
import {
  CUT_FACTOR,
  freshBucket,
  giveBack,
  grant,
  PROBE_AFTER_MS,
  refill,
  refused,
  saneBucket,
  spend,
} from './bucket';

describe("the floor's token bucket", () => {
  it('starts just under a station’s rate, full, with a reserve for people waiting', () => {
    const b = freshBucket(10, 0);
    expect(b.rate).toBeCloseTo(9.6);
    expect(b.tokens).toBe(b.burst);
    expect(b.reserve).toBeGreaterThanOrEqual(2);
    expect(b.burst).toBeLessThanOrEqual(10);
  });

  it('lets background work take only what lies above the reserve; a person takes the rest', () => {
    let b = freshBucket(10, 0);
    const bulk = grant(b, 0, 'background', 100);
    expect(bulk.granted).toBe(Math.floor(b.burst - b.reserve));
    b = bulk.state;
    expect(grant(b, 0, 'background', 1).granted).toBe(0);
    const scan = grant(b, 0, 'interactive', 1);
    expect(scan.granted).toBe(1);
    expect(scan.waitMs).toBe(0);
  });

  it('refills at its rate, never above its burst', () => {
    const b = { ...freshBucket(10, 0), tokens: 0 };
    expect(refill(b, 500).tokens).toBeCloseTo(4.8);
    expect(refill(b, 60_000).tokens).toBe(b.burst);
    // A clock that goes back (another server's) never removes tokens.
    expect(refill(b, -1000).tokens).toBe(0);
  });

  it('tells background work how long until its tokens are above the reserve', () => {
    const b = { ...freshBucket(10, 0), tokens: 0 };
    const wait = grant(b, 0, 'background', 1);
    expect(wait.granted).toBe(0);
    // The reserve refills first, then one token for the bulk request.
    expect(wait.waitMs).toBe(Math.ceil(((b.reserve + 1) / b.rate) * 1000));
    expect(grant(b, wait.waitMs, 'background', 1).granted).toBe(1);
  });

  it('never grants the floor more than its rate over time, whoever asks', () => {
    let b = freshBucket(10, 0);
    let granted = 0;
    for (let t = 0; t <= 60_000; t += 10) {
      for (const cls of ['interactive', 'background'] as const) {
        const g = grant(b, t, cls, 3);
        b = g.state;
        granted += g.granted;
      }
    }
    expect(granted).toBeLessThanOrEqual(Math.ceil(9.6 * 60 + b.burst));
    expect(granted).toBeGreaterThanOrEqual(Math.floor(9.6 * 60));
  });

  it('cuts the rate once per congestion event, however many stations report it', () => {
    let b = freshBucket(10, 0);
    b = refused(b, 1000);
    expect(b.rate).toBeCloseTo(9.6 * CUT_FACTOR);
    expect(b.tokens).toBe(0);
    const again = refused(b, 1500);
    expect(again.rate).toBeCloseTo(9.6 * CUT_FACTOR);
    expect(refused(again, 4000).rate).toBeCloseTo(9.6 * CUT_FACTOR ** 2);
  });

  it('grows again only after a long quiet, and only for demand that found it empty', () => {
    let b = refused(freshBucket(10, 0), 1000);
    const cut = b.rate;
    b = grant(b, 60_000, 'background', 1000).state;
    b = grant(b, 61_000, 'background', 1000).state;
    expect(b.rate).toBe(cut);
    let t = 1000 + PROBE_AFTER_MS;
    b = grant(b, t, 'background', 1000).state;
    for (let i = 0; i < 60; i++) {
      t += 1000;
      b = grant(b, t, 'background', 1000).state;
    }
    expect(b.rate).toBeGreaterThan(cut * 1.1);
    expect(b.rate).toBeLessThan(cut * 1.2);
  });

  it('takes back unused tokens up to its burst', () => {
    const b = { ...freshBucket(10, 0), tokens: 1 };
    expect(giveBack(b, 0, 2).tokens).toBe(3);
    expect(giveBack(b, 0, 100).tokens).toBe(b.burst);
    expect(giveBack(b, 0, -5).tokens).toBe(1);
  });

  it('starts afresh from a row changed by hand into nonsense, and says so', () => {
    for (const row of [
      { rate: -3, tokens: 1, at: 0, cutAt: 0 },
      { rate: 'ten', tokens: 1, at: 0, cutAt: 0 },
      { rate: 1e9, tokens: 1, at: 0, cutAt: 0 },
      { rate: 5, tokens: Number.NaN, at: 0, cutAt: 0 },
      { rate: 5, tokens: 1, at: 1e15, cutAt: 0 },
    ]) {
      const { state, repaired } = saneBucket(row, 10, 1000);
      expect(repaired).toBe(true);
      expect(state.rate).toBeCloseTo(9.6);
    }
    const kept = saneBucket({ rate: 5, tokens: 1e6, at: 900, cutAt: 2000 }, 10, 1000);
    expect(kept.repaired).toBe(false);
    expect(kept.state.tokens).toBe(kept.state.burst);
    expect(kept.state.cutAt).toBe(1000);
  });

  it('takes a person’s requests paid after they went from the reserve, then below zero, never below minus the burst', () => {
    let b = freshBucket(10, 0);
    b = grant(b, 0, 'background', 100).state;
    // Background work left less than a token above the reserve; two scans' calls come out of it.
    const left = b.tokens;
    expect(left - b.reserve).toBeLessThan(1);
    b = spend(b, 0, 2);
    expect(b.tokens).toBeCloseTo(left - 2);
    expect(grant(b, 0, 'background', 1).granted).toBe(0);
    // A burst of scans overdraws the bucket, bounded by the burst.
    b = spend(b, 0, 100);
    expect(b.tokens).toBe(-b.burst);
    // Background waits until the overdraft and the reserve have refilled, then one more token.
    const wait = grant(b, 0, 'background', 1);
    expect(wait.waitMs).toBe(Math.ceil(((b.burst + b.reserve + 1) / b.rate) * 1000));
    expect(grant(b, wait.waitMs - 20, 'background', 1).granted).toBe(0);
    expect(grant(b, wait.waitMs, 'background', 1).granted).toBe(1);
  });

  it('never lets paid-after scans and leases together exceed the rate over time', () => {
    let b = freshBucket(10, 0);
    let sent = 0;
    for (let t = 0; t <= 60_000; t += 10) {
      // A scan's call every 250 ms, paid after; background asking all the time.
      if (t % 250 === 0) {
        b = spend(b, t, 1);
        sent += 1;
      }
      const g = grant(b, t, 'background', 3);
      b = g.state;
      sent += g.granted;
    }
    // What was sent stays within the rate and the burst, as long as the scans themselves do.
    expect(sent).toBeLessThanOrEqual(Math.ceil(9.6 * 60 + b.burst));
    expect(sent).toBeGreaterThan(9.6 * 60 - b.burst - b.reserve);
  });
});
