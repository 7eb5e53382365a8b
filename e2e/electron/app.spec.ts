/**
 * The Electron app itself (Playwright's `_electron`), on the embedded sandbox as `npm run demo`
 * opens it: the window shows the console from app://, the preload offers exactly the
 * contract's methods and nothing of Node, the window cannot be taken elsewhere (navigation and
 * window.open refused), a link leaves only for an allowlisted https site, and a label printed
 * through the bridge comes out of the private CUPS's PDF printer.
 *
 * Where there is no Electron binary (these machines: it downloads from outside the npm
 * registry) or no display, every test is reported skipped with that reason.
 * One file on purpose: its tests share a worker, which builds dist/main and dist/preload once.
 */
import type { Page } from '@playwright/test';
import { BRIDGE_METHOD_NAMES } from '../../shared/contract/method-names';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { skipWithoutCups, watchCupsPdf } from '../support/cups-pdf';
import { openView } from '../support/views';
import { expect, skipWithoutElectron, test } from './electron-fixture';

skipWithoutElectron();

const APP_ORIGIN = 'app://packbench';

/** The console is up on the sandbox: what a person sees first. */
async function consoleReady(win: Page): Promise<void> {
  await expect(win.getByTestId('current-connection')).toHaveText('Sandbox (demo data)');
  await expect(win.getByRole('navigation', { name: 'Views' })).toBeVisible();
}

test('the window opens on the console, served from app://', async ({ electronApp, win }) => {
  await consoleReady(win);
  expect(new URL(win.url()).origin).toBe(APP_ORIGIN);
  await expect(win).toHaveTitle(/Packbench/);
  expect(electronApp.app.windows()).toHaveLength(1);
  // The window's security settings as Electron reports them, not as the code meant them.
  const prefs = await electronApp.app.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]!.webContents;
    const p = (
      contents as unknown as { getLastWebPreferences(): Record<string, unknown> }
    ).getLastWebPreferences();
    return {
      contextIsolation: p.contextIsolation,
      sandbox: p.sandbox,
      nodeIntegration: p.nodeIntegration,
      webSecurity: p.webSecurity,
    };
  });
  expect(prefs).toEqual({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
  });
  await expectNoSeriousA11yViolations(win, 'the console in the Electron window');
});

test('the preload exposes only the contract methods; no require, no process', async ({ win }) => {
  await consoleReady(win);
  const exposed = await win.evaluate(() => {
    const api = (window as unknown as { packbench: Record<string, unknown> }).packbench;
    return Object.keys(api).map((key) => [key, typeof api[key]] as const);
  });
  const expected: (readonly [string, string])[] = [
    ...BRIDGE_METHOD_NAMES.map((m) => [m, 'function'] as const),
    ['onEvent', 'function'],
    ['transport', 'string'],
  ];
  expect([...exposed].sort()).toEqual(expected.sort());
  const nodeGlobals = await win.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    module: typeof (globalThis as { module?: unknown }).module,
  }));
  expect(nodeGlobals).toEqual({
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
  });
});

test('navigation to another origin and window.open are refused', async ({ electronApp, win }) => {
  await consoleReady(win);
  await win.evaluate(() => {
    window.location.href = 'https://elsewhere.invalid/';
  });
  await expect.poll(() => electronApp.log()).toContain('navigation refused');
  expect(new URL(win.url()).origin).toBe(APP_ORIGIN);

  const opened = await win.evaluate(() => window.open('https://elsewhere.invalid/') === null);
  expect(opened).toBe(true);
  await expect.poll(() => electronApp.log()).toContain('new window refused');
  expect(electronApp.app.windows()).toHaveLength(1);
  // Still the console, still working.
  await openView(win, 'Orders');
});

test('an external link opens in the browser only when the allowlist accepts it', async ({
  electronApp,
  win,
}) => {
  await consoleReady(win);
  // Stands in for the person's browser: what the main process would hand to the system.
  await electronApp.app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as { openedExternally?: string[] }).openedExternally = opened;
    shell.openExternal = async (url: string) => {
      opened.push(url);
    };
  });
  const links = [
    ['plain http', 'http://www.ups.com/track?tracknum=1Z0'],
    ['credentials', 'https://user:secret@www.ups.com/track'],
    ['lookalike host', 'https://ups.com.elsewhere.invalid/track'],
    ['carrier', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
  ] as const;
  await win.evaluate((list) => {
    for (const [index, [name, href]] of list.entries()) {
      const a = document.createElement('a');
      // Above the console's layout, where a person could click it.
      a.style.cssText = `position:fixed;left:0;top:${index * 32}px;z-index:2147483647;background:#fff;color:#000;padding:4px`;
      a.href = href;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = name;
      document.body.append(a);
    }
  }, links);
  for (const [name] of links) await win.getByRole('link', { name, exact: true }).click();
  const opened = () =>
    electronApp.app.evaluate(
      () => (globalThis as { openedExternally?: string[] }).openedExternally ?? [],
    );
  // Events of one page arrive in order: once the last link is through, the others were judged.
  await expect.poll(opened).toEqual(['https://www.ups.com/track?tracknum=1Z999AA10123456784']);
  expect(electronApp.log().match(/new window refused/g)?.length).toBe(3);
  expect(electronApp.app.windows()).toHaveLength(1);
});

test('printing a label reaches the CUPS PDF printer', async ({ win }) => {
  skipWithoutCups();
  const output = await watchCupsPdf();
  await consoleReady(win);
  // Through the preload, as the console's print buttons call it. The sandbox's labels come as
  // PDF, PNG or ZPL; the PDF printer takes the first two, so the first such shipment prints.
  const printed = await win.evaluate(async () => {
    type Result = { ok: boolean; value?: unknown; error?: { message: string } };
    const api = (
      window as unknown as { packbench: Record<string, (a: unknown) => Promise<Result>> }
    ).packbench;
    const list = await api.shipmentsList!({});
    const shipments = (list.value ?? []) as { shipment_id: string }[];
    const refused: string[] = [];
    for (const { shipment_id } of shipments.slice(0, 10)) {
      const result = await api.printShipmentLabel!({
        shipmentId: shipment_id,
        override: { printerId: 'cups:Packbench-PDF' },
      });
      if (result.ok) return { shipmentId: shipment_id, refused };
      refused.push(result.error?.message ?? 'refused');
    }
    return { shipmentId: null, refused };
  });
  expect(printed.shipmentId, printed.refused.join('; ')).not.toBeNull();
  await expect.poll(async () => (await output.newFiles()).length).toBe(1);
});
