/**
 * The floor's claim rules in its database (0007-claim-settings.sql): one idle time per API
 * account, set in Settings → Floor. The claim statements read it in SQL (`idleSecondsSql`), so
 * a grant, the live list and a takeover all use the floor's one value in the same statement,
 * whatever a station remembers; the station's own value is the fallback when no row exists.
 */
import { z } from 'zod';
import {
  CLAIM_IDLE_MINUTES_DEFAULT,
  claimIdleMinutesSchema,
} from '../../../../shared/contract/floor-claim-settings';
import type { PackQueryable } from './floor-port';

/**
 * SQL for the idle time in seconds: the floor's setting for the account in `$account`, else
 * the ms in `$fallback` (a parameter reference such as `$6`).
 */
export function idleSecondsSql(account: string, fallback: string): string {
  return `COALESCE((SELECT s.claim_idle_minutes * 60 FROM floor_claim_settings s
                     WHERE s.account = ${account}), ${fallback}::double precision / 1000)`;
}

export interface StoredClaimSettings {
  claimIdleMinutes: number;
  changedBy: string | null;
  changedAt: string | null;
}

const row = z.object({
  claim_idle_minutes: claimIdleMinutesSchema,
  changed_by: z.string().min(1).max(80),
  changed_at: z.union([z.date(), z.string()]).transform((v) => new Date(v).toISOString()),
});

const DEFAULTS: StoredClaimSettings = {
  claimIdleMinutes: CLAIM_IDLE_MINUTES_DEFAULT,
  changedBy: null,
  changedAt: null,
};

/** The account's claim rules; the defaults when never set (or a row the console cannot read). */
export async function readClaimSettings(
  db: PackQueryable,
  account: string,
  problem: (message: string) => void = () => {},
): Promise<StoredClaimSettings> {
  const r = await db.query(
    'SELECT claim_idle_minutes, changed_by, changed_at FROM floor_claim_settings WHERE account = $1',
    [account],
  );
  if (!r.rows[0]) return DEFAULTS;
  const parsed = row.safeParse(r.rows[0]);
  if (!parsed.success) {
    problem('The floor’s claim settings could not be read; the default idle time holds.');
    return DEFAULTS;
  }
  return {
    claimIdleMinutes: parsed.data.claim_idle_minutes,
    changedBy: parsed.data.changed_by,
    changedAt: parsed.data.changed_at,
  };
}

/** Sets the account's idle time for every station of the floor; who set it is kept. */
export async function saveClaimSettings(
  db: PackQueryable,
  account: string,
  minutes: number,
  by: string,
): Promise<StoredClaimSettings> {
  const checked = claimIdleMinutesSchema.parse(minutes);
  const r = await db.query(
    `INSERT INTO floor_claim_settings (account, claim_idle_minutes, changed_by)
     VALUES ($1, $2, $3)
     ON CONFLICT (account) DO UPDATE SET claim_idle_minutes = excluded.claim_idle_minutes,
       changed_by = excluded.changed_by, changed_at = now()
     RETURNING claim_idle_minutes, changed_by, changed_at`,
    [account, checked, by.trim().slice(0, 80) || 'Someone'],
  );
  const saved = row.parse(r.rows[0]);
  return {
    claimIdleMinutes: saved.claim_idle_minutes,
    changedBy: saved.changed_by,
    changedAt: saved.changed_at,
  };
}
