/**
 * The Print queue view on the embedded sandbox: a job to the private CUPS's Packbench-PDF
 * shows as sent and reprints (with a printer choice) to a second PDF; a network label printer
 * on a closed port fails with its address in the reason, and Retry after a listener starts on
 * that port sends the label; "Reprint last label" sends it again. Live through the bridge's
 * events: nothing here reloads the page. No sleeps: locators and expect.poll.
 */
import type { Page } from '@playwright/test';
import { DIALOG, expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/console-fixture';
import { skipWithoutCups, watchCupsPdf } from './support/cups-pdf';
import { openPrintingSettings, routeTo } from './support/printing-settings';
import { listenRaw, type RawPrinter } from './support/raw-printer';
import { openView } from './support/views';

// One console (and its sandbox) for the file: the Packbench-PDF test only adds jobs on that
// printer; the last adds a network printer on a closed port (which Refresh printers would
// then report), so it is last.
test.use({ consoleScope: 'file' });

async function openQueue(app: Page): Promise<void> {
  await openView(app, 'Print queue');
}

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const probe = await listenRaw(0);
  await probe.close();
  return probe.port;
}

test('a job at Packbench-PDF shows as sent; reprint with a printer choice prints again', async ({
  app,
  packbench,
}) => {
  skipWithoutCups();
  const output = await watchCupsPdf(packbench.url);
  const ours = async () => (await output.newFiles()).filter((f) => /test_page/i.test(f));

  await openPrintingSettings(app);
  await routeTo(app, 'Pick lists', 'Packbench-PDF');
  await app.getByRole('button', { name: 'Print test page: Pick lists' }).click();
  await openQueue(app);
  const printers = app.getByRole('list', { name: 'Printers' });
  await expect(printers.getByRole('listitem', { name: 'Packbench-PDF' })).toContainText(
    'Accepting jobs',
  );
  const jobs = app.getByRole('list', { name: 'Jobs on Packbench-PDF' });
  const job = jobs.getByRole('listitem', { name: 'Packbench test page (pick_list)' });
  await expect(job.getByTestId('job-state')).toHaveAttribute('data-state', 'sent');
  await expect.poll(ours).toHaveLength(1);
  await expectNoSeriousA11yViolations(app, 'the Print queue');

  await job.getByRole('button', { name: 'Reprint…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Reprint' });
  await expect(dialog.getByLabel('Printer', { exact: true })).toHaveValue('cups:Packbench-PDF');
  // Only printers that take PDF are offered.
  await expect(dialog.getByRole('option', { name: 'Packbench-Zebra' })).toHaveCount(0);
  await dialog.getByLabel('Copies').fill('2');
  await expectNoSeriousA11yViolations(app, 'the Reprint dialog', { within: DIALOG });
  await dialog.getByRole('button', { name: 'Reprint' }).click();
  await expect(dialog).toBeHidden();
  await expect(job).toHaveCount(2);
  await expect(job.first()).toContainText('2 copies');
  await expect(job.first().getByTestId('job-state')).toHaveAttribute('data-state', 'sent');
  await expect.poll(ours).toHaveLength(2);

  await app.getByRole('button', { name: 'Refresh printers' }).click();
  await expect(app.getByTestId('printers-problem')).toHaveCount(0);
});

test('a network printer on a closed port fails with its address; Retry after it listens sends', async ({
  app,
}) => {
  const port = await closedPort();
  let printer: RawPrinter | undefined;
  try {
    await openPrintingSettings(app);
    const add = app.getByRole('form', { name: 'Add a network label printer' });
    await add.getByLabel('Printer name').fill('Test Zebra');
    await add.getByLabel('Host').fill('127.0.0.1');
    await add.getByLabel('Port').fill(String(port));
    await add.getByRole('button', { name: 'Add printer' }).click();
    await expect(app.getByRole('listitem', { name: 'Test Zebra' })).toBeVisible();
    await routeTo(app, 'Labels in ZPL (label printer)', 'Test Zebra');
    await app
      .getByRole('button', { name: 'Print test page: Labels in ZPL (label printer)' })
      .click();

    await openQueue(app);
    const jobs = app.getByRole('list', { name: 'Jobs on Test Zebra' });
    const job = jobs.getByRole('listitem').first();
    // The queue's own retries (about 3 s) come first; then it is failed with the reason.
    await expect(job.getByTestId('job-state')).toHaveAttribute('data-state', 'failed', {
      timeout: 30_000,
    });
    await expect(job.getByTestId('job-reason')).toContainText(`127.0.0.1:${port}`);
    await expectNoSeriousA11yViolations(app, 'the Print queue with a failed job');

    const listener = await listenRaw(port);
    printer = listener;
    await job.getByRole('button', { name: 'Retry' }).click();
    await expect(job.getByTestId('job-state')).toHaveAttribute('data-state', 'sent');
    await expect.poll(() => listener.received()).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    const once = listener.received();

    // "Reprint last label": the same bytes again, from the history.
    await app.getByRole('button', { name: 'Reprint last label' }).click();
    await expect(jobs.getByRole('listitem')).toHaveCount(2);
    await expect(jobs.getByTestId('job-state').first()).toHaveAttribute('data-state', 'sent');
    await expect.poll(() => listener.received()).toBe(once + once);
  } finally {
    await printer?.close();
  }
});
