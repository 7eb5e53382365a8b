import { describe, expect, it } from 'vitest';
import {
  CUT_FACTOR,
  freshBucket,
  giveBack,
  grant,
  PROBE_AFTER_MS,
  RESERVE_BASE,
  RESERVE_SCAN_SECONDS,
  refill,
  refused,
  spend,
} from './bucket';
import { saneBucket } from './sane-bucket';

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
    // Past the gap, a 429 of unknown sending time is a new burst: the rate as it has climbed
    // back by then, cut again.
    expect(refused(again, 4000).rate).toBeCloseTo(refill(again, 4000).rate * CUT_FACTOR);
    expect(refill(again, 4000).rate).toBeLessThan(9.6 * 0.85);
  });

  it('climbs back to its rate before a cut within seconds, and above it only after a long quiet', () => {
    let b = refused(freshBucket(10, 0), 1000);
    const cut = b.rate;
    expect(cut).toBeCloseTo(9.6 * CUT_FACTOR);
    // Two seconds after the cut it starts back; ten seconds later most of the gap is closed.
    expect(grant(b, 2000, 'background', 1000).state.rate).toBe(cut);
    expect(grant(b, 13_000, 'background', 1000).state.rate).toBeGreaterThan(9.6 - 0.4 * 1.92);
    let t = 1000;
    for (; t < 31_000; t += 100) b = grant(b, t, 'background', 1000).state;
    expect(b.rate).toBeGreaterThan(9.6 * 0.95);
    expect(b.rate).toBeLessThanOrEqual(9.6);
    // Past its peak only by probing, after PROBE_AFTER_MS without a cut, slowly.
    for (; t < 1000 + PROBE_AFTER_MS; t += 1000) b = grant(b, t, 'background', 1000).state;
    expect(b.rate).toBeLessThanOrEqual(9.6);
    for (let i = 0; i < 60; i++) {
      t += 1000;
      b = grant(b, t, 'background', 1000).state;
    }
    expect(b.rate).toBeGreaterThan(9.6 * 1.1);
    expect(b.rate).toBeLessThan(9.6 * 1.2);
  });

  it('cuts once per burst of 429s: not for a request sent before the last cut', () => {
    let b = refused(freshBucket(10, 0), 1000, { sentAt: 900 });
    const once = b.rate;
    // A 429 past the gap, of a request sent before the cut (it was in flight): same burst.
    b = refused(b, 3000, { sentAt: 950 });
    expect(b.rate).toBeCloseTo(once);
    expect(b.cutAt).toBe(1000);
    // A request sent after the cut and still refused: the cut was not enough.
    b = refused(b, 3000, { sentAt: 2500 });
    expect(b.rate).toBeCloseTo(once * CUT_FACTOR);
    // Cut again before it climbed back: the peak comes down only halfway to where it was.
    expect(b.peak).toBeCloseTo((once + 9.6) / 2);
    // A string of such bursts (one every 3 s, each of requests sent after the last cut)
    // leaves the peak well above the rate it cut to, and it climbs back to it.
    let t = 3000;
    for (let i = 0; i < 5; i++) {
      t += 3000;
      b = refused(b, t, { sentAt: t - 100 });
    }
    expect(b.peak).toBeGreaterThan(b.rate * 1.5);
    const peak = b.peak;
    expect(refill(b, t + 40_000).rate).toBeGreaterThan(peak * 0.95);
  });

  it('never cuts below one request per Retry-After, nor raises a rate below that', () => {
    const slow = { ...freshBucket(10, 0), rate: 1.1, peak: 1.1 };
    expect(refused(slow, 0, { retryAfterSeconds: 1 }).rate).toBeCloseTo(1);
    expect(refused(slow, 0, { retryAfterSeconds: 10 }).rate).toBeCloseTo(1.1 * CUT_FACTOR);
    const slower = { ...freshBucket(10, 0), rate: 0.5, peak: 0.5 };
    expect(refused(slower, 0, { retryAfterSeconds: 1 }).rate).toBeCloseTo(0.5);
  });

  it('sizes the reserve from the floor’s recent interactive rate', () => {
    let b = freshBucket(10, 0);
    // A quiet floor keeps back a scan's two calls.
    expect(b.reserve).toBe(RESERVE_BASE);
    // 19 stations scanning every 10 s: 3.8 calls a second, paid after, for a minute.
    for (let t = 0; t < 60_000; t += 526) b = spend(b, t, 2);
    const busy = refill(b, 60_000);
    expect(busy.scanRate).toBeGreaterThan(3.4);
    expect(busy.scanRate).toBeLessThan(4.2);
    expect(busy.reserve).toBeCloseTo(RESERVE_BASE + busy.scanRate * RESERVE_SCAN_SECONDS, 6);
    // Never more than RESERVE_MAX_SECONDS of the rate, and the burst stays under the account's.
    expect(busy.reserve).toBeLessThanOrEqual(9.6 * 0.5);
    // Room above it for bulk work: 0.4 s of the rate.
    expect(busy.burst - busy.reserve).toBeGreaterThanOrEqual(9.6 * 0.4 - 1e-9);
    expect(busy.burst).toBeLessThan(10);
    // A minute without scans: back to a quiet floor's.
    expect(refill(b, 120_000).reserve).toBeLessThan(RESERVE_BASE + 0.01);
  });

  it('gives background work one token at a time while a person’s request waits', () => {
    let b = { ...freshBucket(10, 5000), tokens: 0.5 };
    const scan = grant(b, 5000, 'interactive', 2);
    expect(scan.granted).toBe(0);
    b = scan.state;
    expect(b.waitedAt).toBe(5000);
    // Refilled well past the reserve, background still gets one token for a second.
    expect(grant(b, 5900, 'background', 6).granted).toBe(1);
    const after = grant(b, 6000, 'background', 6);
    expect(after.granted).toBe(Math.floor(after.state.burst - after.state.reserve));
    expect(after.granted).toBeGreaterThan(1);
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
    const burst = b.burst;
    b = spend(b, 0, 100);
    expect(b.tokens).toBe(-burst);
    // Such a burst of scans also raises the reserve, to at most half a second of the rate.
    expect(b.reserve).toBeCloseTo(9.6 * 0.5);
    // Background waits until the overdraft and the reserve have refilled, then one more token.
    const wait = grant(b, 0, 'background', 1);
    expect(wait.waitMs).toBe(Math.ceil(((burst + b.reserve + 1) / b.rate) * 1000));
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
