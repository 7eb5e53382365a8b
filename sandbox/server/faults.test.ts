import { describe, expect, it } from 'vitest';
import { Faults, parseFaults } from './faults';

describe('fault injection', () => {
  it('parses the CLI form', () => {
    expect(parseFaults('5xx=0.1,latency=50,drop=0.05,malformed=0.02,429=0.2,seed=7')).toEqual({
      error5xx: 0.1,
      latencyMs: 50,
      drop: 0.05,
      malformed: 0.02,
      throttle: 0.2,
      seed: 7,
    });
  });

  it('adds latency plus up to the same again, or a fixed latency with latencyJitter=0', () => {
    const jittered = new Faults({ latencyMs: 100 });
    const samples = Array.from({ length: 200 }, () => jittered.latency());
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...samples)).toBeLessThan(200);
    expect(Math.max(...samples)).toBeGreaterThan(150);

    expect(parseFaults('latency=100,latencyJitter=0')).toEqual({
      latencyMs: 100,
      latencyJitterMs: 0,
    });
    const fixed = new Faults(parseFaults('latency=100,latencyJitter=0'));
    for (let i = 0; i < 100; i++) expect(fixed.latency()).toBe(100);

    const narrow = new Faults({ latencyMs: 100, latencyJitterMs: 10 });
    for (let i = 0; i < 100; i++) {
      const ms = narrow.latency();
      expect(ms).toBeGreaterThanOrEqual(100);
      expect(ms).toBeLessThan(110);
    }
  });

  it('refuses unknown names and non-numbers with the list of valid ones', () => {
    expect(() => parseFaults('boom=1')).toThrow(/Unknown fault "boom=1".*5xx=SHARE/);
    expect(() => parseFaults('5xx=lots')).toThrow(/Unknown fault/);
    expect(() => new Faults({ error5xx: 2 })).toThrow(/between 0 and 1/);
  });

  it('is off by default', () => {
    const f = new Faults();
    for (let i = 0; i < 1000; i++) expect(f.decide().kind).toBe('none');
    expect(f.latency()).toBe(0);
  });

  it('injects each fault at about its share, reproducibly for a seed', () => {
    const f = new Faults({ error5xx: 0.1, drop: 0.1, malformed: 0.1, throttle: 0.1, seed: 3 });
    const kinds = Array.from({ length: 10_000 }, () => f.decide().kind);
    const share = (k: string) => kinds.filter((x) => x.startsWith(k)).length / kinds.length;
    for (const k of ['error', 'drop', 'malformed', 'throttle']) {
      expect(share(k)).toBeGreaterThan(0.08);
      expect(share(k)).toBeLessThan(0.12);
    }
    const again = new Faults({ error5xx: 0.1, drop: 0.1, malformed: 0.1, throttle: 0.1, seed: 3 });
    expect(Array.from({ length: 10_000 }, () => again.decide().kind)).toEqual(kinds);
  });
});
