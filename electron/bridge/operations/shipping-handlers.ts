/** The shipping area: shipments, their labels (JSON with a base64 image), tracking events. */
import { openApiValidator } from '../../../shared/api/openapi-validator';
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, interactive, jsonMethod } from './api-deps';
import { createListStreams } from './list-streams';
import { trackingEventQuery } from './query';

type ShippingMethod =
  | 'shipmentsList'
  | 'shipmentsStream'
  | 'shipmentsStreamRead'
  | 'shipmentsGet'
  | 'shipmentsLabel'
  | 'trackingEventsList'
  | 'trackingEventsGet';

export function createShippingHandlers(deps: ApiHandlerDeps): HandlersFor<ShippingMethod> {
  const streams = createListStreams();
  return {
    shipmentsList: jsonMethod(deps, 'shipping_v1_shipments_list', () => ({})),
    // The same list read as it arrives (list-stream.ts); each element checked alone.
    shipmentsStream: async (_args, ctx) => {
      const client = await deps.client();
      return streams.start(
        // Not the call's own signal: the stream outlives this call (list-streams.ts drops it).
        (signal) =>
          client.jsonStream('shipping_v1_shipments_list', {}, { ...interactive(ctx), signal }),
        {
          validate: openApiValidator('tolerant').schema('ShipmentList'),
          idKey: 'shipment_id',
          what: 'shipments',
        },
      );
    },
    shipmentsStreamRead: (a) => streams.read(a.streamId, a.from),
    shipmentsGet: jsonMethod(deps, 'shipping_v1_shipments_retrieve', (a) => ({
      path: { shipment_id: a.shipmentId },
    })),
    shipmentsLabel: jsonMethod(deps, 'shipping_v1_shipments_label_retrieve', (a) => ({
      path: { shipment_id: a.shipmentId },
    })),
    trackingEventsList: jsonMethod(deps, 'shipping_v1_tracking_events_list', (a) => ({
      query: trackingEventQuery(a.filters),
    })),
    trackingEventsGet: jsonMethod(deps, 'shipping_v1_tracking_events_retrieve', (a) => ({
      path: { id: a.id },
    })),
  };
}
