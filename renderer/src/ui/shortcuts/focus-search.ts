/**
 * "/" focuses search. A view with its own search box marks it `data-search-target="view"` and
 * wins; otherwise the header's box (`data-search-target="global"`) takes the focus.
 */
export function focusSearch(root: ParentNode = document): boolean {
  const target =
    root.querySelector<HTMLElement>('[data-search-target="view"]') ??
    root.querySelector<HTMLElement>('[data-search-target="global"]');
  if (!target) return false;
  target.focus();
  if (target instanceof HTMLInputElement) target.select();
  return true;
}
