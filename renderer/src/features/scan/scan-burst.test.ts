/**
 * The burst machine alone: keys with the times the system gave them (`at`) and the times the
 * page got to them (`now`), decisions out. A scan is one code wherever it lands, its first
 * key never runs as a shortcut, and a person's keys all come back, in order.
 */
import { describe, expect, it } from 'vitest';
import { BurstMachine, type KeyIn } from './scan-burst';
import { parseChord } from './scan-keys';

const FIELD = { name: 'search box' };

function key(k: string, at: number, extra: Partial<KeyIn> = {}): KeyIn {
  return {
    key: k,
    code: '',
    at,
    now: at,
    ctrl: false,
    alt: false,
    meta: false,
    shift: false,
    altGraph: false,
    repeat: false,
    composing: false,
    field: null,
    scanField: false,
    ...extra,
  };
}

/** Feeds each key (its payload is its own text with its index); collects what came out. */
function feedAll(machine: BurstMachine<string>, keys: KeyIn[]) {
  const replayed: string[] = [];
  const scans: string[] = [];
  const actions: string[] = [];
  for (const [i, k] of keys.entries()) {
    const d = machine.feed(k, `${k.key}${i}`);
    replayed.push(...d.replay);
    if (d.scan) scans.push(d.scan.code);
    actions.push(d.action);
  }
  return { replayed, scans, actions };
}

/** A code's keys, `gaps` ms apart (cycled), then Enter; `now` as given (default: on time). */
function burst(code: string, start: number, gaps: number[], extra: Partial<KeyIn> = {}): KeyIn[] {
  let at = start;
  const keys = [...code, 'Enter'].map((ch, i) => {
    const k = key(ch, at, extra);
    at += gaps[i % gaps.length] ?? 5;
    return k;
  });
  return keys;
}

/** The page free until `until`: ticks every 10 ms, on time; what came out, merged. */
function waitFree(machine: BurstMachine<string>, until: number) {
  const replay: string[] = [];
  let scan: string | undefined;
  for (let t = machine.nextTick(); t !== null && t <= until; t = machine.nextTick()) {
    const out = machine.tick(t);
    replay.push(...out.replay);
    scan ??= out.scan?.code;
  }
  return { replay, scan };
}

describe('BurstMachine: a scanner’s burst', () => {
  it('is one code, its first key held and never given back', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, burst('JJD005608852750', 1000, [2, 30, 11, 7]));
    expect(out.scans).toEqual(['JJD005608852750']);
    expect(out.replayed).toEqual([]);
    expect(out.actions.every((a) => a === 'stop')).toBe(true);
    expect(m.tick(5000)).toEqual({ replay: [] });
  });

  it('survives a busy main thread: keys arriving late and bunched keep their own times', () => {
    const m = new BurstMachine<string>();
    // Stamped 25 ms apart by the system; the page was busy and got them all at once, 120 ms on.
    const keys = burst('kd-4410', 1000, [25]).map((k) => ({ ...k, now: 1200 }));
    // A hold timer that ran before the queued keys were read gives nothing back: the page got
    // the first key only just now, whatever its stamp says.
    expect(m.feed(keys[0]!, 'k').action).toBe('stop');
    expect(m.tick(1205)).toEqual({ replay: [] });
    // (60 ms of hold, and 200 more: the key itself came 200 ms late.)
    expect(m.deadline()).toBe(1460);
    const out = feedAll(m, keys.slice(1));
    expect(out.scans).toEqual(['kd-4410']);
    expect(out.replayed).toEqual([]);
  });

  it('ends at Tab too, and an Enter long after the last key is the page’s own', () => {
    const m = new BurstMachine<string>();
    const tabbed = burst('1Z999AA1', 0, [4]).map((k) =>
      k.key === 'Enter' ? { ...k, key: 'Tab' } : k,
    );
    expect(feedAll(m, tabbed).scans).toEqual(['1Z999AA1']);
    const late = burst('9042', 1000, [5]);
    late[late.length - 1] = key('Enter', 1500, { now: 1500 });
    // A fast run of 4 with no terminator waits 1.5 s of the page's time, then is a code.
    const m2 = new BurstMachine<string>();
    const first = feedAll(m2, late.slice(0, -1));
    expect(first.scans).toEqual([]);
    expect(waitFree(m2, 2500).scan).toBeUndefined();
    expect(waitFree(m2, 2530).scan).toBe('9042');
    expect(m2.feed(late[late.length - 1]!, 'Enter').action).toBe('pass');
  });

  it('takes a burst with no terminator as a code once the gap passes; its late Enter is its own', () => {
    const m = new BurstMachine<string>();
    const keys = burst('GS1-40141', 0, [6]).slice(0, -1);
    feedAll(m, keys);
    expect(waitFree(m, m.deadline()! + 40).scan).toBe('GS1-40141');
    // The Enter was stamped 20 ms after the last key but read after the tick.
    const d = m.feed(key('Enter', 48 + 20, { now: 400 }), 'Enter');
    expect(d.action).toBe('stop');
    expect(d.scan).toBeUndefined();
  });
});

