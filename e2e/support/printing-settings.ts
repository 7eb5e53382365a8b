/**
 * Settings → Printing as the printing suites use it: open the tab from the navigation, and
 * route a document to a printer and save, as a person does. One copy for the queue and the
 * settings suites (pasted in both before).
 */
import { expect, type Page } from '@playwright/test';
import { clickView } from './views';

/** Opens Settings → Printing on the sandbox connection, once its routes form is there. */
export async function openPrintingSettings(app: Page): Promise<void> {
  await expect(app.getByTestId('current-connection')).toHaveText('Sandbox (demo data)');
  await clickView(app, 'Settings');
  await app.getByRole('tab', { name: 'Printing' }).click();
  await expect(app.getByRole('form', { name: 'Print routes' })).toBeVisible();
}

/** Chooses the printer of one route and saves the routes. */
export async function routeTo(app: Page, route: string, printer: string): Promise<void> {
  const group = app.getByRole('group', { name: route });
  await group.getByLabel('Printer', { exact: true }).selectOption({ label: printer });
  const save = app.getByRole('button', { name: 'Save routes' });
  await save.click();
  await expect(save).toBeDisabled();
  await expect(group.getByLabel('Printer', { exact: true })).toHaveValue(/.+/);
}
