/**
 * The inner pages' routes, declared as data: each area (orders, pack, inventory…) lists its
 * pages, and this draws them one way: a wouter Switch, in the order given (the first match
 * wins), each page in its own error boundary so a failure leaves the shell and the list
 * working. The boundary is keyed by the page and the address's `:id`, so a failure is
 * forgotten when the person opens another record.
 */
import type { ComponentType, ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { IdRoute } from './id-route';
import { ViewErrorBoundary } from './view-error-boundary';

export interface PageRoute {
  /** The page's address; a record's page takes its id as `:id` ("/orders/:id"). */
  path: string;
  /** The page's name in its error boundary ("Order detail"); none for a page that only redirects. */
  name?: string;
  /** The page for the address's `:id` (undefined at an address without one). */
  page(id: string | undefined): ReactNode;
}

/** The component that routes between `pages`, mounted by app-routes for its area (`/orders/*`). */
export function viewRoutes(pages: readonly PageRoute[]) {
  return function ViewRoutes() {
    return (
      <Switch>
        {pages.map(({ path, name, page }) => (
          <Route key={path} path={path}>
            {(params: { id?: string }) =>
              name === undefined ? (
                page(params.id)
              ) : (
                <ViewErrorBoundary key={`${path}|${params.id ?? ''}`} viewName={name}>
                  {page(params.id)}
                </ViewErrorBoundary>
              )
            }
          </Route>
        ))}
      </Switch>
    );
  };
}

/**
 * A record's page: the address's `:id` read as its number (IdRoute says at once, in the
 * person's words, when it is not one), `noun` naming the record and `back` the way back; the
 * view is keyed by the record, so another record starts from a fresh view.
 */
export function recordPage(
  noun: string,
  back: { href: string; label: string },
  View: ComponentType<{ id: number }>,
  { signed = false }: { signed?: boolean } = {},
): PageRoute['page'] {
  return (text) => (
    <IdRoute text={text} noun={noun} back={back} signed={signed}>
      {(id) => <View key={id} id={id} />}
    </IdRoute>
  );
}
