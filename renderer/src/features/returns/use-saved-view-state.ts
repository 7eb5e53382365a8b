/**
 * A view's saved state as one whole value (the Returns and Tracking views: their filters), on
 * useViewState: `read` repairs whatever is stored in settings.views[viewId]; `write` gives the
 * complete pieces to store; every update replaces the value.
 */
import { useViewState, type ViewState } from '../preferences/use-view-state';

export type SavedViewState<T> = ViewState<T, T>;

export function useSavedViewState<T>(
  viewId: string,
  viewLabel: string,
  read: (raw: unknown) => T,
  write: (value: T) => Record<string, unknown>,
): SavedViewState<T> {
  // A new object each render is fine: useViewState reads the spec through a ref.
  const spec = {
    viewId,
    label: viewLabel,
    read: (views: Record<string, unknown> | undefined) => read(views?.[viewId]),
    apply: (_value: T, next: T) => next,
    patch: write,
  };
  return useViewState(spec);
}
