/**
 * The bridge methods of pack claims and double packs (issue 29): floorPackOpen (claim on
 * opening the pack screen; with a reason, take another station's claim over), floorPackRelease
 * (leaving the order), floorPackTouch (a verified item keeps the claim from going idle),
 * floorPackConflicts (the supervisor's list) and Settings → Floor's claim rules
 * (floorClaimSettingsGet/Save). With no floor configured
 * they answer at once that there is none, and the station works alone as before.
 */
import type { FloorPackConflictsView } from '../../../../shared/contract/floor-pack-values';
import { BridgeFailure } from '../../../kernel/failure';
import { asHandlers } from '../../../kernel/handler-types';
import type { FloorOpen, FloorPackStation } from './floor-pack-station';

export interface FloorPackHandlerDeps {
  floor: FloorPackStation;
  /** This station's name as people say it. */
  station(): string;
  /** The packer signed in here (the computer's user when none). */
  packer(): string;
}

function view(opened: FloorOpen) {
  const holder =
    opened.source !== 'none' && opened.claim.kind === 'held'
      ? {
          station: opened.claim.holder.station,
          packer: opened.claim.holder.packer,
          since: opened.claim.holder.since,
          ...(opened.claim.idleMs !== undefined
            ? { idleMinutes: Math.floor(opened.claim.idleMs / 60_000) }
            : {}),
        }
      : null;
  return {
    floor: opened.source,
    holder,
    message: opened.source === 'local' ? opened.message : null,
  };
}

export function createFloorPackHandlers(deps: FloorPackHandlerDeps) {
  return asHandlers({
    floorPackOpen: async ({ orderId, orderName, packer, takeOverReason }) => {
      const who = { orderId, orderName, station: deps.station(), packer: packer ?? deps.packer() };
      return view(
        takeOverReason
          ? await deps.floor.takeOver(who, takeOverReason)
          : await deps.floor.open(who),
      );
    },
    floorPackRelease: async ({ orderId }) => {
      await deps.floor.release(orderId, deps.station());
      return { released: true as const };
    },
    floorPackTouch: async ({ orderId }) => ({
      touched: await deps.floor.touch(orderId, deps.station()),
    }),
    floorClaimSettingsGet: async () => deps.floor.claimSettings(),
    floorClaimSettingsSave: async ({ claimIdleMinutes }) => {
      try {
        return await deps.floor.saveClaimSettings(claimIdleMinutes, deps.packer());
      } catch (error) {
        throw new BridgeFailure('invalid_input', (error as Error).message);
      }
    },
    floorPackConflicts: async (): Promise<FloorPackConflictsView> => {
      const r = await deps.floor.conflicts();
      return r.ok
        ? { conflicts: r.conflicts, message: null }
        : { conflicts: [], message: r.message };
    },
  });
}
