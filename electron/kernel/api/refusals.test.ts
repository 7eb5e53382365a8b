import { describe, expect, it } from 'vitest';
import { Refusals } from './refusals';

/** `n` answers, one refusal every `every` (the rest admitted), from time `at` on, 10 ms apart. */
function answers(refusals: Refusals, n: number, every: number, at = 0) {
  const verdicts = [];
  for (let i = 1; i <= n; i++) {
    if (i % every === 0) verdicts.push(refusals.refused(at + i * 10, true));
    else refusals.succeeded();
  }
  return verdicts;
}

describe('Refusals', () => {
  it('takes an isolated 429 for congestion, and so the first four of an episode', () => {
    const refusals = new Refusals();
    const verdicts = answers(refusals, 40, 10);
    expect(verdicts.map((v) => v.kind)).toEqual(Array(4).fill('congestion'));
    expect(refusals.noisyEpisode).toBe(false);
  });

  it('calls refusals that keep coming among successes noise, and says the first four were too', () => {
    const refusals = new Refusals();
    const verdicts = answers(refusals, 100, 10);
    expect(verdicts.map((v) => v.kind)).toEqual([
      ...Array(4).fill('congestion'),
      ...Array(6).fill('noise'),
    ]);
    expect(verdicts.map((v) => v.misjudged)).toEqual([0, 0, 0, 0, 4, 0, 0, 0, 0, 0]);
    expect(refusals.noisyEpisode).toBe(true);
  });

  it('calls refusals congestion when the requests on their way were refused with them', () => {
    const refusals = new Refusals();
    const verdicts = [];
    for (let i = 1; i <= 100; i++) {
      if (i % 10 !== 0) {
        refusals.succeeded();
        continue;
      }
      verdicts.push(refusals.refused(i * 10, true).kind);
      // Of the two requests already on their way, one meets the same empty bucket (issue 34:
      // consoles sharing the account); random refusals would spare them as often as any.
      refusals.refused(i * 10 + 1, false);
      refusals.succeeded(true);
    }
    expect(verdicts).toEqual(Array(10).fill('congestion'));
    expect(refusals.noisyEpisode).toBe(false);
  });

  it("calls refusals congestion when a train's later requests were refused far more often", () => {
    const refusals = new Refusals();
    const verdicts = [];
    // Bulk trains of two, one every 300 ms (a console among three on one account): the first
    // requests get through, and one in four of those right behind meets the emptied bucket.
    for (let i = 1; i <= 120; i++) {
      refusals.succeeded(false, 'first');
      if (i % 4 === 0) verdicts.push(refusals.refused(i * 300, true, 'later').kind);
      else refusals.succeeded(false, 'later');
    }
    expect(verdicts).toEqual(Array(30).fill('congestion'));
    expect(refusals.noisyEpisode).toBe(false);
  });

  it('still calls random refusals noise when they hit first and later requests alike', () => {
    const refusals = new Refusals();
    const verdicts = [];
    // One in ten refused, wherever it stands in its train.
    for (let i = 1; i <= 100; i++) {
      const car = i % 2 === 0 ? 'later' : 'first';
      if (i % 10 === 0 || i % 10 === 5) verdicts.push(refusals.refused(i * 50, true, car).kind);
      else refusals.succeeded(false, car);
    }
    expect(verdicts.slice(0, 4)).toEqual(Array(4).fill('congestion'));
    expect(verdicts.slice(4)).toContain('noise');
    expect(refusals.noisyEpisode).toBe(true);
  });

  it('calls four refusals in a row congestion, even among noise (a storm)', () => {
    const refusals = new Refusals();
    answers(refusals, 100, 10);
    refusals.succeeded();
    const run = [1, 2, 3, 4].map((i) => refusals.refused(2000 + i, true).kind);
    expect(run).toEqual(['noise', 'noise', 'noise', 'congestion']);
  });

  it('calls it congestion when more than a quarter of the last 40 answers were refused', () => {
    const refusals = new Refusals();
    answers(refusals, 100, 10);
    // One in three refused from here: the share climbs past a quarter.
    const verdicts = answers(refusals, 60, 3, 1000).map((v) => v.kind);
    expect(verdicts.slice(0, 2)).toEqual(['noise', 'noise']);
    expect(verdicts.at(-1)).toBe('congestion');
  });

  it('starts a new episode after 6 s without a refusal', () => {
    const refusals = new Refusals();
    answers(refusals, 100, 10);
    expect(refusals.refused(7_000, true).kind).toBe('congestion');
    expect(refusals.noisyEpisode).toBe(false);
  });

  it('takes a 429 of a request sent before the last congestion pause for more of the same', () => {
    const refusals = new Refusals();
    answers(refusals, 100, 10);
    expect(refusals.refused(1500, false)).toEqual({ kind: 'congestion', misjudged: 0 });
  });
});
