/**
 * A view loaded on first use (React.lazy over a dynamic import, so Vite puts it in its own
 * chunk), shown with a quiet "Loading…" line meanwhile. The chunk's load failing (a broken
 * install) throws into the view's error boundary like any other failure of the view.
 */
import { type ComponentType, lazy, Suspense } from 'react';

export function lazyView<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
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
