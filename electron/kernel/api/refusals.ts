/**
 * Which 429s say the account is exhausted ("congestion") and which are noise. It matters
 * because the two need opposite answers: congestion needs the queue paused and the rate
 * lowered (else other stations' calls meet an empty bucket too); a refusal among successes
 * (a gateway shedding one request in ten) only needs that request retried after its
 * Retry-After. Pausing everything and lowering the rate for every such refusal is how the
 * limiter used to sink to a fraction of a request per second.
 *
 * A 429 counts as congestion when
 * - it is one of the first `episodeCongestion` refusals of an episode (429s less than
 *   `quietMs` apart): an isolated 429 is taken to mean what it says;
 * - it ends a run of `runLength` 429s in a row (a storm, or an empty bucket);
 * - or more than `congestionShare` of the last `window` answers were 429s.
 * Otherwise (refusals keep coming, one among many successes) it is noise, and the refusals
 * that opened the episode were noise too: the limiter undoes what it did for them.
 *
 * Unless the refusals come with company (issue 34): when the limiter reacts to a refusal,
 * requests already on their way reach the same empty bucket, and are refused far more often
 * than requests in general (a third of them among three consoles sharing an account,
 * simulated); random refusals hit them no more often than any other request. So an episode is
 * noise only while those requests were refused at most about twice as often as the recent
 * answers were. Three consoles meeting a refusal every few seconds looked like noise by count
 * alone; the one that took them for noise stopped giving way and took half the account.
 *
 * Four refusals before noise is believed: with bulk work at several stations colliding, a
 * station can meet three or four 429s within seconds, and each of them must still slow it
 * down (fewer let the stations' collisions pass for noise; measured on the simulated floor).
 */

/** The share of refusals assumed when fewer were seen (a 429 in twenty answers). */
const MIN_SHARE = 0.05;

export interface RefusalOptions {
  /** Refusals at the start of an episode that always count as congestion (default 4). */
  episodeCongestion?: number;
  /** A 429 this long after the previous one starts a new episode (default 10 s). */
  quietMs?: number;
  /** Answers the recent share is taken over (default 40). */
  window?: number;
  /** A recent share of 429s above this is congestion (default 0.25). */
  congestionShare?: number;
  /** This many 429s in a row are congestion (default 4; by chance 1 in 10,000 at 10 %). */
  runLength?: number;
}

export interface RefusalVerdict {
  kind: 'congestion' | 'noise';
  /**
   * When this refusal shows the ones before it were noise: how many of those were taken for
   * congestion (the limiter undoes what it did for them).
   */
  misjudged: number;
}

export class Refusals {
  private readonly episodeCongestion: number;
  private readonly quietMs: number;
  private readonly window: number;
  private readonly congestionShare: number;
  private readonly runLength: number;
  /** The latest answers, true for a 429 (a ring buffer of `window` entries). */
  private readonly recent: boolean[] = [];
  private next = 0;
  private lastRefusalAt = Number.NEGATIVE_INFINITY;
  private episodeEvents = 0;
  /** This episode's requests sent before a reaction and answered after it: refused, admitted. */
  private company = { refused: 0, admitted: 0 };
  private run = 0;
  private noisy = false;

  constructor(options: RefusalOptions = {}) {
    this.episodeCongestion = options.episodeCongestion ?? 4;
    this.quietMs = options.quietMs ?? 10_000;
    this.window = options.window ?? 40;
    this.congestionShare = options.congestionShare ?? 0.25;
    this.runLength = options.runLength ?? 4;
  }

  /** Whether this episode has been judged noise: its 429s are not about our rate. */
  get noisyEpisode(): boolean {
    return this.noisy;
  }

  /** `sentBeforeReaction`: the request was on its way when the limiter last reacted. */
  succeeded(sentBeforeReaction = false): void {
    this.remember(false);
    this.run = 0;
    if (sentBeforeReaction) this.company.admitted += 1;
  }

  /**
   * A 429 at `now`. `newEvent`: false when the request was sent before the limiter last
   * reacted to congestion (refused for the same reason, so no news: congestion, not counted).
   */
  refused(now: number, newEvent: boolean): RefusalVerdict {
    this.remember(true);
    this.run += 1;
    if (now - this.lastRefusalAt >= this.quietMs) {
      this.episodeEvents = 0;
      this.company = { refused: 0, admitted: 0 };
      this.noisy = false;
    }
    this.lastRefusalAt = now;
    if (!newEvent) {
      this.company.refused += 1;
      return { kind: 'congestion', misjudged: 0 };
    }
    this.episodeEvents += 1;
    // Judged over a full window only: three refusals among the first ten answers say little.
    const refusedShare =
      this.recent.length < this.window ? 0 : this.recent.filter(Boolean).length / this.window;
    const noise =
      this.episodeEvents > this.episodeCongestion &&
      this.run < this.runLength &&
      refusedShare <= this.congestionShare &&
      !this.refusedWithCompany(refusedShare);
    if (!noise) return { kind: 'congestion', misjudged: 0 };
    // The first time in an episode: the refusals that opened it were noise as well.
    const misjudged = this.noisy ? 0 : this.episodeCongestion;
    this.noisy = true;
    return { kind: 'noise', misjudged };
  }

  /**
   * Whether the requests on their way at the reactions were refused more than twice as often
   * as the recent answers (one allowed: a handful of requests says little).
   */
  private refusedWithCompany(refusedShare: number): boolean {
    const { refused, admitted } = this.company;
    return refused > 2 * Math.max(refusedShare, MIN_SHARE) * (refused + admitted) + 1;
  }

  private remember(refused: boolean): void {
    if (this.recent.length < this.window) this.recent.push(refused);
    else this.recent[this.next] = refused;
    this.next = (this.next + 1) % this.window;
  }
}
