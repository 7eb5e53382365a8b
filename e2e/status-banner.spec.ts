/**
 * The banner under the header, against a standalone sandbox: a 429 storm shows "Waiting for
 * the rate limit" with the queue; the API stopped shows "not answering" (after the bridge's
 * retries), and it clears by itself once the API is back on the same port.
 */
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, launchConsole, test } from './support/console-fixture';
import { startSandboxProcess } from './support/sandbox-process';

test('a 429 storm shows the rate-limit banner with what is queued', async ({ page }) => {
  // Every request is answered 429 (Retry-After 1 s): the bridge pauses the whole queue.
  const sandbox = await startSandboxProcess({ faults: '429=1' });
  const { running, stop } = await launchConsole({
    connect: { apiBase: sandbox.url, apiKey: sandbox.key },
  });
  try {
    await page.goto(running.url);
    const banner = page.getByTestId('status-banner');
    await expect(banner.locator('[data-kind="rate-limit"]')).toBeVisible();
    await expect(banner).toContainText('Waiting for the rate limit');
    await expect(banner).toContainText(/resuming in \d+ seconds?/);
    await expect(banner).toContainText(/request(s)? waiting|Nothing is waiting/);
    await expectNoSeriousA11yViolations(page, 'the rate-limit banner');
  } finally {
    await stop();
    await sandbox.stop();
  }
});

test('the API unreachable, then back: banner shows and clears by itself', async ({ page }) => {
  let sandbox = await startSandboxProcess();
  const { running, stop } = await launchConsole({
    connect: { apiBase: sandbox.url, apiKey: sandbox.key },
  });
  try {
    await page.goto(running.url);
    const banner = page.getByTestId('status-banner');
    // The Orders view asks the API on arrival; all is well.
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(banner.locator('[data-kind]')).toHaveCount(0);

    await sandbox.stop();
    // A reload asks again; the bridge retries (banner: retrying), then gives up (unreachable).
    await page.reload();
    await expect(banner.locator('[data-kind="retrying"], [data-kind="unreachable"]')).toBeVisible();
    await expect(banner.locator('[data-kind="unreachable"]')).toBeVisible({ timeout: 60_000 });
    await expect(banner).toContainText('The API is not answering');
    await expectNoSeriousA11yViolations(page, 'the unreachable banner');

    sandbox = await startSandboxProcess({ port: sandbox.port, key: sandbox.key });
    await expect(banner.locator('[data-kind]')).toHaveCount(0, { timeout: 30_000 });
  } finally {
    await stop();
    await sandbox.stop();
  }
});
