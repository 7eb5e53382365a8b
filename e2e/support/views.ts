/**
 * Moving between the console's views as a person does: by the link in the navigation, not
 * by the URL. Shared by the specs instead of a pasted `openX` in each.
 */
import { expect, type Page } from '@playwright/test';

/** Clicks the view's link in the navigation, for a caller that waits on something else. */
export async function clickView(app: Page, name: string): Promise<void> {
  await app.getByRole('navigation', { name: 'Views' }).getByRole('link', { name }).click();
}

/** Opens the view from the navigation and waits for its heading. */
export async function openView(app: Page, name: string): Promise<void> {
  await clickView(app, name);
  await expect(app.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Types `value` into the filter labelled `label` and applies it with Enter, as a person does. */
export async function typeFilter(app: Page, label: string, value: string): Promise<void> {
  const field = app.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

/** Changes the address after the `#`, as a person typing a new address does (no reload). */
export async function goToAddress(app: Page, hash: string): Promise<void> {
  await app.evaluate((h) => {
    location.hash = h;
  }, hash);
}

/** The ids a grid's rows carry in `attribute` (`data-return-id`, …), in the order shown. */
export function gridRowIds(app: Page, grid: string, attribute: string): Promise<number[]> {
  return app
    .getByTestId(grid)
    .locator(`tbody tr[${attribute}]`)
    .evaluateAll((rows, name) => rows.map((r) => Number(r.getAttribute(name))), attribute);
}
