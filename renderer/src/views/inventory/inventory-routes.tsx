/**
 * The Inventory view's inner pages: the exceptions board, the recall list, the reorder list and
 * the expired rows (`/inventory/exceptions`, `/recalls`, `/reorder`, `/expired`), `/inventory/location/:id` (a location's
 * stock: the stock levels view with only that location's filter set, which the stock chart
 * links to) and
 * `/inventory/:productId` (a product's stock). Each in its own error boundary so a failure
 * leaves the shell and the list working. Mounted by app-routes for `/inventory/*`.
 */
import { Redirect, Route, Switch } from 'wouter';
import {
  EMPTY_INVENTORY_FILTERS,
  inventoryFiltersToSearch,
} from '../../features/inventory/inventory-filters';
import { IdRoute } from '../id-route';
import { ViewErrorBoundary } from '../view-error-boundary';
import { ExceptionsView } from './exceptions-view';
import { ExpiredView } from './expired-view';
import { ProductStockView } from './product-stock-view';
import { RecallsView } from './recalls-view';
import { ReorderView } from './reorder-view';

/**
 * Sets the location filter (and clears the others: "this location's stock" means all of it)
 * once the settings are loaded, then shows the stock levels view at its own address.
 */
function LocationStockRedirect({ locationId }: { locationId: number }) {
  const location = Number.isSafeInteger(locationId) && locationId > 0 ? locationId : null;
  // The stock list's filters live in its address: this location's, and nothing else.
  const search = inventoryFiltersToSearch({ ...EMPTY_INVENTORY_FILTERS, location });
  return <Redirect to={`/inventory?${search}`} replace />;
}

export function InventoryRoutes() {
  return (
    <Switch>
      <Route path="/inventory/exceptions">
        <ViewErrorBoundary key="exceptions" viewName="Stock exceptions">
          <ExceptionsView />
        </ViewErrorBoundary>
      </Route>
      <Route path="/inventory/recalls">
        <ViewErrorBoundary key="recalls" viewName="Recalls">
          <RecallsView />
        </ViewErrorBoundary>
      </Route>
      <Route path="/inventory/reorder">
        <ViewErrorBoundary key="reorder" viewName="Reorder">
          <ReorderView />
        </ViewErrorBoundary>
      </Route>
      <Route path="/inventory/expired">
        <ViewErrorBoundary key="expired" viewName="Expired stock">
          <ExpiredView />
        </ViewErrorBoundary>
      </Route>
      <Route path="/inventory/location/:id">
        {(params) => (
          <IdRoute
            text={params.id}
            noun="location"
            back={{ href: '/inventory', label: 'Inventory' }}
          >
            {(id) => <LocationStockRedirect locationId={id} />}
          </IdRoute>
        )}
      </Route>
      <Route path="/inventory/:productId">
        {(params) => (
          <ViewErrorBoundary key={`product-${params.productId}`} viewName="Product stock">
            <IdRoute
              text={params.productId}
              noun="product"
              back={{ href: '/inventory', label: 'Inventory' }}
            >
              {(id) => <ProductStockView key={id} productId={id} />}
            </IdRoute>
          </ViewErrorBoundary>
        )}
      </Route>
    </Switch>
  );
}
