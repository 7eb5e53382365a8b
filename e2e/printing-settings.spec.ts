/**
 * Settings → Printing on the embedded sandbox: a route set to Save to folder in a chosen
 * folder prints its test page as a file there; a route to the private CUPS's Packbench-PDF
 * prints one as a PDF in $PACKBENCH_CUPS_PDF_DIR (under scripts/with-cups.sh); form errors
 * are named on their fields; axe finds nothing serious. No sleeps: locators and expect.poll.
 */
import { readdir, rm } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/console-fixture';
import { HAVE_CUPS, skipWithoutCups, watchCupsPdf } from './support/cups-pdf';
import { openPrintingSettings, routeTo } from './support/printing-settings';

// One console for the file: each test routes the printer it prints to itself; the one form
// with errors is never saved, the printer added is removed again, and the tests that print
// count only the files printed since they began.
test.use({ consoleScope: 'file' });

async function pdfsIn(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.pdf'));
}

test('a route to Save to folder prints its test page as a file in the chosen folder', async ({
  app,
}) => {
  let folder = '';
  try {
    await openPrintingSettings(app);
    // Browser mode: a place in the home folder (here the config folder) and a subfolder.
    const card = app.getByRole('form', { name: 'Save to folder' });
    await card.getByLabel('Place').selectOption({ label: 'Packbench’s settings folder' });
    await card.getByLabel('Subfolder (optional)').fill(`printed-${Date.now()}`);
    await card.getByRole('button', { name: 'Use this folder' }).click();
    await expect(app.getByText(/^Save to folder writes to /)).toBeVisible();
    // The card shows the folder once the setting is saved (the default's until then).
    const shown = card.getByTestId('print-folder').locator('code');
    await expect(shown).toHaveText(/printed-\d+$/);
    folder = (await shown.textContent())!;

    await routeTo(app, 'Packing slips', 'Save to folder');
    await app.getByRole('button', { name: 'Print test page: Packing slips' }).click();
    await expect(
      app.getByText('Test page: 1 job queued on Save to folder', { exact: true }),
    ).toBeVisible();
    await expect.poll(() => pdfsIn(folder)).toHaveLength(1);

    // The queue shows it, sent, under its printer.
    await app.getByRole('link', { name: 'Print queue' }).click();
    const jobs = app.getByRole('list', { name: 'Jobs on Save to folder' });
    await expect(jobs.getByTestId('job-state')).toHaveAttribute('data-state', 'sent');
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
});

test('form errors are named on their fields', async ({ app }) => {
  await openPrintingSettings(app);
  // A way out of the offered places is refused, in words, and nothing is saved.
  const card = app.getByRole('form', { name: 'Save to folder' });
  await card.getByLabel('Subfolder (optional)').fill('../../etc');
  await card.getByRole('button', { name: 'Use this folder' }).click();
  await expect(card.getByRole('alert')).toContainText('cannot start with a dot');

  const slips = app.getByRole('group', { name: 'Packing slips' });
  await slips.getByLabel('Copies').fill('100');
  await app.getByRole('button', { name: 'Save routes' }).click();
  await expect(slips.getByText('Copies is from 1 to 99.')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Print test page: Packing slips' })).toBeDisabled();

  const add = app.getByRole('form', { name: 'Add a network label printer' });
  await add.getByLabel('Printer name').fill('Zebra 2');
  await add.getByLabel('Host').fill('http://10.0.0.7/');
  await add.getByLabel('Port').fill('70000');
  await add.getByRole('button', { name: 'Add printer' }).click();
  await expect(add.getByText(/host name or IP address only/)).toBeVisible();
  await expect(add.getByText(/from 1 to 65535/)).toBeVisible();
  await expectNoSeriousA11yViolations(app, 'Settings → Printing with errors');
});

test('a ZPL route offers only printers that take ZPL', async ({ app }) => {
  await openPrintingSettings(app);
  const add = app.getByRole('form', { name: 'Add a network label printer' });
  await add.getByLabel('Printer name').fill('Desk Zebra');
  await add.getByLabel('Host').fill('127.0.0.1');
  await add.getByLabel('Port').fill('9');
  await add.getByRole('button', { name: 'Add printer' }).click();
  await expect(app.getByRole('listitem', { name: 'Desk Zebra' })).toContainText('127.0.0.1:9');

  const zpl = app
    .getByRole('group', { name: 'Labels in ZPL (label printer)' })
    .getByLabel('Printer', { exact: true });
  await expect(zpl.getByRole('option', { name: 'Desk Zebra' })).toHaveCount(1);
  const slips = app
    .getByRole('group', { name: 'Packing slips' })
    .getByLabel('Printer', { exact: true });
  await expect(slips.getByRole('option', { name: 'Desk Zebra' })).toHaveCount(0);
  if (HAVE_CUPS) await expect(zpl.getByRole('option', { name: 'Packbench-PDF' })).toHaveCount(0);

  await app.getByRole('button', { name: 'Remove Desk Zebra' }).click();
  await expect(app.getByRole('listitem', { name: 'Desk Zebra' })).toHaveCount(0);
  await expect(zpl.getByRole('option', { name: 'Desk Zebra' })).toHaveCount(0);
});

test('a route to Packbench-PDF prints its test page at the CUPS PDF printer', async ({
  app,
  packbench,
}) => {
  skipWithoutCups();
  const output = await watchCupsPdf(packbench.url);
  await openPrintingSettings(app);
  await expectNoSeriousA11yViolations(app, 'Settings → Printing');
  await routeTo(app, 'Packing slips', 'Packbench-PDF');
  await app.getByRole('button', { name: 'Print test page: Packing slips' }).click();
  await expect(
    app.getByText('Test page: 1 job queued on Packbench-PDF', { exact: true }),
  ).toBeVisible();
  await expect
    .poll(async () => (await output.newFiles()).filter((f) => /test_page/i.test(f)))
    .toHaveLength(1);
});
