/**
 * The Inventory view's inner pages: `/inventory/location/:id` (a location's stock: the stock
 * levels view with only that location's filter set, which the stock chart links to) and
 * `/inventory/:productId` (a product's stock). Each in its own error boundary so a failure
 * leaves the shell and the list working. Mounted by app-routes for `/inventory/*`.
 */
import { useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { EMPTY_INVENTORY_FILTERS } from '../../features/inventory/inventory-filters';
import { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { IdRoute } from '../id-route';
import { ViewErrorBoundary } from '../view-error-boundary';
import { ProductStockView } from './product-stock-view';

/**
 * Sets the location filter (and clears the others: "this location's stock" means all of it)
 * once the settings are loaded, then shows the stock levels view at its own address.
 */
function LocationStockRedirect({ locationId }: { locationId: number }) {
  const [, navigate] = useLocation();
  const settings = useInventorySettings();
  const { loaded, update } = settings;
  useEffect(() => {
    if (!loaded) return;
    const location = Number.isSafeInteger(locationId) && locationId > 0 ? locationId : null;
    update({ filters: { ...EMPTY_INVENTORY_FILTERS, location } });
    navigate('/inventory', { replace: true });
  }, [loaded, locationId, update, navigate]);
  return <p className="p-pad text-sm text-muted">Opening the location’s stock…</p>;
}

export function InventoryRoutes() {
  return (
    <Switch>
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
