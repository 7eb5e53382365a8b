/**
 * The routes (hash location: #/orders), each view inside its own error boundary, keyed by
 * view so a failure in one is forgotten when the person goes to another.
 */
import { Redirect, Route, Switch } from 'wouter';
import { ComingView } from '../views/coming-view';
import { InventoryRoutes } from '../views/inventory/inventory-routes';
import { InventoryView } from '../views/inventory/inventory-view';
import { LocationsRoutes } from '../views/locations/locations-routes';
import { LocationsView } from '../views/locations/locations-view';
import { OrderRoutes } from '../views/order-detail/order-routes';
import { OrdersView } from '../views/orders/orders-view';
import { PrintQueueView } from '../views/print-queue/print-queue-view';
import { ReturnRoutes } from '../views/returns/return-routes';
import { ReturnsView } from '../views/returns/returns-view';
import { SettingsView } from '../views/settings/settings-view';
import { ShipmentRoutes } from '../views/shipments/shipment-routes';
import { ShipmentsView } from '../views/shipments/shipments-view';
import { TrackingRoutes } from '../views/tracking/tracking-routes';
import { TrackingView } from '../views/tracking/tracking-view';
import { ViewPage } from '../views/view-page';
import { ViewErrorBoundary } from './view-error-boundary';
import { DEFAULT_PATH, VIEWS, type ViewDef } from './view-registry';

function ViewFor({ view }: { view: ViewDef }) {
  if (view.id === 'orders') return <OrdersView />;
  if (view.id === 'settings') return <SettingsView />;
  if (view.id === 'print-queue') return <PrintQueueView />;
  if (view.id === 'tracking') return <TrackingView />;
  if (view.id === 'returns') return <ReturnsView />;
  if (view.id === 'shipments') return <ShipmentsView />;
  if (view.id === 'inventory') return <InventoryView />;
  if (view.id === 'locations') return <LocationsView />;
  return <ComingView view={view} />;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={DEFAULT_PATH} replace />
      </Route>
      <Route path="/orders/*" component={OrderRoutes} />
      <Route path="/tracking/*" component={TrackingRoutes} />
      <Route path="/returns/*" component={ReturnRoutes} />
      <Route path="/shipments/*" component={ShipmentRoutes} />
      <Route path="/inventory/*" component={InventoryRoutes} />
      <Route path="/locations/*" component={LocationsRoutes} />
      {VIEWS.map((view) => (
        <Route key={view.id} path={view.id === 'settings' ? '/settings/:section?' : view.path}>
          <ViewErrorBoundary key={view.id} viewName={view.label}>
            <ViewFor view={view} />
          </ViewErrorBoundary>
        </Route>
      ))}
      <Route>
        <ViewPage title="Not found">
          <p>There is no such page. Choose a view on the left.</p>
        </ViewPage>
      </Route>
    </Switch>
  );
}
