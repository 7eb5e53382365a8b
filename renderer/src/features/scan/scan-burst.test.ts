import { describe, expect, it } from 'vitest';
import { BurstDetector } from './scan-burst';

/** Feeds `text` then Enter, one key every `gap` ms from `start`; returns the Enter verdict. */
function typeAt(detector: BurstDetector, text: string, gap: number, start = 1000) {
  let at = start;
  for (const ch of text) {
    detector.feed(ch, at);
    at += gap;
  }
  return detector.feed('Enter', at - gap + Math.min(gap, 10));
}

describe('BurstDetector', () => {
  it('takes fast keys ending with Enter as a scan', () => {
    expect(typeAt(new BurstDetector(), '#EU3042', 8)).toEqual({ kind: 'scan', code: '#EU3042' });
  });

  it('leaves a person typing at 120 ms a key alone', () => {
    expect(typeAt(new BurstDetector(), 'M-1042', 120)).toEqual({ kind: 'enter' });
  });

  it('ignores a code shorter than three characters', () => {
    expect(typeAt(new BurstDetector(), 'ok', 5)).toEqual({ kind: 'enter' });
  });

  it('tolerates one slow gap when the average stays scanner-like', () => {
    const d = new BurstDetector();
    const times = [0, 5, 10, 75, 80, 85, 90, 95, 100, 105];
    for (const [i, ch] of [...'1Z999AA101'].entries()) d.feed(ch, times[i]!);
    expect(d.feed('Enter', 110)).toEqual({ kind: 'scan', code: '1Z999AA101' });
  });

  it('starts again after a pause: earlier slow keys are not part of the code', () => {
    const d = new BurstDetector();
    d.feed('j', 0);
    d.feed('k', 400);
    expect(typeAt(d, 'WC-41042', 6, 2000)).toEqual({ kind: 'scan', code: 'WC-41042' });
  });

  it('says a key is in a burst from the second fast key on', () => {
    const d = new BurstDetector();
    expect(d.feed('1', 0)).toEqual({ kind: 'typing', inBurst: false });
    expect(d.feed('2', 6)).toEqual({ kind: 'typing', inBurst: true });
  });

  it('an Enter long after the last key is the page’s Enter', () => {
    const d = new BurstDetector();
    for (const [i, ch] of [...'9042'].entries()) d.feed(ch, i * 5);
    expect(d.feed('Enter', 500)).toEqual({ kind: 'enter' });
  });

  it('a non-character key (an arrow) breaks the sequence', () => {
    const d = new BurstDetector();
    d.feed('a', 0);
    d.feed('b', 5);
    d.feed('ArrowDown', 10);
    d.feed('c', 15);
    expect(d.feed('Enter', 20)).toEqual({ kind: 'enter' });
  });
});
