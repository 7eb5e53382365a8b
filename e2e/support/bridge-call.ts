/**
 * The console's bridge from a test, as the page calls it (the printed URL's token): to change
 * settings (print routes, the station) as the renderer would, or to read what the console
 * keeps (print jobs, the pack log).
 */

/** Calls a bridge method through the browser host; throws with the bridge's message on an error. */
export async function bridgeCall<T>(consoleUrl: string, method: string, args: unknown): Promise<T> {
  const url = new URL(consoleUrl);
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  const response = await fetch(new URL(`/bridge/call/${method}`, url.origin), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  const result = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!result.ok) throw new Error(`${method}: ${result.error?.message}`);
  return result.value as T;
}

/**
 * Puts back what a person chooses as they work, as on a new console: every view's saved state
 * (filters, tab, page size, columns, sort) and the appearance (theme, density, locale). A
 * file's tests that share a console (`consoleScope: 'file'`) so each open their views as a
 * person opening them for the first time would, whatever the test before chose. `views`
 * follows JSON Merge Patch, so a null removes a view's whole entry. Print routes, the station
 * and the local store are left as they are: a file whose tests depend on those stays fresh.
 */
export async function forgetViewState(consoleUrl: string): Promise<void> {
  const { settings } = await bridgeCall<{
    settings: { views: Record<string, unknown>; ui: Record<string, unknown> };
  }>(consoleUrl, 'settingsGet', {});
  const views = Object.fromEntries(Object.keys(settings.views).map((name) => [name, null]));
  const ui = { theme: 'system', density: 'comfortable', locale: null };
  const uiChanged = Object.entries(ui).some(([k, v]) => settings.ui[k] !== v);
  if (Object.keys(views).length === 0 && !uiChanged) return;
  await bridgeCall(consoleUrl, 'settingsUpdate', { patch: { views, ui } });
}
