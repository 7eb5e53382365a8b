/**
 * A mark at one station painted at another (issue 29's `npm run bench -- floor` row), in
 * Chromium: two station consoles in browser mode on one sandbox account and the bench's floor
 * database (as `npm run demo -- --floor 2` starts them), Station B's page on the Returns
 * worklist with a return's review panel open. Station A marks that return reviewed (with a
 * note), then clears it, through its bridge, as its clerk's click does; each time the figure is
 * from the call's start at A to the first frame B paints with the panel changed (a
 * MutationObserver in B's page, then requestAnimationFrame: the frame that shows it). B's
 * person presses nothing and reloads nothing.
 *
 * Both clocks are this machine's (performance.timeOrigin + now() in the bench and the page).
 * Beside it, measured in the same run: the same call's own answer at A (its round trip).
 */
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { bridgeCall } from '../e2e/support/bridge-call';
import {
  createFloorDatabase,
  type FloorStation,
  startStation,
} from '../e2e/support/floor-stations';
import { buildRenderer, rendererBuildIsStale } from '../electron/browser-host/renderer-build';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startSandboxProcess } from './sandbox-process';

const KEY = 'bench-floor-paint-key';
/** Marks set and cleared (each a sample): 30 of each. */
const TRIALS = Number(process.env.BENCH_FLOOR_PAINT_TRIALS ?? 30);

export interface PaintFigures {
  /** Call start at A → B's frame showing the change, ms. */
  painted: number[];
  /** The call's own answer at A, ms. */
  answered: number[];
}

const now = () => performance.timeOrigin + performance.now();

async function online(station: FloorStation): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { status } = await bridgeCall<{ status: string }>(station.running.url, 'floorStatus', {});
    if (status === 'online') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${station.profile.name} did not join the floor`);
}

/**
 * Watches B's review panel; resolves once the watch is in place. `paintedAt(page)` then gives
 * the time of the first frame painted with the panel `reviewed` (or not).
 */
async function watchPanel(page: Page, reviewed: boolean): Promise<void> {
  await page.evaluate((want) => {
    const w = window as unknown as { benchPainted?: Promise<number> };
    w.benchPainted = new Promise<number>((resolve) => {
      const panel = () => document.querySelector('[data-testid="review-panel"]');
      const done = () => {
        requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
      };
      if (panel()?.getAttribute('data-reviewed') === want) return done();
      const observer = new MutationObserver(() => {
        if (panel()?.getAttribute('data-reviewed') !== want) return;
        observer.disconnect();
        done();
      });
      observer.observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-reviewed'],
        childList: true,
      });
    });
  }, String(reviewed));
}

/** The painted time; a mark not shown within 30 s fails the bench (a guard, not a figure). */
const paintedAt = (page: Page) =>
  page.evaluate(() =>
    Promise.race([
      (window as unknown as { benchPainted: Promise<number> }).benchPainted,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error('Station B never showed the mark (30 s)')), 30_000),
      ),
    ]),
  );

export async function measureFloorPaint(): Promise<PaintFigures> {
  const root = resolve(import.meta.dirname, '..');
  if (await rendererBuildIsStale(root)) await buildRenderer(root);
  const sandbox = await startSandboxProcess(['--key', KEY, '--rate', '0', '--scale', '1']);
  const db = await createFloorDatabase();
  const stations: FloorStation[] = [];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const account = { apiBase: sandbox.url, apiKey: KEY };
    stations.push(
      ...(await Promise.all([
        startStation(db, account, { name: 'Desk A', packer: 'Ana' }),
        startStation(db, account, { name: 'Station B', packer: 'Ben' }),
      ])),
    );
    const [a, b] = stations as [FloorStation, FloorStation];
    await Promise.all([online(a), online(b)]);
    // A's console names the account on the floor once it has made its API client (its first
    // request), as a clerk's desk has by the time they mark a return; until then its marks
    // would be filed under its connection's local id, not the account B reads.
    await bridgeCall(a.running.url, 'locationsList', {});
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // tsx names the functions it compiles with a helper the page does not have.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    await page.goto(b.running.url);
    await page.evaluate(() => {
      window.location.hash = '#/returns';
    });
    const detail = page.getByTestId('return-detail');
    await detail.waitFor({ timeout: 120_000 });
    const returnId = Number(await detail.getAttribute('data-return-id'));
    await page.getByTestId('review-panel').waitFor();
    const figures: PaintFigures = { painted: [], answered: [] };
    for (let trial = 0; trial < TRIALS * 2; trial++) {
      const reviewed = trial % 2 === 0;
      await watchPanel(page, reviewed);
      const start = now();
      if (reviewed) {
        await bridgeCall(a.running.url, 'returnReviewSet', {
          returnId,
          note: `Checked at the desk, trial ${trial}`,
          reviewedBy: 'Ana',
        });
      } else await bridgeCall(a.running.url, 'returnReviewClear', { returnId });
      figures.answered.push(now() - start);
      figures.painted.push((await paintedAt(page)) - start);
    }
    return figures;
  } finally {
    await browser.close();
    await Promise.all(stations.map((s) => s.stop()));
    await db.drop();
    sandbox.stop();
  }
}
