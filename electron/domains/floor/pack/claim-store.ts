/**
 * Pack claims in the floor's database (0002-pack.sql). The grant is one statement: an upsert
 * on the order's key whose update only happens when the row is this station's own or idle past
 * the set time, so PostgreSQL itself decides between two stations scanning at once (the loser's
 * insert waits on the winner's row, then finds it live and changes nothing). Idle time is
 * counted on the database's clock, against the floor's one idle setting (claim-settings-store),
 * so stations whose clocks or remembered settings differ still agree.
 */
import {
  type Claimant,
  type ClaimDecision,
  DEFAULT_CLAIM_IDLE_MS,
  type PackClaim,
  takeOver,
} from './claim-rules';
import { idleSecondsSql } from './claim-settings-store';
import type { PackQueryable, PackTx } from './floor-port';
import { type RowProblems, readClaim } from './pack-floor-rows';

type Db = PackQueryable;

const CLAIM = `
WITH before AS (
  SELECT station, packer, order_name, since, touched_at, order_id
    FROM pack_claims WHERE account = $1 AND order_id = $2
)
INSERT INTO pack_claims AS c (account, order_id, order_name, station, packer)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (account, order_id) DO UPDATE SET
  order_name = excluded.order_name,
  packer = excluded.packer,
  touched_at = now(),
  since = CASE WHEN lower(c.station) = lower(excluded.station) THEN c.since ELSE now() END,
  station = CASE WHEN lower(c.station) = lower(excluded.station) THEN c.station ELSE excluded.station END
WHERE lower(c.station) = lower(excluded.station)
   OR c.touched_at < now() - make_interval(secs => ${idleSecondsSql('$1', '$6')})
RETURNING c.order_id, c.order_name, c.station, c.packer, c.since, c.touched_at,
  (SELECT row_to_json(before) FROM before) AS before`;

// The holder's idle time on the database's clock: the words at another station agree with it.
const HOLDER = `SELECT order_id, order_name, station, packer, since, touched_at,
    greatest(0, extract(epoch FROM now() - touched_at) * 1000) AS idle_ms
  FROM pack_claims WHERE account = $1 AND order_id = $2`;

function sameStation(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Claims the order for this station and packer: granted, resumed (this station held it), or
 * held by another station (the claim gate). A claim ended between the upsert and the read of
 * its holder is asked for again.
 */
export async function claimOrder(
  db: Db,
  account: string,
  who: Claimant,
  idleMs: number = DEFAULT_CLAIM_IDLE_MS,
  problems?: RowProblems,
): Promise<ClaimDecision> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const won = await db.query(CLAIM, [
      account,
      who.orderId,
      who.orderName,
      who.station,
      who.packer,
      idleMs,
    ]);
    const row = won.rows[0];
    if (row) {
      const claim = readClaim(row, problems);
      if (!claim) throw new Error('The floor answered a claim the console cannot read.');
      const before = row.before ? readClaim(row.before, problems) : null;
      if (before && sameStation(before.station, who.station)) return { kind: 'resumed', claim };
      return { kind: 'granted', claim, expired: before };
    }
    const held = await db.query(HOLDER, [account, who.orderId]);
    if (held.rows[0]) {
      const holder = readClaim(held.rows[0], problems);
      // A holder row changed into nonsense must not hold the order: it is replaced below.
      if (holder) {
        const idleMs = Number(held.rows[0].idle_ms);
        return { kind: 'held', holder, ...(Number.isFinite(idleMs) ? { idleMs } : {}) };
      }
      await db.query('DELETE FROM pack_claims WHERE account = $1 AND order_id = $2', [
        account,
        who.orderId,
      ]);
    }
  }
  throw new Error('The floor kept changing this order’s claim: scan it again.');
}

/** A change to one station's own claim of an order; true when the station had that claim. */
type OwnClaimChange = (
  db: Db,
  account: string,
  orderId: number,
  station: string,
) => Promise<boolean>;

/**
 * `statement` on this station's own claim row only (the name compared as people type it, as
 * the upsert does), so another station's claim of the order is never touched.
 */
