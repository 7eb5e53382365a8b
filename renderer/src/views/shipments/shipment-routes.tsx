/**
 * The Shipments view's inner page: `/shipments/:id` (detail) in its own error boundary, so a
 * failure there leaves the shell and the list working. Mounted by app-routes for
 * `/shipments/*`; the list at `/shipments` itself is the Shipments view's.
 */
import { Route, Switch } from 'wouter';
import { ViewErrorBoundary } from '../view-error-boundary';
import { ShipmentDetailView } from './shipment-detail-view';

export function ShipmentRoutes() {
  return (
    <Switch>
      <Route path="/shipments/:id">
        {(params) => {
          const id = safeDecode(params.id);
          return (
            <ViewErrorBoundary key={`shipment-${id}`} viewName="Shipment detail">
              <ShipmentDetailView key={id} shipmentId={id} />
            </ViewErrorBoundary>
          );
        }}
      </Route>
    </Switch>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
