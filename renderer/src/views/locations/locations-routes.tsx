/**
 * The Locations view's inner page: `/locations/:id` (one location), in its own error boundary
 * so a failure leaves the shell and the list working. Mounted by app-routes for
 * `/locations/*`; the list at `/locations` itself is the Locations view's.
 */
import { Route, Switch } from 'wouter';
import { IdRoute } from '../id-route';
import { ViewErrorBoundary } from '../view-error-boundary';
import { LocationDetailView } from './location-detail-view';

export function LocationsRoutes() {
  return (
    <Switch>
      <Route path="/locations/:id">
        {(params) => (
          <ViewErrorBoundary key={`location-${params.id}`} viewName="Location detail">
            <IdRoute
              text={params.id}
              noun="location"
              back={{ href: '/locations', label: 'Locations' }}
            >
              {(id) => <LocationDetailView key={id} id={id} />}
            </IdRoute>
          </ViewErrorBoundary>
        )}
      </Route>
    </Switch>
  );
}
