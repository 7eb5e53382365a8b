/**
 * The pack bench's pages: `/pack` (the station: scan an order, what was packed today) and
 * `/pack/:id` (the pack screen of one order), each in its own error boundary.
 */
import { Route, Switch } from 'wouter';
import { IdRoute } from '../id-route';
import { ViewErrorBoundary } from '../view-error-boundary';
import { PackStartView } from './pack-start-view';
import { PackView } from './pack-view';

export function PackRoutes() {
  return (
    <Switch>
      <Route path="/pack">
        <ViewErrorBoundary key="pack" viewName="Pack">
          <PackStartView />
        </ViewErrorBoundary>
      </Route>
      <Route path="/pack/:id">
        {(params) => (
          <ViewErrorBoundary key={`pack-${params.id}`} viewName="Pack">
            <IdRoute text={params.id} noun="order" back={{ href: '/pack', label: 'Pack' }}>
              {(id) => <PackView key={id} id={id} />}
            </IdRoute>
          </ViewErrorBoundary>
        )}
      </Route>
    </Switch>
  );
}
