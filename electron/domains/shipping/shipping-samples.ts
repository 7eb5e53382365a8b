/**
 * A valid argument object for each of the shipping domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const SHIPPING_SAMPLES = {
  shipmentsList: {},
  shipmentsStream: {},
  shipmentsStreamRead: { streamId: 'stream-1', from: 0 },
  shipmentsGet: { shipmentId: 'SHP-0001' },
  shipmentsLabel: { shipmentId: 'SHP-0001' },
  trackingEventsList: { filters: { status: 'DEL' } },
  trackingEventsStream: { filters: { status: 'DEL' } },
  trackingEventsStreamRead: { streamId: 'stream-1', from: 0 },
  trackingEventsGet: { id: 1 },
} satisfies ArgSamples;
