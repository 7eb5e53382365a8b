/** The shipping area: shipments, their labels (JSON with a base64 image), tracking events. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, interactive } from './api-deps';
import { trackingEventQuery } from './query';

type ShippingMethod =
  | 'shipmentsList'
  | 'shipmentsGet'
  | 'shipmentsLabel'
  | 'trackingEventsList'
  | 'trackingEventsGet';

export function createShippingHandlers(deps: ApiHandlerDeps): HandlersFor<ShippingMethod> {
  return {
    shipmentsList: async (_args, ctx) => {
      const api = await deps.client();
      return api.json('shipping_v1_shipments_list', interactive(ctx), (init) =>
        api.raw.GET('/api/shipping/v1/shipments/', init),
      );
    },

    shipmentsGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('shipping_v1_shipments_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/shipping/v1/shipments/{shipment_id}/', {
          params: { path: { shipment_id: args.shipmentId } },
          ...init,
        }),
      );
    },

    shipmentsLabel: async (args, ctx) => {
      const api = await deps.client();
      return api.json('shipping_v1_shipments_label_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/shipping/v1/shipments/{shipment_id}/label/', {
          params: { path: { shipment_id: args.shipmentId } },
          ...init,
        }),
      );
    },

    trackingEventsList: async (args, ctx) => {
      const api = await deps.client();
      return api.json('shipping_v1_tracking_events_list', interactive(ctx), (init) =>
        api.raw.GET('/api/shipping/v1/tracking-events/', {
          params: { query: trackingEventQuery(args.filters) },
          ...init,
        }),
      );
    },

    trackingEventsGet: async (args, ctx) => {
      const api = await deps.client();
      return api.json('shipping_v1_tracking_events_retrieve', interactive(ctx), (init) =>
        api.raw.GET('/api/shipping/v1/tracking-events/{id}/', {
          params: { path: { id: args.id } },
          ...init,
        }),
      );
    },
  };
}
