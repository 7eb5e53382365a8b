/**
 * A barcode scanner in the page: the keys of the code then Enter, a few milliseconds apart,
 * sent to whatever has the focus. In the page, as a scanner delivers them (a Playwright round
 * trip per key can stretch past the 80 ms that ends a burst on a loaded machine), and with the
 * browser's own default done by hand: a key event made by a script types nothing, so where the
 * page lets a key through (no preventDefault) its character is added to the focused field, as
 * a real key would.
 */
import { expect, type Page } from '@playwright/test';
import type { PackOrder } from './pack-orders';

export async function scan(page: Page, code: string): Promise<void> {
  await page.evaluate((keys) => {
    // Stamped 4 ms apart, as the scanner's keys leave it: a real key's timeStamp is when the
    // system saw it, so a page busy with the first key does not stretch the gaps.
    const start = performance.now();
    for (const [i, key] of [...keys, 'Enter'].entries()) {
      const target = (document.activeElement as HTMLElement | null) ?? document.body;
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: start + i * 4 });
      const typed = target.dispatchEvent(event);
      if (typed && key.length === 1 && target instanceof HTMLInputElement) {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(target, target.value + key);
        target.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  }, code);
}

/** Scans an order's number on the Pack view (nothing focused, as at a bench) and waits for it to open. */
export async function scanOrder(page: Page, order: PackOrder): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await scan(page, order.order_name!);
  await expect(
    page.getByRole('heading', { level: 1, name: `Pack ${order.order_name}` }),
  ).toBeVisible();
}
