/**
 * The Shipments view's inner page: `/shipments/:id` (detail) in its own error boundary, so a
 * failure there leaves the shell and the list working. Mounted by app-routes for
 * `/shipments/*`; the list at `/shipments` itself is the Shipments view's.
 */
import { useRouter } from 'wouter';
import { viewRoutes } from '../view-routes';
import { ShipmentDetailView } from './shipment-detail-view';

export const ShipmentRoutes = viewRoutes([
  {
    path: '/shipments/:id',
    name: 'Shipment detail',
    // A shipment's id is the API's text, not a number: shown as the address gives it.
    page: (text = '') => <ShipmentPage text={text} />,
  },
]);

const SEGMENT = /^\/shipments\/([^/?]+)/;

/**
 * wouter matches the address after decodeURI, which turns `%25` back into `%` but leaves
 * `%2F`, `%23` and `%3F` as they are: decoding its parameter again read `SHP%0006` (sent as
 * `SHP%250006`) as another id. So the id is taken from the address as the router hook gives
 * it, undecoded, and decoded exactly once.
 */
export function shipmentIdFromPath(path: string, fallback: string): string {
  const segment = SEGMENT.exec(path)?.[1];
  if (segment === undefined) return fallback;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function ShipmentPage({ text }: { text: string }) {
  const router = useRouter();
  const [path] = router.hook(router);
  const id = shipmentIdFromPath(path, text);
  return <ShipmentDetailView key={id} shipmentId={id} />;
}
