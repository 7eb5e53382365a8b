/**
 * The routes (hash location: #/orders), each view inside its own error boundary, keyed by
 * view so a failure in one is forgotten when the person goes to another.
 */
import type { ComponentType } from 'react';
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
const LAZY = {
  FloorView: lazyView(() => import('../views/floor/floor-view'), 'FloorView'),
  InventoryRoutes: lazyView(() => import('../views/inventory/inventory-routes'), 'InventoryRoutes'),
  InventoryView: lazyView(() => import('../views/inventory/inventory-view'), 'InventoryView'),
  LocationsRoutes: lazyView(() => import('../views/locations/locations-routes'), 'LocationsRoutes'),
  LocationsView: lazyView(() => import('../views/locations/locations-view'), 'LocationsView'),
  PrintQueueView: lazyView(() => import('../views/print-queue/print-queue-view'), 'PrintQueueView'),
  ReturnRoutes: lazyView(() => import('../views/returns/return-routes'), 'ReturnRoutes'),
  ReturnsView: lazyView(() => import('../views/returns/returns-view'), 'ReturnsView'),
  ShipmentRoutes: lazyView(() => import('../views/shipments/shipment-routes'), 'ShipmentRoutes'),
  ShipmentsView: lazyView(() => import('../views/shipments/shipments-view'), 'ShipmentsView'),
  TrackingRoutes: lazyView(() => import('../views/tracking/tracking-routes'), 'TrackingRoutes'),
  TrackingView: lazyView(() => import('../views/tracking/tracking-view'), 'TrackingView'),
};

/** The pages below the views' own (`/orders/12`), by the addresses their routes answer. */
const INNER_ROUTES: readonly (readonly [string, ComponentType])[] = [
  ['/orders/*', OrderRoutes],
  ['/pack', PackRoutes],
  ['/pack/*', PackRoutes],
  ['/tracking/*', LAZY.TrackingRoutes],
  ['/returns/*', LAZY.ReturnRoutes],
  ['/shipments/*', LAZY.ShipmentRoutes],
  ['/inventory/*', LAZY.InventoryRoutes],
  ['/locations/*', LAZY.LocationsRoutes],
];

/** The built views' pages, by view id; a view not here yet shows its "coming" page. */
const VIEW_PAGES: Readonly<Record<string, ComponentType>> = {
  orders: OrdersView,
  settings: SettingsView,
  'print-queue': LAZY.PrintQueueView,
  tracking: LAZY.TrackingView,
  returns: LAZY.ReturnsView,
  shipments: LAZY.ShipmentsView,
  inventory: LAZY.InventoryView,
  locations: LAZY.LocationsView,
  floor: LAZY.FloorView,
};

function ViewFor({ view }: { view: ViewDef }) {
  const Page = VIEW_PAGES[view.id];
  return Page ? <Page /> : <ComingView view={view} />;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={DEFAULT_PATH} replace />
      </Route>
      {INNER_ROUTES.map(([path, pages]) => (
        <Route key={path} path={path} component={pages} />
      ))}
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
