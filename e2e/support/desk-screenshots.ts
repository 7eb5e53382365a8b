/**
 * A page photographed at the two desk sizes the console is made for (1280x720 and 1440x900)
 * and attached to the run, so a reviewer can look at what a test checked. Leaves the page at
 * the last size.
 */
import type { Page, TestInfo } from '@playwright/test';

export const DESK_SIZES = [
  [1280, 720],
  [1440, 900],
] as const;

export async function attachAtDeskSizes(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height] of DESK_SIZES) {
    await page.setViewportSize({ width, height });
    const path = testInfo.outputPath(`${name}-${width}x${height}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${width}x${height}`, { path, contentType: 'image/png' });
  }
}
