/**
 * A valid argument object for each of the inventory domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const INVENTORY_SAMPLES = {
  inventoryList: { filters: { low_stock: true } },
  inventoryGet: { productId: 1 },
  inventoryLocationStock: {},
  inventoryCount: { filters: { low_stock: true, location: 1 } },
  inventoryExceptions: { operationId: 'exceptions-1' },
  inventoryExceptionsKept: {},
  inventoryBoardKept: {},
  inventoryBoardKeep: {
    board: {
      at: '2026-11-28T07:00:00Z',
      days: 30,
      rows: [
        {
          location: null,
          counts: {
            onHand: 1,
            low: 0,
            out: 0,
            expiring: 0,
            expired: 0,
            voluntary: 0,
            mandatory: 0,
          },
        },
      ],
    },
  },
  inventoryExport: { filters: { location: 1 }, operationId: 'stock-export-1' },
  inventoryReorder: { location: 1 },
  inventorySortedPage: { sort: { column: 'available', desc: true }, page: 2, pageSize: 50 },
  locationsList: {},
  locationsGet: { id: 1 },
} satisfies ArgSamples;
