/**
 * A view loaded on first use (React.lazy over a dynamic import, so Vite puts it in its own
 * chunk), shown with a quiet "Loading…" line meanwhile. The chunk's load failing (a broken
 * install) throws into the view's error boundary like any other failure of the view.
 *
 * The console starts on the first bundle alone; once it is idle, `usePreloadedViews` loads
 * the other views' chunks, so a view's first open does not wait for its code (about 100 ms
 * of the shipments grid's first rows after a reload, `npm run bench -- ui-grids`).
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

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
  /** The view, once its chunk is here (preloaded while idle, or opened before). */
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = async () => {
    const module = await load();
    loaded = module[name];
    return module;
  };
  loaders.push(loadAndKeep);
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await loadAndKeep())[name] }));
  function LazyView(props: P) {
    // Its code already here: drawn in this frame. Through lazy() it would suspend once (its
    // promise is new), commit "Loading…", and React holds a retry's reveal until 300 ms after
    // a fallback showed (FALLBACK_THROTTLE_MS): the board's first paint waited on that (issue
    // 32). Chosen once per mount, so a view is never swapped for itself mid-life.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
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
