/**
 * The Inventory view's inner pages: the exceptions board, the recall list, the reorder list and
 * the expired rows (`/inventory/exceptions`, `/recalls`, `/reorder`, `/expired`),
 * `/inventory/location/:id` (a location's stock: the stock levels view with only that
 * location's filter set, which the stock chart links to) and `/inventory/:id` (a product's
 * stock). Each page in its own error boundary so a failure leaves the shell and the list
 * working. Mounted by app-routes for `/inventory/*`.
 */
import { Redirect } from 'wouter';
import {
  EMPTY_INVENTORY_FILTERS,
  inventoryFiltersToSearch,
} from '../../features/inventory/inventory-filters';
import { recordPage, viewRoutes } from '../view-routes';
import { ExceptionsView } from './exceptions-view';
import { ExpiredView } from './expired-view';
import { ProductStockView } from './product-stock-view';
import { RecallsView } from './recalls-view';
import { ReorderView } from './reorder-view';

const INVENTORY = { href: '/inventory', label: 'Inventory' };

/**
 * Sets the location filter (and clears the others: "this location's stock" means all of it)
 * once the settings are loaded, then shows the stock levels view at its own address.
 */
function LocationStockRedirect({ id }: { id: number }) {
  const location = Number.isSafeInteger(id) ? id : null;
  // The stock list's filters live in its address: this location's, and nothing else.
  const search = inventoryFiltersToSearch({ ...EMPTY_INVENTORY_FILTERS, location });
  return <Redirect to={`/inventory?${search}`} replace />;
}

/** A product's stock page, by the record id the route reads. */
function ProductStock({ id }: { id: number }) {
  return <ProductStockView productId={id} />;
}

export const InventoryRoutes = viewRoutes([
  { path: '/inventory/exceptions', name: 'Stock exceptions', page: () => <ExceptionsView /> },
  { path: '/inventory/recalls', name: 'Recalls', page: () => <RecallsView /> },
  { path: '/inventory/reorder', name: 'Reorder', page: () => <ReorderView /> },
  { path: '/inventory/expired', name: 'Expired stock', page: () => <ExpiredView /> },
  // Only a redirect: nothing here to fail, so no boundary of its own.
  {
    path: '/inventory/location/:id',
    page: recordPage('location', INVENTORY, LocationStockRedirect, { signed: true }),
  },
  {
    path: '/inventory/:id',
    name: 'Product stock',
    page: recordPage('product', INVENTORY, ProductStock),
  },
]);
