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
    shipmentsList: async (_args, ctx) =>
      (await deps.client()).json('shipping_v1_shipments_list', {}, interactive(ctx)),

    shipmentsGet: async (args, ctx) =>
      (await deps.client()).json(
        'shipping_v1_shipments_retrieve',
        { path: { shipment_id: args.shipmentId } },
        interactive(ctx),
      ),

    shipmentsLabel: async (args, ctx) =>
      (await deps.client()).json(
        'shipping_v1_shipments_label_retrieve',
        { path: { shipment_id: args.shipmentId } },
        interactive(ctx),
      ),

    trackingEventsList: async (args, ctx) =>
      (await deps.client()).json(
        'shipping_v1_tracking_events_list',
        { query: trackingEventQuery(args.filters) },
        interactive(ctx),
      ),

    trackingEventsGet: async (args, ctx) =>
      (await deps.client()).json(
        'shipping_v1_tracking_events_retrieve',
        { path: { id: args.id } },
        interactive(ctx),
      ),
  };
}