describe('BurstMachine: a person at the keyboard', () => {
  it('keeps a run open while a backlog of late keys trickles in, each stamped long ago', () => {
    const m = new BurstMachine<string>();
    // Stamped 10 ms apart; the page reads one every 40 ms (each handled in its own turn).
    const keys = burst('pp-4410X', 1000, [10]).map((k, i) => ({ ...k, now: 1100 + i * 40 }));
    const replayed: string[] = [];
    const scans: string[] = [];
    for (const k of keys) {
      // The hold's timer runs just before each late key is read: nothing is given up.
      const t = m.tick(k.now - 1);
      replayed.push(...t.replay);
      const d = m.feed(k, k.key);
      replayed.push(...d.replay);
      if (d.scan) scans.push(d.scan.code);
    }
    expect(replayed).toEqual([]);
    expect(scans).toEqual(['pp-4410X']);
  });

  it('gets a lone key back after the hold, not before', () => {
    const m = new BurstMachine<string>();
    expect(m.feed(key('j', 100), 'j').action).toBe('stop');
    expect(m.deadline()).toBe(160);
    expect(waitFree(m, 159).replay).toEqual([]);
    expect(waitFree(m, 160).replay).toEqual(['j']);
    expect(m.busy).toBe(false);
  });

  it('never gives a key back while the page is busy: only after it was free a while', () => {
    const m = new BurstMachine<string>();
    m.feed(key('j', 100), 'j');
    // Ticks that come late (a busy loop held the page) prove nothing was waiting…
    expect(m.tick(190)).toEqual({ replay: [] });
    expect(m.tick(260)).toEqual({ replay: [] });
    // …and neither does a tick while the browser says input is pending.
    expect(m.tick(270, true)).toEqual({ replay: [] });
    expect(waitFree(m, 290).replay).toEqual([]);
    expect(waitFree(m, 300).replay).toEqual(['j']);
  });

  it('gets every key of "j j k" at a person’s pace, in order, even with no tick between', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, [key('j', 0), key('j', 150), key('k', 300)]);
    expect(out.replayed).toEqual(['j0', 'j1']);
    expect(waitFree(m, 1000).replay).toEqual(['k2']);
  });

  it('gets a quick roll ("g i" 40 ms apart) back whole, in order', () => {
    const m = new BurstMachine<string>();
    feedAll(m, [key('g', 0), key('i', 40)]);
    expect(waitFree(m, 200).replay).toEqual(['g0', 'i1']);
  });

  it('waits longer after a key that reached the page late: the next may be as late', () => {
    const m = new BurstMachine<string>();
    m.feed(key('d', 1000, { now: 1200 }), 'd');
    expect(m.deadline()).toBe(1200 + 60 + 200);
    expect(waitFree(m, 1450).replay).toEqual([]);
    expect(waitFree(m, 1460).replay).toEqual(['d']);
  });

  it('keeps two scanner-fast keys 400 ms for the rest (a roll that fast is a scanner’s)', () => {
    const m = new BurstMachine<string>();
    feedAll(m, [key('D', 0), key('y', 12)]);
    expect(waitFree(m, 400).replay).toEqual([]);
    expect(m.feed(key('O', 30, { now: 380 }), 'O').action).toBe('stop');
  });

  it('gets a short run and its Enter: "ok" + Enter is not a code', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, burst('ok', 0, [5]));
    expect(out.scans).toEqual([]);
    expect(out.replayed).toEqual(['o0', 'k1']);
    expect(out.actions).toEqual(['stop', 'stop', 'pass']);
  });

  it('gets "j" then Enter (open the next row) in that order', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, [key('j', 0), key('Enter', 30)]);
    expect(out.replayed).toEqual(['j0']);
    expect(out.actions).toEqual(['stop', 'pass']);
  });

  it('gives held keys back before an arrow, a modifier shortcut or a space', () => {
    for (const other of [key('ArrowDown', 10), key('k', 10, { ctrl: true }), key(' ', 10)]) {
      const m = new BurstMachine<string>();
      const out = feedAll(m, [key('x', 0), other]);
      expect(out.replayed).toEqual(['x0']);
      expect(out.actions).toEqual(['stop', 'pass']);
    }
  });

  it('lets Shift through without ending a run (scanners shift capitals)', () => {
    const m = new BurstMachine<string>();
    const keys = [
      key('Shift', 0),
      key('M', 1),
      key('Shift', 3),
      key('-', 4),
      key('2', 8),
      key('9', 12),
    ];
    keys.push(key('Enter', 16));
    expect(feedAll(m, keys).scans).toEqual(['M-29']);
  });

  it('gives back a run far too long to be a code', () => {
    const m = new BurstMachine<string>({ maxLength: 5 });
    const out = feedAll(m, burst('abcdef', 0, [3]).slice(0, -1));
    expect(out.replayed).toEqual(['a0', 'b1', 'c2', 'd3', 'e4', 'f5']);
  });
});

