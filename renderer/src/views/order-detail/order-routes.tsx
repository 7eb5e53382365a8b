/**
 * The Orders workspace's inner pages: `/orders/new` (create) and `/orders/:id` (detail), each
 * in its own error boundary so a failure in one leaves the shell and the list working.
 * Mounted by app-routes for `/orders/*`; the list at `/orders` itself is the Orders view's.
 */
import { Route, Switch } from 'wouter';
import { IdRoute } from '../id-route';
import { OrderCreateView } from '../order-create/order-create-view';
import { ViewErrorBoundary } from '../view-error-boundary';
import { OrderDetailView } from './order-detail-view';

export function OrderRoutes() {
  return (
    <Switch>
      <Route path="/orders/new">
        <ViewErrorBoundary key="order-create" viewName="Create order">
          <OrderCreateView />
        </ViewErrorBoundary>
      </Route>
      <Route path="/orders/:id">
        {(params) => (
          <ViewErrorBoundary key={`order-${params.id}`} viewName="Order detail">
            <IdRoute text={params.id} noun="order" back={{ href: '/orders', label: 'Orders' }}>
              {(id) => <OrderDetailView key={id} id={id} />}
            </IdRoute>
          </ViewErrorBoundary>
        )}
      </Route>
    </Switch>
  );
}
