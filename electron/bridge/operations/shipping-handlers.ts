/** The shipping area: shipments, their labels (JSON with a base64 image), tracking events. */
import type { HandlersFor } from '../handler-types';
import { type ApiHandlerDeps, jsonMethod } from './api-deps';
import { trackingEventQuery } from './query';

type ShippingMethod =
  | 'shipmentsList'
  | 'shipmentsGet'
  | 'shipmentsLabel'
  | 'trackingEventsList'
  | 'trackingEventsGet';

export function createShippingHandlers(deps: ApiHandlerDeps): HandlersFor<ShippingMethod> {
  return {
    shipmentsList: jsonMethod(deps, 'shipping_v1_shipments_list', () => ({})),
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
