/**
 * The router's location in the URL fragment, with a view's own query inside it:
 * `#/inventory?location=3&low=1`. wouter's hash hook puts the query before the `#` (the
 * page's own search) and leaves it there when the person moves to another view; here the
 * path and its query travel together, so a bookmark or a copied address restores the list,
 * and a view opened without a query starts from its saved state.
 */
import { useSyncExternalStore } from 'react';

const PREFIX = /^#?\/?/;

const subscribe = (onChange: () => void) => {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
};

const whole = () => `/${location.hash.replace(PREFIX, '')}`;
const pathOf = () => whole().split('?')[0] ?? '/';
const searchOf = () => {
  const text = whole();
  const at = text.indexOf('?');
  return at < 0 ? '' : text.slice(at + 1);
};

export function navigateHash(
  to: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = `/${to.replace(PREFIX, '')}`;
  if (url.href === oldURL) return;
  history[replace ? 'replaceState' : 'pushState'](state, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

/** wouter's location hook: the path (without the query) and navigate. */
export function useHashPath(): [string, typeof navigateHash] {
  return [useSyncExternalStore(subscribe, pathOf, () => '/'), navigateHash];
}

/** wouter's search hook: the query inside the fragment, without its `?`. */
useHashPath.searchHook = (): string => useSyncExternalStore(subscribe, searchOf, () => '');
useHashPath.hrefs = (href: string) => `#${href}`;
