/**
 * Shared walks in the floor's database (0005-walks.sql): read a walk's last answer with its
 * age and station, claim the next walk so that one station walks while the others wait for
 * it, and publish the answer (pushed to every station on `floor_events`, topic
 * 'walk.counted', in the same transaction). Stations are named as the station profile names
 * them; times are the database's, so stations whose clocks differ agree on an age.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type pg from 'pg';

export type WalkKind = 'inventory-exceptions' | 'stock-list' | 'order-index';

export interface WalkKey {
  account: string;
  kind: WalkKind;
  /** What the walk covered beyond its kind (a stock list's filters); '' for the whole list. */
  scope: string;
}

export interface KeptWalk<T> {
  value: T;
  countedAt: Date;
  countedBy: string;
  /** Age on the database's clock when read (ms). */
  ageMs: number;
}

export interface WalkInProgress {
  by: string;
  since: Date;
}

export interface WalkRead<T> {
  kept: KeptWalk<T> | null;
  walking: WalkInProgress | null;
  /** A copy was there but could not be read (damaged, changed by hand): in words. */
  problem?: string;
}

type Db = Pick<pg.Pool, 'query'>;

/**
 * The last answer of a walk, checked by `check` (the caller's schema: an answer that does
 * not fit is reported as a problem and treated as absent, never handed on).
 */
export async function readWalk<T>(
  db: Db,
  key: WalkKey,
  check: (value: unknown) => T | undefined,
): Promise<WalkRead<T>> {
  const { rows } = await db.query(
    `SELECT body, counted_at, counted_by, walking_by, walking_since,
        walking_until > now() AS walking_live,
        extract(epoch FROM (now() - counted_at)) * 1000 AS age_ms
      FROM floor_walks WHERE account = $1 AND kind = $2 AND scope = $3`,
    [key.account, key.kind, key.scope],
  );
  const row = rows[0];
  if (!row) return { kept: null, walking: null };
  const walking =
    row.walking_live && row.walking_by
      ? { by: String(row.walking_by), since: new Date(row.walking_since) }
      : null;
  if (!row.body || !row.counted_at) return { kept: null, walking };
  let value: T | undefined;
  try {
    value = check(JSON.parse(gunzipSync(row.body as Buffer).toString('utf8')));
  } catch {
    value = undefined;
  }
  if (value === undefined) {
    return {
      kept: null,
      walking,
      problem: `The floor's shared copy of ${WALK_WORDS[key.kind]} could not be read; it will be counted again.`,
    };
  }
  return {
    kept: {
      value,
      countedAt: new Date(row.counted_at),
      countedBy: String(row.counted_by ?? ''),
      ageMs: Math.max(0, Number(row.age_ms)),
    },
    walking,
  };
}

/** What each walk is, in words (for sentences). */
export const WALK_WORDS: Record<WalkKind, string> = {
  'inventory-exceptions': 'the stock exceptions',
  'stock-list': 'the stock list',
  'order-index': 'the orders index',
};

/**
 * Claims the next walk for `station` for at most `holdMs`: granted when nobody walks (or the
 * walker's claim ran out, or it is this station's own), else who walks and since when.
 */
export async function claimWalk(
  db: Db,
  key: WalkKey,
  station: string,
  holdMs: number,
): Promise<{ granted: true } | { granted: false; walking: WalkInProgress }> {
  const { rows } = await db.query(
    `INSERT INTO floor_walks AS w (account, kind, scope, walking_by, walking_since, walking_until)
     VALUES ($1, $2, $3, $4, now(), now() + make_interval(secs => $5::double precision / 1000))
     ON CONFLICT (account, kind, scope) DO UPDATE SET
       walking_by = excluded.walking_by,
       walking_since = now(),
       walking_until = excluded.walking_until
     WHERE w.walking_by IS NULL OR w.walking_until IS NULL OR w.walking_until <= now()
        OR w.walking_by = excluded.walking_by
     RETURNING walking_by`,
    [key.account, key.kind, key.scope, station, holdMs],
  );
  if (rows[0]) return { granted: true };
  const held = await db.query(
    'SELECT walking_by, walking_since FROM floor_walks WHERE account = $1 AND kind = $2 AND scope = $3',
    [key.account, key.kind, key.scope],
  );
  const row = held.rows[0];
  // Let go between the two statements: try once more.
  if (!row?.walking_by) return claimWalk(db, key, station, holdMs);
  return {
    granted: false,
    walking: { by: String(row.walking_by), since: new Date(row.walking_since) },
  };
}

/**
 * The walk's answer for every station, pushed to them; this station's claim ends. Answers the
 * time the floor gives it (its clock), which every station then shows for it.
 */
export async function publishWalk(
  db: Db,
  key: WalkKey,
  station: string,
  value: unknown,
): Promise<Date | null> {
  const raw = Buffer.from(JSON.stringify(value), 'utf8');
  const kept = await db.query<{ counted_at: Date | string }>(
    `WITH kept AS (
       INSERT INTO floor_walks AS w (account, kind, scope, body, raw_bytes, counted_at, counted_by)
       VALUES ($1, $2, $3, $4, $5, now(), $6)
       ON CONFLICT (account, kind, scope) DO UPDATE SET
         body = excluded.body, raw_bytes = excluded.raw_bytes, counted_at = now(),
         counted_by = excluded.counted_by,
         walking_by = CASE WHEN w.walking_by = excluded.counted_by THEN NULL ELSE w.walking_by END,
         walking_until = CASE WHEN w.walking_by = excluded.counted_by THEN NULL ELSE w.walking_until END
       RETURNING w.counted_at)
     SELECT counted_at, floor_publish('walk.counted', json_build_object('kind', $2::text,
       'scope', $3::text, 'by', $6::text)::jsonb, NULL) FROM kept`,
    [key.account, key.kind, key.scope, gzipSync(raw, { level: 1 }), raw.byteLength, station],
  );
  const at = kept.rows[0]?.counted_at;
  return at ? new Date(at) : null;
}

/** A walk that broke off: the claim ends, so another station (or the next try) may walk. */
export async function releaseWalk(db: Db, key: WalkKey, station: string): Promise<void> {
  await db.query(
    `UPDATE floor_walks SET walking_by = NULL, walking_until = NULL
      WHERE account = $1 AND kind = $2 AND scope = $3 AND walking_by = $4`,
    [key.account, key.kind, key.scope, station],
  );
}
