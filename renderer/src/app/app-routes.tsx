/**
 * The routes (hash location: #/orders), each view inside its own error boundary, keyed by
 * view so a failure in one is forgotten when the person goes to another.
 */
import { Redirect, Route, Switch } from 'wouter';
import { OrderRoutes } from '../views/order-detail/order-routes';
import { OrdersView } from '../views/orders/orders-view';
import { PackRoutes } from '../views/pack/pack-routes';
import { SettingsView } from '../views/settings/settings-view';
import { ViewErrorBoundary } from '../views/view-error-boundary';
import { ViewPage } from '../views/view-page';
import { ComingView } from './coming-view';
import { lazyView } from './lazy-view';
import { DEFAULT_PATH, VIEWS, type ViewDef } from './view-registry';

// Orders (where a shift starts and scans land), order detail and Settings are in the first
// bundle; the other views load when first opened, so the console starts on less code.
const InventoryRoutes = lazyView(
  () => import('../views/inventory/inventory-routes'),
  'InventoryRoutes',
);
const InventoryView = lazyView(() => import('../views/inventory/inventory-view'), 'InventoryView');
const LocationsRoutes = lazyView(
  () => import('../views/locations/locations-routes'),
  'LocationsRoutes',
);
const LocationsView = lazyView(() => import('../views/locations/locations-view'), 'LocationsView');
const PrintQueueView = lazyView(
  () => import('../views/print-queue/print-queue-view'),
  'PrintQueueView',
);
const ReturnRoutes = lazyView(() => import('../views/returns/return-routes'), 'ReturnRoutes');
const ReturnsView = lazyView(() => import('../views/returns/returns-view'), 'ReturnsView');
const ShipmentRoutes = lazyView(
  () => import('../views/shipments/shipment-routes'),
  'ShipmentRoutes',
);
const ShipmentsView = lazyView(() => import('../views/shipments/shipments-view'), 'ShipmentsView');
const TrackingRoutes = lazyView(
  () => import('../views/tracking/tracking-routes'),
  'TrackingRoutes',
);
const TrackingView = lazyView(() => import('../views/tracking/tracking-view'), 'TrackingView');

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
      <Route path="/pack" component={PackRoutes} />
      <Route path="/pack/*" component={PackRoutes} />
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
