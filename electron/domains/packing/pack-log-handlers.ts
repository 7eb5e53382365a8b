/**
 * The pack log's bridge methods: list (by order, or since an instant for "Packed today"),
 * record a pack when the last unit is verified, and add what was printed for it. Who packed
 * is the packer signed in at the station (sent with the record), else the computer's user;
 * which station, the station's name from the settings (or the computer's name when none is
 * set).
 */
import { BridgeFailure } from '../../kernel/failure';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { SelectedLocalStore } from '../../kernel/local-store';
import { addPrints, packRecords, recordPack } from './pack-log-store';

export interface PackLogDeps {
  localStore: SelectedLocalStore;
  packer(): string;
  station(): string;
  now?: () => Date;
}

export function createPackLogHandlers(deps: PackLogDeps) {
  const now = deps.now ?? (() => new Date());
  return asHandlers({
    packLogList: async ({ orderIds, since }) => ({
      records: packRecords(await deps.localStore(), { orderIds, since }),
    }),

    packLogRecord: async ({ orderId, orderName, lines, packer, overrides, printed }) =>
      recordPack(await deps.localStore(), {
        orderId,
        orderName,
        lines,
        packedAt: now().toISOString(),
        // The packer signed in at the station, else the computer's user.
        packedBy: packer ?? deps.packer(),
        station: deps.station(),
        // Gates passed on purpose, kept with who packed (packedBy) and the pack.
        ...(overrides && overrides.length > 0 ? { overrides } : {}),
        ...(printed ? { printed } : {}),
      }),

    packLogPrinted: async ({ orderId, printed }) => {
      const record = await addPrints(await deps.localStore(), orderId, printed);
      if (!record) {
        throw new BridgeFailure('not_found', 'That order is not in the pack log: pack it first.');
      }
      return record;
    },
  } satisfies Partial<Handlers>);
}
