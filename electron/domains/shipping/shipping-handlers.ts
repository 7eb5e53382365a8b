/** The shipping area: shipments, their labels (JSON with a base64 image), tracking events. */
import { toShipmentListItem } from '@shared/contract/shipment-list-item';
import type { Api } from '@shared/contract/values';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import { type ApiHandlerDeps, jsonMethod } from '../../kernel/operations/api-deps';
import { createListStreams } from '../../kernel/operations/list-streams';
import { trackingEventQuery } from '../../kernel/operations/query';
import { type StreamedListSpec, startStreamedList } from '../../kernel/operations/streamed-lists';

/**
 * The shipments list read as it arrives, each element checked alone, kept on disk; handed on
 * as the list's part of each shipment (shipment-list-item.ts).
 */
const SHIPMENTS: StreamedListSpec<'shipping_v1_shipments_list'> = {
  operationId: 'shipping_v1_shipments_list',
  schema: 'ShipmentList',
  idKey: 'shipment_id',
  what: 'shipments',
  keptName: 'shipments-list',
  project: (value) => toShipmentListItem(value as Api['ShipmentList']),
};

const TRACKING_FILTERED: StreamedListSpec<'shipping_v1_tracking_events_list'> = {
  operationId: 'shipping_v1_tracking_events_list',
  schema: 'TrackingEvent',
  idKey: 'id',
  what: 'tracking events',
};
const TRACKING = { ...TRACKING_FILTERED, keptName: 'tracking-events-list' };

export function createShippingHandlers(deps: ApiHandlerDeps) {
  const streams = createListStreams();
  return asHandlers({
    shipmentsList: jsonMethod(deps, 'shipping_v1_shipments_list', () => ({})),
    // The same list read as it arrives (list-stream.ts); each element checked alone.
    shipmentsStream: (a, ctx) =>
      startStreamedList(deps, streams, SHIPMENTS, {}, a.fresh === true, ctx, a.skip),
    // `stop`: a person's Stop (or the renderer's cap) ends the request to the service now.
    shipmentsStreamRead: async (a) =>
      a.stop ? streams.stop(a.streamId, a.from) : streams.read(a.streamId, a.from),
    // Only the whole list is kept on disk; a filtered one is read from the service each time.
    trackingEventsStream: (a, ctx) => {
      const query = trackingEventQuery(a.filters);
      const spec = Object.keys(query).length > 0 ? TRACKING_FILTERED : TRACKING;
      return startStreamedList(deps, streams, spec, { query }, a.fresh === true, ctx);
    },
    trackingEventsStreamRead: async (a) =>
      a.stop ? streams.stop(a.streamId, a.from) : streams.read(a.streamId, a.from),
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
  } satisfies Partial<Handlers>);
}
