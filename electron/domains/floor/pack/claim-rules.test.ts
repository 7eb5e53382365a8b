/**
 * The claim rules a station applies on its own (floor offline) and whose words every station
 * shows: grant, held by another, resumed at the same bench, idle expiry (15 minutes unless
 * set), takeover only with a reason and logged. Times are given, never read from the clock.
 */
import { describe, expect, it } from 'vitest';
import {
  CLAIM_IDLE_MAX_MS,
  CLAIM_IDLE_MIN_MS,
  claimExpired,
  claimGateWords,
  claimIdleMs,
  DEFAULT_CLAIM_IDLE_MS,
  decideClaim,
  holdsClaim,
  type PackClaim,
  TakeoverRefused,
  takeOver,
} from './claim-rules';

const t0 = Date.parse('2026-11-28T10:42:00.000Z');
const min = 60_000;
const ana = { orderId: 7, orderName: '#10983', station: 'Station 3', packer: 'Ana' };
const bo = { orderId: 7, orderName: '#10983', station: 'Station 5', packer: 'Bo' };
const hhmm = (iso: string) => iso.slice(11, 16);

function anaClaim(touchedMinutesAgo = 0): PackClaim {
  return {
    ...ana,
    since: new Date(t0 - 20 * min).toISOString(),
    touchedAt: new Date(t0 - touchedMinutesAgo * min).toISOString(),
  };
}

describe('claiming an order', () => {
  it('grants a claim when nobody holds the order', () => {
    const d = decideClaim(null, ana, t0);
    expect(d).toEqual({
      kind: 'granted',
      claim: { ...ana, since: '2026-11-28T10:42:00.000Z', touchedAt: '2026-11-28T10:42:00.000Z' },
      expired: null,
    });
  });

  it('meets the gate when another station holds a live claim', () => {
    const held = anaClaim(3);
    // Touched 3 minutes before: the gate can say how long it has been idle.
    expect(decideClaim(held, bo, t0)).toEqual({ kind: 'held', holder: held, idleMs: 180_000 });
  });

  it('resumes at the same station (any case of its name), with the packer now signed in', () => {
    const d = decideClaim(anaClaim(3), { ...ana, station: 'station 3', packer: 'Cy' }, t0);
    expect(d.kind).toBe('resumed');
    if (d.kind !== 'resumed') return;
    expect(d.claim.packer).toBe('Cy');
    expect(d.claim.since).toBe(anaClaim().since);
    expect(d.claim.touchedAt).toBe('2026-11-28T10:42:00.000Z');
  });

  it('lets a claim idle past 15 minutes go to the next station, naming the one it replaced', () => {
    expect(decideClaim(anaClaim(15), bo, t0).kind).toBe('held');
    const d = decideClaim(anaClaim(16), bo, t0);
    expect(d.kind).toBe('granted');
    if (d.kind === 'granted') expect(d.expired?.station).toBe('Station 3');
  });

  it('uses the idle time set for the floor', () => {
    expect(decideClaim(anaClaim(3), bo, t0, 2 * min).kind).toBe('granted');
    expect(decideClaim(anaClaim(1), bo, t0, 2 * min).kind).toBe('held');
  });

  it('counts a touch time changed by hand into nonsense as idle', () => {
    expect(claimExpired({ ...anaClaim(), touchedAt: 'soon' }, t0, DEFAULT_CLAIM_IDLE_MS)).toBe(
      true,
    );
  });
});

describe('the idle setting', () => {
  it('is 15 minutes by default and kept within its bounds', () => {
    expect(DEFAULT_CLAIM_IDLE_MS).toBe(15 * min);
    expect(claimIdleMs(undefined)).toBe(15 * min);
    expect(claimIdleMs('20')).toBe(15 * min);
    expect(claimIdleMs(Number.NaN)).toBe(15 * min);
    expect(claimIdleMs(1)).toBe(CLAIM_IDLE_MIN_MS);
    expect(claimIdleMs(10 ** 12)).toBe(CLAIM_IDLE_MAX_MS);
    expect(claimIdleMs(5 * min)).toBe(5 * min);
  });
});

describe('taking a claim over', () => {
  it('needs a reason, and says so', () => {
    expect(() => takeOver(anaClaim(), bo, '   ', t0)).toThrow(TakeoverRefused);
    expect(() => takeOver(anaClaim(), bo, '   ', t0)).toThrow(/Say why/);
    expect(() => takeOver(anaClaim(), bo, 'x'.repeat(201), t0)).toThrow(/too long/);
  });

  it('moves a live claim to the taker and logs whose it was, who took it, why and when', () => {
    const { claim, takeover } = takeOver(anaClaim(2), bo, '  Ana went home sick ', t0);
    expect(claim).toMatchObject({ station: 'Station 5', packer: 'Bo' });
    expect(takeover).toEqual({
      orderId: 7,
      orderName: '#10983',
      from: { station: 'Station 3', packer: 'Ana', since: anaClaim().since },
      to: { station: 'Station 5', packer: 'Bo' },
      reason: 'Ana went home sick',
      at: '2026-11-28T10:42:00.000Z',
    });
  });

  it('logs nothing when there was no live claim to take', () => {
    expect(takeOver(null, bo, 'why not', t0).takeover).toBeNull();
    expect(takeOver(anaClaim(30), bo, 'why not', t0).takeover).toBeNull();
  });
});

describe('ending and showing a claim', () => {
  it('lets only the holder end it', () => {
    expect(holdsClaim(anaClaim(), 'Station 3')).toBe(true);
    expect(holdsClaim(anaClaim(), 'Station 5')).toBe(false);
    expect(holdsClaim(null, 'Station 3')).toBe(false);
  });

  it('says where, by whom and since when, like the other gates', () => {
    const words = claimGateWords({ ...anaClaim(), since: '2026-11-28T10:42:00.000Z' }, hhmm);
    expect(words.title).toBe('Being packed at Station 3 by Ana since 10:42');
    expect(words.detail).toMatch(/take it over with a reason/);
    expect(claimGateWords({ ...anaClaim(), since: '??' }, hhmm).title).toBe(
      'Being packed at Station 3 by Ana',
    );
  });

  it('says how long the claim has been idle, in whole minutes, from a minute on', () => {
    const claim = { ...anaClaim(), since: '2026-11-28T10:42:00.000Z' };
    expect(claimGateWords(claim, hhmm, 12 * 60_000 + 59_000).title).toBe(
      'Being packed at Station 3 by Ana since 10:42, idle for 12 min',
    );
    expect(claimGateWords(claim, hhmm, 59_000).title).toBe(
      'Being packed at Station 3 by Ana since 10:42',
    );
  });
});
