/**
 * Who packs (issue 28): a packer signs in at the station by typing their name or scanning
 * their badge (a code starting PKR-, set up in Settings → Station → Packers). The name is kept
 * in the station settings, so the main process writes it into every pack it logs (and the
 * packed mark shows it) and it survives a restart; switching packer is one badge scan.
 */
import { useCallback } from 'react';
import { BADGE_PATTERN } from '../../../../shared/contract/station-settings';
import { useStationSettings, useUpdateStation } from './use-station-settings';

export function isBadge(code: string): boolean {
  return BADGE_PATTERN.test(code.trim());
}

/** The name a badge signs in, from the station's list (badges compared without case). */
export function badgeOwner(
  packers: readonly { badge: string; name: string }[],
  code: string,
): string | undefined {
  const wanted = code.trim().toUpperCase();
  return packers.find((p) => p.badge.toUpperCase() === wanted)?.name;
}

export type SignInOutcome = { ok: true; name: string } | { ok: false; message: string };

/** Signs a packer in (a name; empty signs out) and, from a scan, by badge. */
export function usePacker() {
  const station = useStationSettings();
  const update = useUpdateStation();
  const signIn = useCallback(
    async (name: string): Promise<SignInOutcome> => {
      const clean = name.trim().slice(0, 80);
      try {
        await update.mutateAsync({ packer: clean });
        return { ok: true, name: clean };
      } catch (error) {
        return { ok: false, message: `Not signed in: ${(error as Error).message}` };
      }
    },
    [update],
  );
  const signInByBadge = useCallback(
    async (code: string): Promise<SignInOutcome> => {
      const name = badgeOwner(station.packers, code);
      if (!name) {
        return {
          ok: false,
          message: `Badge ${code.trim().toUpperCase()} is not set up at this station: add it in Settings → Station → Packers, or sign in by name.`,
        };
      }
      return signIn(name);
    },
    [station.packers, signIn],
  );
  return { packer: station.packer, packers: station.packers, signIn, signInByBadge };
}
