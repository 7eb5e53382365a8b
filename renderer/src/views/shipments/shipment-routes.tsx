/**
 * The Shipments view's inner page: `/shipments/:id` (detail) in its own error boundary, so a
 * failure there leaves the shell and the list working. Mounted by app-routes for
 * `/shipments/*`; the list at `/shipments` itself is the Shipments view's.
 */
import { viewRoutes } from '../view-routes';
import { ShipmentDetailView } from './shipment-detail-view';

export const ShipmentRoutes = viewRoutes([
  {
    path: '/shipments/:id',
    name: 'Shipment detail',
    // A shipment's id is the API's text, not a number: shown as the address gives it.
    page: (text = '') => {
      const id = safeDecode(text);
      return <ShipmentDetailView key={id} shipmentId={id} />;
    },
  },
]);

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
