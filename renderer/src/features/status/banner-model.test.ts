import { describe, expect, it } from 'vitest';
import type { ThrottleState } from '../../../../shared/contract/values';
import { bannerModel } from './banner-model';

const NOW = 1_800_000_000_000;
const calm: ThrottleState = {
  queued: { interactive: 0, background: 0 },
  inFlight: 0,
  rate: 20,
  pausedUntil: null,
  throttled: 0,
  retrying: { count: 0, lastError: null },
};

describe('status banner model', () => {
  it('says nothing when all is well', () => {
    expect(bannerModel(null, null, NOW)).toBeNull();
    expect(bannerModel(calm, null, NOW)).toBeNull();
    // A pause that already ended is no reason for a banner.
    expect(bannerModel({ ...calm, pausedUntil: NOW - 1 }, null, NOW)).toBeNull();
  });

  it('counts down a rate-limit pause and says what is queued', () => {
    const m = bannerModel(
      { ...calm, pausedUntil: NOW + 2500, queued: { interactive: 1, background: 40 } },
      null,
      NOW,
    );
    expect(m).toMatchObject({
      kind: 'rate-limit',
      tone: 'warning',
      title: 'Waiting for the rate limit',
    });
    expect(m?.detail).toContain('resuming in 3 seconds');
    expect(m?.detail).toContain('41 requests waiting (1 for this screen, 40 in the background)');
    expect(bannerModel({ ...calm, pausedUntil: NOW + 200 }, null, NOW)?.detail).toContain(
      'resuming in 1 second. Nothing is waiting.',
    );
  });

  it('shows retries with the last error', () => {
    const m = bannerModel(
      { ...calm, retrying: { count: 2, lastError: 'refused the connection' } },
      null,
      NOW,
    );
    expect(m).toMatchObject({ kind: 'retrying', title: 'Retrying 2 requests' });
    expect(m?.detail).toContain('refused the connection');
  });

  it('says nothing about retries once everything on screen has loaded', () => {
    const retrying = { ...calm, retrying: { count: 1, lastError: 'refused the connection' } };
    expect(bannerModel(retrying, null, NOW, true)?.kind).toBe('retrying');
    expect(bannerModel(retrying, null, NOW, false)).toBeNull();
  });

  it('does not say "did not recover" while tries remain', () => {
    const lastError =
      'The service had a problem (HTTP 502) and did not recover after several tries. Try again in a minute.';
    const m = bannerModel({ ...calm, retrying: { count: 1, lastError } }, null, NOW);
    expect(m?.detail).toBe(
      'The last attempt failed: The service had a problem (HTTP 502). Trying again.',
    );
  });

  it('puts "unreachable" first, and says whether it is retrying', () => {
    const unreachable = { message: 'No answer from https://api.example.com.', since: NOW };
    const paused = { ...calm, pausedUntil: NOW + 5000 };
    expect(bannerModel(paused, unreachable, NOW)).toMatchObject({
      kind: 'unreachable',
      tone: 'danger',
    });
    expect(bannerModel(calm, unreachable, NOW)?.detail).toContain('Checking again');
    expect(
      bannerModel({ ...calm, retrying: { count: 1, lastError: null } }, unreachable, NOW)?.detail,
    ).toContain('Retrying 1 request now.');
  });
});