function ownClaimChange(statement: string): OwnClaimChange {
  return async (db, account, orderId, station) => {
    const r = await db.query(
      `${statement} WHERE account = $1 AND order_id = $2 AND lower(station) = lower($3)`,
      [account, orderId, station],
    );
    return (r.rowCount ?? 0) > 0;
  };
}

/** A sign of work on the claim (a scan, a print): its idle time starts again. */
export const touchClaim = ownClaimChange('UPDATE pack_claims SET touched_at = now()');

/** Ends this station's claim (the packer left the order); another station's is not touched. */
export const releaseClaim = ownClaimChange('DELETE FROM pack_claims');

/** The live claims of the floor (the supervisor's open claims), oldest first. */
export async function liveClaims(
  db: Db,
  account: string,
  idleMs: number = DEFAULT_CLAIM_IDLE_MS,
  problems?: RowProblems,
): Promise<PackClaim[]> {
  const r = await db.query(
    `SELECT order_id, order_name, station, packer, since, touched_at FROM pack_claims
      WHERE account = $1 AND touched_at >= now() - make_interval(secs => ${idleSecondsSql('$1', '$2')})
      ORDER BY since`,
    [account, idleMs],
  );
  return r.rows.flatMap((row) => readClaim(row, problems) ?? []);
}

/**
 * Takes over another station's live claim on purpose, with a reason: the claim moves and the
 * takeover is logged, in one transaction (the row is locked, so two takeovers queue).
 */
export async function takeOverClaim(
  db: PackTx,
  account: string,
  who: Claimant,
  reason: string,
  idleMs: number = DEFAULT_CLAIM_IDLE_MS,
): Promise<PackClaim> {
  return db.tx(async (q) => {
    const r = await q.query(
      `SELECT order_id, order_name, station, packer, since, touched_at,
              extract(epoch FROM now()) * 1000 AS now_ms,
              ${idleSecondsSql('$1', '$3')} * 1000 AS idle_ms
         FROM pack_claims WHERE account = $1 AND order_id = $2 FOR UPDATE`,
      [account, who.orderId, idleMs],
    );
    const existing = r.rows[0] ? readClaim(r.rows[0]) : null;
    const nowMs = r.rows[0] ? Number(r.rows[0].now_ms) : Date.now();
    // The floor's idle time (Settings → Floor) decides whether the claim is still live.
    const floorIdleMs = r.rows[0] ? Number(r.rows[0].idle_ms) : idleMs;
    // takeOver checks the reason first: a missing one is refused before anything changes.
    const { takeover } = takeOver(existing, who, reason, nowMs, floorIdleMs);
    if (takeover) {
      await q.query(
        `INSERT INTO pack_claim_takeovers (account, order_id, order_name, from_station,
           from_packer, from_since, to_station, to_packer, reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          account,
          who.orderId,
          who.orderName,
          takeover.from.station,
          takeover.from.packer,
          takeover.from.since,
          takeover.to.station,
          takeover.to.packer,
          takeover.reason,
        ],
      );
      await q.query('DELETE FROM pack_claims WHERE account = $1 AND order_id = $2', [
        account,
        who.orderId,
      ]);
    }
    const decision = await claimOrder(q, account, who, idleMs);
    if (decision.kind === 'held')
      throw new Error('The claim could not be taken over: scan it again.');
    return decision.claim;
  });
}

/** The takeovers logged today (or since an instant), newest first. */
export async function claimTakeovers(
  db: Db,
  account: string,
  since: string,
): Promise<{ orderName: string; from: string; to: string; reason: string; at: string }[]> {
  const r = await db.query(
    `SELECT order_name, from_station, from_packer, to_station, to_packer, reason, at
       FROM pack_claim_takeovers WHERE account = $1 AND at >= $2 ORDER BY at DESC LIMIT 500`,
    [account, since],
  );
  return r.rows.map((row) => ({
    orderName: String(row.order_name),
    from: `${row.from_station} (${row.from_packer})`,
    to: `${row.to_station} (${row.to_packer})`,
    reason: String(row.reason),
    at: new Date(row.at).toISOString(),
  }));
}
