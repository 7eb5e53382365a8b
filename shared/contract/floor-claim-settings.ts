/**
 * The floor's claim rules (Settings → Floor; issue 29): how long an order's pack claim lives
 * with no verified item on it before another station may take it without an override. One
 * rule for the whole floor, kept in its database (0007-claim-settings.sql), so every station
 * agrees on which claims are live.
 */
import { z } from 'zod';

/** Bounds, in minutes: under one drops a packer fetching tape; over a shift holds for ever. */
export const CLAIM_IDLE_MINUTES_MIN = 1;
export const CLAIM_IDLE_MINUTES_MAX = 720;
export const CLAIM_IDLE_MINUTES_DEFAULT = 15;

const boundsWords = `between ${CLAIM_IDLE_MINUTES_MIN} and ${CLAIM_IDLE_MINUTES_MAX} minutes`;

/** A value as the form and the bridge check it: whole minutes within the bounds. */
export const claimIdleMinutesSchema = z
  .number({ error: `The idle time is a number of minutes, ${boundsWords}.` })
  .int({ error: `The idle time is whole minutes, ${boundsWords}.` })
  .min(CLAIM_IDLE_MINUTES_MIN, { error: `The idle time is ${boundsWords}.` })
  .max(CLAIM_IDLE_MINUTES_MAX, { error: `The idle time is ${boundsWords}.` });

/** What Settings → Floor shows of the claim rules. */
export interface FloorClaimSettingsView {
  claimIdleMinutes: number;
  /** Who set it last, and when (ISO 8601); null: never set, the default holds. */
  changedBy: string | null;
  changedAt: string | null;
  /**
   * 'none': no floor is configured (the setting waits for one); 'floor': read from the floor;
   * 'offline': the floor did not answer, so this is the last value known here.
   */
  floor: 'none' | 'floor' | 'offline';
  /** Why the floor's value could not be read or saved, in words, or null. */
  message: string | null;
}

/**
 * What a person typed, checked: the minutes, or the sentence saying what is wrong (the form
 * shows it and keeps what was typed).
 */
export function readClaimIdleMinutes(
  typed: string,
): { ok: true; minutes: number } | { ok: false; error: string } {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) {
    return { ok: false, error: `Type the idle time in whole minutes, ${boundsWords}.` };
  }
  const parsed = claimIdleMinutesSchema.safeParse(Number(text));
  return parsed.success
    ? { ok: true, minutes: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? `The idle time is ${boundsWords}.` };
}
