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
 * The same holds for a bulk train's later cars (pacing.ts: requests sent together): a bucket
 * running low admits a train's first request and refuses the one right behind it. Among three
 * consoles on the simulated account the later cars were refused 27 % of the time, the first
 * ones 7 %; under 10 % random 429s both 7.6-7.8 %; in a bench run the one noise verdict came
 * with nothing on its way at the reactions and 5 of 22 later cars refused against 0 of 22
 * first ones. So the requests sent close to others (later cars and company together) must not
 * have been refused more than twice as often as the first cars either.
 *
 * An episode ends after `quietMs` (6 s) without a refusal. Consoles sharing the account each
 * meet a refusal every few seconds, so with 10 s every console's refusals were one episode
 * from start-up on, its fifth judged noise in about half the seeded three-console runs (a
 * fifth with 6 s and the rule above), and that console stopped giving way (one took 5.4 of
 * 10/s). Random refusals where noise matters come closer together (a busy console at 45/s
 * meets several a second). The cost: a console sending under a few requests a second takes
 * longer to tell random refusals from congestion, and gives way for them meanwhile.
 *
 * Four refusals before noise is believed: with bulk work at several stations colliding, a
 * station can meet three or four 429s within seconds, and each of them must still slow it
 * down (fewer let the stations' collisions pass for noise; measured on the simulated floor).
 */

/** The share of refusals assumed when fewer were seen (a 429 in twenty answers). */
const MIN_SHARE = 0.05;
/**
 * Refusals among requests sent close together allowed beyond twice the base share: a handful
 * of samples says little. Set on the simulated account (test-support/): it blocks the
 * verdict at the fifth refusal in 69 % of three-console episodes, and under 10 % random 429s
 * in 1 of 60 runs started warm and 4 of 63 started cold (the verdict then comes later).
 */
const CLOSE_SLACK = 1.5;

export interface RefusalOptions {
  /** Refusals at the start of an episode that always count as congestion (default 4). */
  episodeCongestion?: number;
  /** A 429 this long after the previous one starts a new episode (default 6 s). */
  quietMs?: number;
  /** Answers the recent share is taken over (default 40). */
  window?: number;
  /** A recent share of 429s above this is congestion (default 0.25). */
  congestionShare?: number;
  /** This many 429s in a row are congestion (default 4; by chance 1 in 10,000 at 10 %). */
  runLength?: number;
}

/** Where a bulk request went in its train (pacing.ts); none for a request sent alone. */
export type TrainCar = 'first' | 'later';

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
  /** This episode's answers to bulk trains: their first requests, and those right behind. */
  private cars = { firstRefused: 0, first: 0, laterRefused: 0, later: 0 };
  private run = 0;
  private noisy = false;

  constructor(options: RefusalOptions = {}) {
    this.episodeCongestion = options.episodeCongestion ?? 4;
    this.quietMs = options.quietMs ?? 6000;
    this.window = options.window ?? 40;
    this.congestionShare = options.congestionShare ?? 0.25;
    this.runLength = options.runLength ?? 4;
  }

  /** Whether this episode has been judged noise: its 429s are not about our rate. */
  get noisyEpisode(): boolean {
    return this.noisy;
  }

  /** `sentBeforeReaction`: the request was on its way when the limiter last reacted. */
  succeeded(sentBeforeReaction = false, car?: TrainCar): void {
    this.remember(false);
    this.run = 0;
    if (sentBeforeReaction) this.company.admitted += 1;
    this.countCar(car, false);
  }

  /**
   * A 429 at `now`. `newEvent`: false when the request was sent before the limiter last
   * reacted to congestion (refused for the same reason, so no news: congestion, not counted).
   */
  refused(now: number, newEvent: boolean, car?: TrainCar): RefusalVerdict {
    this.remember(true);
    this.run += 1;
    if (now - this.lastRefusalAt >= this.quietMs) {
      this.episodeEvents = 0;
      this.company = { refused: 0, admitted: 0 };
      this.cars = { firstRefused: 0, first: 0, laterRefused: 0, later: 0 };
      this.noisy = false;
    }
    this.countCar(car, true);
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
      !this.refusedWithCompany(refusedShare) &&
      !this.refusedClose(refusedShare);
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

  /**
   * Whether the requests sent close to others (a train's later cars, and those on their way at
   * the reactions) were refused more than twice as often as a train's first requests (the
   * recent answers before any train): an emptying bucket's mark (see above).
   */
  private refusedClose(refusedShare: number): boolean {
    const { firstRefused, first, laterRefused, later } = this.cars;
    const base = Math.max(first > 0 ? firstRefused / first : refusedShare, MIN_SHARE);
    const refused = this.company.refused + laterRefused;
    const n = this.company.refused + this.company.admitted + later;
    return refused > 2 * base * n + CLOSE_SLACK;
  }

  private countCar(car: TrainCar | undefined, refused: boolean): void {
    if (car === 'first') {
      this.cars.first += 1;
      if (refused) this.cars.firstRefused += 1;
    } else if (car === 'later') {
      this.cars.later += 1;
      if (refused) this.cars.laterRefused += 1;
    }
  }

  private remember(refused: boolean): void {
    if (this.recent.length < this.window) this.recent.push(refused);
    else this.recent[this.next] = refused;
    this.next = (this.next + 1) % this.window;
  }
}
