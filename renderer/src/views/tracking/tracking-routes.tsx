/**
 * The Tracking explorer's inner page, `/tracking/:id`, in its own error boundary so a failure
 * there leaves the shell and the list working. The list at `/tracking` is the view's own.
 */
import { Route, Switch } from 'wouter';
import { IdRoute } from '../id-route';
import { ViewErrorBoundary } from '../view-error-boundary';
import { TrackingEventView } from './tracking-event-view';

export function TrackingRoutes() {
  return (
    <Switch>
      <Route path="/tracking/:id">
        {(params) => (
          <ViewErrorBoundary key={`tracking-${params.id}`} viewName="Tracking event">
            <IdRoute
              text={params.id}
              noun="tracking event"
              back={{ href: '/tracking', label: 'Tracking' }}
            >
              {(id) => <TrackingEventView key={id} id={id} />}
            </IdRoute>
          </ViewErrorBoundary>
        )}
      </Route>
    </Switch>
  );
}
