/**
 * Endpoints the interactive app uses but the API does not offer (spec: "Endpoints used by the
 * app that are not listed in this document refuse an API key"). They exist, so a client that
 * tries them learns why it cannot, rather than meeting a bare 404. The status and code are the
 * sandbox's choice (spec: "not shown").
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { ApiError } from '../server/api-error';

export const APP_ONLY_ROUTES: readonly (readonly [HTTPMethods | HTTPMethods[], string])[] = [
  [['PUT', 'PATCH', 'DELETE'], '/api/orders/:id/'],
  ['POST', '/api/orders/:id/cancel/'],
  ['POST', '/api/orders/:id/buy-label/'],
  ['POST', '/api/orders/:id/refund/'],
  ['POST', '/api/returns/requests/:id/approve/'],
  ['POST', '/api/returns/requests/:id/reject/'],
  ['POST', '/api/returns/requests/:id/receive/'],
  ['POST', '/api/returns/requests/:id/refund/'],
  ['POST', '/api/returns/requests/:id/store-credit/'],
  ['POST', '/api/returns/requests/:id/label/'],
  ['POST', '/api/shipping/v1/tracking-events/'],
  [['GET', 'POST'], '/api/account/api-keys/'],
  [['GET', 'POST'], '/api/webhooks/'],
];

export function registerAppOnlyRoutes(app: FastifyInstance): void {
  for (const [method, url] of APP_ONLY_ROUTES) {
    app.route({
      method,
      url,
      handler: async () => {
        // Authentication already ran in the onRequest hook: only a valid key gets here.
        throw new ApiError(
          403,
          'api_key_not_allowed',
          'This action is only available in the app; an API key cannot perform it.',
        );
      },
    });
  }
}
