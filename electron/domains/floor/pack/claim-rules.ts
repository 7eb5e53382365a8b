/**
 * Pack claims, as pure rules (issue 29): opening an order's pack screen claims it for this
 * station and packer; another station scanning it meets the claim gate. A claim ends when the
 * order is packed, released, or left idle past the set time (15 minutes unless Settings → Floor
 * says; every verified item refreshes it, so a long pack is not idle); taking
 * over a live claim is an explicit override with a reason, and it is logged.
 *
 * The database enforces "one live claim per order" itself (0002-pack.sql: the order is the
 * claims table's key and the grant is one conditional upsert), so two stations scanning within
 * milliseconds cannot both win. These rules are the same decision written once in TypeScript:
 * the station's local claims use them while the floor is offline, and the words of the gate
 * come from here for both.
 */

/** How long a claim lives with no sign of work on it, unless the floor's settings say. */
export const DEFAULT_CLAIM_IDLE_MS = 15 * 60_000;

/** Bounds for the setting: under a minute would drop a packer fetching tape; over a shift, never. */
export const CLAIM_IDLE_MIN_MS = 60_000;
export const CLAIM_IDLE_MAX_MS = 12 * 60 * 60_000;

/** One live claim: the order is being packed at `station` by `packer` since `since`. */
export interface PackClaim {
  orderId: number;
  /** What a person calls the order ("#10983"), for the gate's words at other stations. */
  orderName: string;
  station: string;
  packer: string;
  /** ISO 8601: when the claim was granted. */
  since: string;
  /** ISO 8601: the last sign of work on it (a scan, a print); idle time counts from here. */
  touchedAt: string;
}

/** Who asks for a claim. */
export interface Claimant {
  orderId: number;
  orderName: string;
  station: string;
  packer: string;
}

export type ClaimDecision =
  /** A new claim (none was live; `expired` is the idle claim it replaced, if any). */
  | { kind: 'granted'; claim: PackClaim; expired: PackClaim | null }
  /** This station held it already (a rescan, a restart, another packer signing in here). */
  | { kind: 'resumed'; claim: PackClaim }
  /**
   * Another station holds it: the claim gate. `idleMs`: how long it has seen no work, on the
   * floor's clock when the floor decided (stations' clocks may differ), for "idle for 12 min".
   */
  | { kind: 'held'; holder: PackClaim; idleMs?: number };

/** A takeover as the floor logs it: whose claim, who took it, why, when. */
export interface ClaimTakeover {
  orderId: number;
  orderName: string;
  from: { station: string; packer: string; since: string };
  to: { station: string; packer: string };
  reason: string;
  at: string;
}

/** A setting for the idle time, kept within its bounds; anything unreadable is the default. */
export function claimIdleMs(setting: unknown): number {
  if (typeof setting !== 'number' || !Number.isFinite(setting)) return DEFAULT_CLAIM_IDLE_MS;
  return Math.min(CLAIM_IDLE_MAX_MS, Math.max(CLAIM_IDLE_MIN_MS, Math.round(setting)));
}

/**
 * True when the claim has seen no work for longer than `idleMs` at `now` (ms). A touch time
 * that cannot be read counts as idle: a row changed by hand into nonsense must not hold an
 * order for ever.
 */
export function claimExpired(claim: PackClaim, now: number, idleMs: number): boolean {
  const touched = Date.parse(claim.touchedAt);
  if (Number.isNaN(touched)) return true;
  return now - touched > idleMs;
}

/** How long the claim has seen no work at `now` (ms, never below 0; 0 when unreadable). */
export function claimIdleFor(claim: PackClaim, now: number): number {
  const touched = Date.parse(claim.touchedAt);
  return Number.isNaN(touched) ? 0 : Math.max(0, now - touched);
}

/**
 * The idle time in a person's words, or '' under a minute (a claim worked on now is not
 * "idle"): ", idle for 12 min". Whole minutes, rounded down, as a wall clock would say.
 */
export function idleWords(idleMs: number | undefined): string {
  if (idleMs === undefined || !Number.isFinite(idleMs) || idleMs < 60_000) return '';
  return `, idle for ${Math.floor(idleMs / 60_000)} min`;
}

/** Same station: a station is one bench, so a rescan there (any packer) resumes its claim. */
function sameStation(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What happens when `who` opens the order's pack screen, given the live claim (or none). */
export function decideClaim(
  existing: PackClaim | null,
  who: Claimant,
  now: number,
  idleMs: number = DEFAULT_CLAIM_IDLE_MS,
): ClaimDecision {
  const at = new Date(now).toISOString();
  if (existing && sameStation(existing.station, who.station)) {
    return {
      kind: 'resumed',
      claim: { ...existing, packer: who.packer, orderName: who.orderName, touchedAt: at },
    };
  }
  if (existing && !claimExpired(existing, now, idleMs)) {
    return { kind: 'held', holder: existing, idleMs: claimIdleFor(existing, now) };
  }
  return {
    kind: 'granted',
    claim: { ...who, since: at, touchedAt: at },
    expired: existing,
  };
}

export class TakeoverRefused extends Error {}

/** The reason a takeover needs, trimmed; a clear sentence when it is missing or too long. */
export function takeoverReason(reason: string): string {
  const words = reason.trim();
  if (words.length === 0) {
    throw new TakeoverRefused('Say why you are taking this order over: the floor logs it.');
  }
  if (words.length > 200) {
    throw new TakeoverRefused('The reason is too long: 200 characters at most.');
  }
  return words;
}

/**
 * Takes over another station's live claim on purpose: the new claim and the log entry. A
 * claim that is no longer live (or is this station's) needs no takeover, so it is granted as
 * a plain claim and nothing is logged.
 */
export function takeOver(
  existing: PackClaim | null,
  who: Claimant,
  reason: string,
  now: number,
  idleMs: number = DEFAULT_CLAIM_IDLE_MS,
): { claim: PackClaim; takeover: ClaimTakeover | null } {
  const why = takeoverReason(reason);
  const decision = decideClaim(existing, who, now, idleMs);
  if (decision.kind !== 'held') return { claim: decision.claim, takeover: null };
  const at = new Date(now).toISOString();
  const holder = decision.holder;
  return {
    claim: { ...who, since: at, touchedAt: at },
    takeover: {
      orderId: who.orderId,
      orderName: who.orderName,
      from: { station: holder.station, packer: holder.packer, since: holder.since },
      to: { station: who.station, packer: who.packer },
      reason: why,
      at,
    },
  };
}

/** True when `station` may end (release, pack) the claim: only its holder may. */
export function holdsClaim(claim: PackClaim | null, station: string): boolean {
  return claim !== null && sameStation(claim.station, station);
}

/** How a time of day is written on the gate (the view passes the locale's formatter). */
export type TimeWords = (iso: string) => string;

/**
 * The claim gate in words, like the other gates: "Being packed at Station 3 by Ana since
 * 10:42", and what to do.
 */
export function claimGateWords(
  holder: PackClaim,
  time: TimeWords,
  /** How long the claim has been idle (ms), when known: ", idle for 12 min". */
  idleMs?: number,
): { title: string; detail: string } {
  const since = Number.isNaN(Date.parse(holder.since)) ? '' : ` since ${time(holder.since)}`;
  return {
    title: `Being packed at ${holder.station} by ${holder.packer}${since}${idleWords(idleMs)}`,
    detail:
      'Another station has this order open. Leave it to them, or take it over with a reason ' +
      '(the floor logs who took it and why).',
  };
}
