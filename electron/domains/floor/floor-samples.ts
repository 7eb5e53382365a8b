/**
 * A valid argument object for each of the floor domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const FLOOR_SAMPLES = {
  floorOverview: {},
  floorSettingsGet: {},
  floorSettingsSave: { connection: null },
  floorTest: {
    host: '127.0.0.1',
    port: 5432,
    database: 'floor',
    user: 'packbench',
    tls: 'require',
  },
  floorStatus: {},
  floorPackOpen: { orderId: 1, orderName: '#1001' },
  floorPackRelease: { orderId: 1 },
  floorPackTouch: { orderId: 1 },
  floorClaimSettingsGet: {},
  floorClaimSettingsSave: { claimIdleMinutes: 15 },
  floorPackConflicts: {},
  floorPackConflictResolve: { id: 1, note: 'Second parcel found and voided' },
} satisfies ArgSamples;
