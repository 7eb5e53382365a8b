/**
 * The Returns worklist's inner page, `/returns/:id`, in its own error boundary so a failure
 * there leaves the shell and the list working. The list at `/returns` is the Returns view's.
 */
import { Route, Switch } from 'wouter';
import { IdRoute } from '../id-route';
import { ViewErrorBoundary } from '../view-error-boundary';
import { ReturnDetailView } from './return-detail-view';

export function ReturnRoutes() {
  return (
    <Switch>
      <Route path="/returns/:id">
        {(params) => (
          <ViewErrorBoundary key={`return-${params.id}`} viewName="Return detail">
            <IdRoute text={params.id} noun="return" back={{ href: '/returns', label: 'Returns' }}>
              {(id) => <ReturnDetailView key={id} id={id} />}
            </IdRoute>
          </ViewErrorBoundary>
        )}
      </Route>
    </Switch>
  );
}