describe('BurstMachine: in a field', () => {
  const inField = { field: FIELD };

  it('lets keys in as typed and takes a burst out at its Enter', () => {
    const m = new BurstMachine<string>();
    const keys = burst('RMA-2026-000007', 0, [6], inField);
    const first = m.feed(keys[0]!, 'R');
    expect(first).toMatchObject({ action: 'pass', started: true });
    const out = feedAll(m, keys.slice(1));
    expect(out.actions.slice(0, -1).every((a) => a === 'pass')).toBe(true);
    expect(out.actions.at(-1)).toBe('stop');
    expect(m.feed(key('x', 5000, inField), 'x').started).toBe(true);
    const m2 = new BurstMachine<string>();
    const scanned = m2.feed(keys[0]!, 'R');
    expect(scanned.started).toBe(true);
    const end = keys
      .slice(1)
      .map((k) => m2.feed(k, k.key))
      .at(-1);
    expect(end?.scan).toEqual({ code: 'RMA-2026-000007', field: FIELD });
  });

  it('leaves a person’s typing and Enter alone, and a fast short word too', () => {
    const m = new BurstMachine<string>();
    expect(feedAll(m, burst('box dented', 0, [140], inField)).scans).toEqual([]);
    expect(feedAll(m, burst('yes', 5000, [5], inField)).actions.at(-1)).toBe('pass');
    expect(m.tick(99_999)).toEqual({ replay: [] });
  });

  it('starts again when the focus moves between fields mid-run', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, [
      key('/', 0),
      key('g', 4, inField),
      key(' ', 8, inField),
      key('s', 12, inField),
      key('Enter', 16, inField),
    ]);
    expect(out.replayed).toEqual(['/0']);
    expect(out.scans).toEqual([]);
  });

  it('never holds keys in a field that takes scans as typing (the scan bar)', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, burst('4014170001084', 0, [4], { field: FIELD, scanField: true }));
    expect(out.actions.every((a) => a === 'pass')).toBe(true);
    expect(out.scans).toEqual([]);
  });
});

describe('BurstMachine: a configured prefix and suffix', () => {
  const prefix = parseChord('F13');
  const suffix = parseChord('Ctrl+]');

  it('takes everything after the prefix as the code, at any speed, wherever the focus is', () => {
    const m = new BurstMachine<string>({ prefix });
    const keys = [key('F13', 0, { field: FIELD }), ...burst('jk-12', 10, [150], { field: FIELD })];
    const out = feedAll(m, keys);
    expect(out.scans).toEqual(['jk-12']);
    expect(out.actions.every((a) => a === 'stop')).toBe(true);
  });

  it('lets the next code’s Enter end the next code, however soon it follows', () => {
    const m = new BurstMachine<string>();
    const out = feedAll(m, [...burst('JJD0056', 0, [5]), ...burst('jkd-42', 40, [3])]);
    expect(out.scans).toEqual(['JJD0056', 'jkd-42']);
  });

  it('ends at the suffix; an Enter after the suffix is swallowed too', () => {
    const m = new BurstMachine<string>({ prefix, suffix });
    const out = feedAll(m, [
      key('F13', 0),
      key('d', 5),
      key('0', 9),
      key(']', 13, { ctrl: true, code: 'BracketRight' }),
      key('Enter', 17),
    ]);
    expect(out.scans).toEqual(['d0']);
    expect(out.actions).toEqual(['stop', 'stop', 'stop', 'stop', 'stop']);
  });

  it('ends after a pause when the terminator never comes', () => {
    const m = new BurstMachine<string>({ prefix });
    feedAll(m, [key('F13', 0), key('7', 5), key('7', 9)]);
    expect(waitFree(m, 1500)).toEqual({ replay: [], scan: undefined });
    expect(waitFree(m, 1540).scan).toBe('77');
  });

  it('a suffix alone ends a burst whatever its length', () => {
    const m = new BurstMachine<string>({ suffix });
    const out = feedAll(m, [key('4', 0), key('2', 6), key(']', 12, { ctrl: true })]);
    expect(out.scans).toEqual(['42']);
  });

  it('gives back what a person typed before the prefix', () => {
    const m = new BurstMachine<string>({ prefix });
    const out = feedAll(m, [key('j', 0), key('F13', 20), key('1', 25), key('Enter', 30)]);
    expect(out.replayed).toEqual(['j0']);
    expect(out.scans).toEqual(['1']);
  });
});
