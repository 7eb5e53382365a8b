/** The shipping area: shipments, their labels, and tracking events. */
import type { FastifyInstance } from 'fastify';
import { shipmentLabelFile } from '../documents';
import { trackingEventFilter } from '../filters/tracking-filters';
import { notFound } from '../server/api-error';
import { HEAVY, intParam, type SandboxContext } from '../server/context';
import { sendJsonArray } from './json-array';

type LabelFormat = 'PDF' | 'PNG' | 'GIF' | 'ZPL';
const FORMATS: readonly LabelFormat[] = ['PDF', 'PNG', 'GIF', 'ZPL'];

export function registerShippingRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { shipments, trackingEvents } = ctx.dataset;
  const base = '/api/shipping/v1';

  app.get(`${base}/shipments/`, async (_request, reply) =>
    sendJsonArray(
      reply,
      (function* () {
        for (const row of shipments.rows) yield shipments.list(row);
      })(),
    ),
  );

  app.get<{ Params: { id: string } }>(`${base}/shipments/:id/`, async (request) => {
    const shipment = shipments.get(request.params.id);
    if (!shipment) throw notFound('No shipment with this id.');
    return shipment;
  });

  app.get<{ Params: { id: string } }>(`${base}/shipments/:id/label/`, HEAVY, async (request) => {
    const shipment = shipments.get(request.params.id);
    if (!shipment) throw notFound('No shipment with this id.');
    // The carrier's format is the first package's label format; blank means PDF.
    const declared = shipment.packages[0]?.label_format;
    const format = FORMATS.find((f) => f === declared) ?? 'PDF';
    const file = await shipmentLabelFile(shipment, format);
    return {
      shipment_id: shipment.shipment_id,
      tracking_number: shipment.tracking_number,
      format,
      image_b64: file.toString('base64'),
    };
  });

  app.get<{ Querystring: Record<string, string> }>(
    `${base}/tracking-events/`,
    async (request, reply) => {
      const test = trackingEventFilter(request.query);
      return sendJsonArray(
        reply,
        (function* () {
          for (const row of trackingEvents.rows) {
            if (!test(row)) continue;
            const event = trackingEvents.get(row.id);
            if (event) yield event;
          }
        })(),
      );
    },
  );

  app.get<{ Params: { id: string } }>(`${base}/tracking-events/:id/`, async (request) => {
    const id = intParam(request.params.id);
    const event = id === undefined ? undefined : trackingEvents.get(id);
    if (!event) throw notFound('No tracking event with this id.');
    return event;
  });
}
