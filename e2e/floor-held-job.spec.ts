/**
 * A floor batch's job held at a restart (issue 29). The station was killed with a job of a floor
 * batch on its disk, queued and not sent (written here as that kill leaves the spool folder; the
 * kill itself is floor-batch-rest.pg.test.ts). It starts again while the floor's database is
 * down, so the floor cannot say whether another station printed those orders meanwhile: the job
 * is held in the print queue, not sent, with the reason and two answers. The packer checks with
 * the supervisor: "Print anyway" sends one, "Cancel" closes the other, each one key press.
 *
 * No cluster needed: the floor is "down" because nothing listens on its port.
 * Screenshots of the queue at 1280x720 and 1440x900 are attached to the run.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { freePort } from '../electron/test-support/free-port';
import { api, expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchConsole } from './support/console-fixture';
import { attachAtDeskSizes } from './support/desk-screenshots';

interface Order {
  id: number;
  order_name: string | null;
}

/** A labels PDF of `pages` pages, as a batch's job holds one page per order. */
async function labelsPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([288, 432]);
  return doc.save();
}

/** The spool folder as the kill left it: the batch's job record and its file, queued. */
async function killedWithBatchJob(configDir: string, title: string, orders: Order[]) {
  const id = randomUUID();
  const spool = join(configDir, 'print-spool');
  await mkdir(join(spool, 'jobs'), { recursive: true, mode: 0o700 });
  await mkdir(join(spool, 'files'), { recursive: true, mode: 0o700 });
  const file = join(spool, 'files', `${id}.pdf`);
  const bytes = await labelsPdf(orders.length);
  await writeFile(file, bytes, { mode: 0o600 });
  const at = new Date(Date.UTC(2026, 10, 29, 8, 40)).toISOString();
  const job = {
    id,
    printerId: 'save-to-folder',
    title,
    format: 'pdf',
    file,
    copies: 1,
    media: 'default',
    createdAt: at,
    updatedAt: at,
    state: 'queued',
    attempts: 0,
    seq: orders[0]?.id ?? 1,
    size: bytes.byteLength,
    orders: orders.map((o) => ({ id: o.id, name: o.order_name ?? `Order ${o.id}`, labels: 1 })),
    pages: { expected: orders.length, received: orders.length },
    batchId: randomUUID(),
  };
  await writeFile(join(spool, 'jobs', `${id}.json`), JSON.stringify({ version: 1, job }), {
    mode: 0o600,
  });
}

test('a floor batch job held at a restart with the floor down: shown with why, sent only on "Print anyway"', async ({
  browser,
  sandbox,
}, testInfo) => {
  test.setTimeout(120_000);
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-held-e2e-'));
  await chmod(configDir, 0o700);
  const printed = join(configDir, 'printed');
  await mkdir(printed);
  const orders = (await api<{ results: Order[] }>(sandbox, '/api/orders/', { page_size: 10 }))
    .results;
  const name = (o: Order | undefined) => o?.order_name ?? `Order ${o?.id}`;
  await killedWithBatchJob(
    configDir,
    `5 labels: ${name(orders[0])} … ${name(orders[4])}`,
    orders.slice(0, 5),
  );
  await killedWithBatchJob(
    configDir,
    `5 labels: ${name(orders[5])} … ${name(orders[9])}`,
    orders.slice(5, 10),
  );
  const files: [string, unknown][] = [
    [
      'settings.json',
      {
        // As the station's last run left it: its connection to the account saved and
        // selected (the key is given again at start, for this run only).
        connections: [{ id: 'held-e2e', name: 'Warehouse account', baseUrl: sandbox.url }],
        selectedConnectionId: 'held-e2e',
        station: { name: 'Pack 2', packer: 'Bo' },
        printing: { folder: printed },
      },
    ],
    [
      'floor.json',
      {
        stationId: `e2e-${randomUUID()}`,
        connection: {
          host: '127.0.0.1',
          // A port nothing listens on: a stopped database refuses at once, as this does.
          port: await freePort(),
          database: 'floor',
          user: 'packbench',
          tls: 'off',
        },
        allowPlain: false,
      },
    ],
  ];
  for (const [file, value] of files) {
    await writeFile(join(configDir, file), `${JSON.stringify(value)}\n`, { mode: 0o600 });
  }
  const station = await launchConsole(
    { connect: { apiBase: sandbox.url, apiKey: sandbox.key } },
    { configDir },
  );
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(station.running.url);
    await page.evaluate(() => {
      window.location.hash = '#/print-queue';
    });
    const first = page.getByRole('listitem', {
      name: `5 labels: ${name(orders[0])} … ${name(orders[4])}`,
    });
    const second = page.getByRole('listitem', {
      name: `5 labels: ${name(orders[5])} … ${name(orders[9])}`,
    });
    await expect(first.getByTestId('job-state')).toHaveText('Held');
    await expect(first.getByTestId('job-reason')).toContainText('Held: the floor is offline');
    await expect(first.getByTestId('job-reason')).toContainText(
      'it cannot say whether another station printed these orders while this one was stopped',
    );
    await expect(first.getByRole('button', { name: 'Print anyway' })).toBeVisible();
    await expect(second.getByTestId('job-state')).toHaveText('Held');
    // Held, not sent: nothing reached the printer's folder.
    expect(await readdir(printed)).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'held floor batch jobs');
    await attachAtDeskSizes(page, testInfo, 'held-jobs');

    // The supervisor says those 5 were not printed elsewhere: one key press sends them.
    await first.getByRole('button', { name: 'Print anyway' }).focus();
    await page.keyboard.press('Enter');
    await expect(first.getByTestId('job-state')).toHaveText('Sent');
    await expect.poll(async () => (await readdir(printed)).length).toBe(1);
    // The other 5 were: Cancel closes it, and it is never sent.
    await second.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect(second.getByTestId('job-state')).toHaveText('Cancelled');
    expect(await readdir(printed)).toHaveLength(1);
    await context.close();
  } finally {
    await station.stop();
    await rm(configDir, { recursive: true, force: true });
  }
});
