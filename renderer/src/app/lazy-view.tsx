/**
 * A view loaded on first use (React.lazy over a dynamic import, so Vite puts it in its own
 * chunk), shown with a quiet "Loading…" line meanwhile. The chunk's load failing (a broken
 * install) throws into the view's error boundary like any other failure of the view.
 *
 * The console starts on the first bundle alone; once it is idle, `usePreloadedViews` loads
 * the other views' chunks, so a view's first open does not wait for its code (about 100 ms
 * of the shipments grid's first rows after a reload, `npm run bench -- ui-grids`).
 */
import { type ComponentType, lazy, Suspense, useEffect } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/** Once the page is idle after the first render, loads every lazy view's chunk. */
export function usePreloadedViews(): void {
  useEffect(() => {
    const preload = () => {
      // A chunk that fails here fails again, visibly, when its view is opened.
      for (const load of loaders) load().catch(() => {});
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }, []);
}

export function lazyView<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  loaders.push(load);
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await load())[name] }));
  function LazyView(props: P) {
    return (
      <Suspense
        fallback={
          <p className="p-pad text-sm text-muted" role="status">
            Loading…
          </p>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyView.displayName = `Lazy(${name})`;
  return LazyView;
}
