/**
 * The pack-station bench's scanner rows: scanner bursts under a busy main thread. A page with
 * a list and the console's plain-key shortcuts (scanner-peer/harness-page.ts) gets random
 * codes (letters and digits, two in three starting with a shortcut's key) as real key events
 * (CDP, stamped 2-30 ms apart, delivered late and bunched: e2e/support/scanner-cdp.ts) while
 * its main thread is busy ~50 ms at random, with the row cursor on the list. Counted per
 * 1,000 codes: codes lost or cut (a sent code that never arrived whole), wrong opens (Enter
 * opened the highlighted row) and shortcuts run. Twice in the same run, same codes: with the
 * console's scanner listener (features/scan/scanner-driver.ts, bundled from the source) and
 * with the one before it (scanner-peer/, kept here only as the peer).
 * BENCH_SCANNER_CODES changes the number of codes per variant.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { CdpScanner } from '../e2e/support/scanner-cdp';
import { randomCode, seeded, startBusyLoops, stopBusyLoops } from '../e2e/support/scanner-probe';
import { CHROMIUM_ARGS } from '../playwright.config';
import { type BenchReport, type BenchRow, namePeers } from './table';

const HERE = dirname(fileURLToPath(import.meta.url));
const CODES = Number(process.env.BENCH_SCANNER_CODES ?? 1000);
const SEED = 28_2026;

/** The page's script: both listeners and the harness, from their sources. */
async function bundle(): Promise<string> {
  const contents = `
import { installScannerListener } from '../renderer/src/features/scan/scanner-driver';
import { startHarness } from './scanner-peer/harness-page';
import { installOldScanner } from './scanner-peer/old-scanner';
window.__startBench = (variant) =>
  startHarness(variant, (onScan) => {
    if (variant === 'old') installOldScanner(onScan);
    else installScannerListener((code) => onScan(code));
  });
`;
  const out = await build({
    stdin: { contents, resolveDir: HERE, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]?.text ?? '';
}

interface Outcome {
  sent: number;
  lost: number;
  opens: number;
  shortcuts: number;
  busyLoops: number;
}

async function runVariant(
  browser: Browser,
  script: string,
  variant: 'old' | 'new',
): Promise<Outcome> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page: Page = await context.newPage();
    await page.setContent(
      '<!doctype html><html><head><title>Scanner bench</title></head><body></body></html>',
    );
    // tsx (esbuild, keepNames) wraps named inner functions in __name(); the page lacks it.
    await page.evaluate('globalThis.__name = (f) => f;');
    await page.addScriptTag({ content: script });
    await page.evaluate(
      `window.__scanProbe = { busyLoops: 0 }; window.__startBench(${JSON.stringify(variant)});`,
    );
    await startBusyLoops(page, SEED);
    const scanner = await CdpScanner.attach(page);
    const random = seeded(SEED);
    const sent: string[] = [];
    for (let i = 0; i < CODES; i++) {
      const code = randomCode(random);
      sent.push(code);
      await scanner.scan(code, {
        gapMs: [2, 30],
        terminator: random() < 0.2 ? 'Tab' : 'Enter',
        random,
      });
      await new Promise((done) => setTimeout(done, 10 + random() * 30));
    }
    await scanner.settle();
    await scanner.detach();
    // Long past every hold: keys given back late have run by now.
    await page.waitForTimeout(800);
    await stopBusyLoops(page);
    const state = (await page.evaluate(
      '({ ...window.__bench, busyLoops: window.__scanProbe.busyLoops })',
    )) as { codes: string[]; shortcuts: string[]; opens: number; busyLoops: number };
    // A code counts as arrived when it came whole; each arrival matches one sent code.
    const arrived = new Map<string, number>();
    for (const code of state.codes) arrived.set(code, (arrived.get(code) ?? 0) + 1);
    let lost = 0;
    for (const code of sent) {
      const n = arrived.get(code) ?? 0;
      if (n > 0) arrived.set(code, n - 1);
      else lost += 1;
    }
    return {
      sent: sent.length,
      lost,
      opens: state.opens,
      shortcuts: state.shortcuts.length,
      busyLoops: state.busyLoops,
    };
  } finally {
    await context.close();
  }
}

const perThousand = (n: number, of: number) => Number(((n * 1000) / Math.max(1, of)).toFixed(1));

/** The rows, the console's listener first (with its limits), then the one before it. */
export async function scannerBurstRows(browser: Browser): Promise<BenchRow[]> {
  const script = await bundle();
  const now = await runVariant(browser, script, 'new');
  const before = await runVariant(browser, script, 'old');
  const rows = (label: string, o: Outcome, limits: boolean): BenchRow[] => [
    {
      name: `scanner bursts under a busy main thread (${label}): codes lost per 1,000`,
      value: perThousand(o.lost, o.sent),
      unit: 'codes',
      ...(limits ? { limit: 0 } : {}),
      note: `${o.sent} codes, ${o.busyLoops} busy loops`,
    },
    {
      name: `scanner bursts under a busy main thread (${label}): wrong opens per 1,000`,
      value: perThousand(o.opens, o.sent),
      unit: 'opens',
      ...(limits ? { limit: 0 } : {}),
    },
    {
      name: `scanner bursts under a busy main thread (${label}): shortcuts run per 1,000`,
      value: perThousand(o.shortcuts, o.sent),
      unit: 'shortcuts',
      ...(limits ? { limit: 0 } : {}),
    },
  ];
  // Each target beside the detection before, run on the same bursts (issue 34).
  return namePeers(
    [...rows('the console', now, true), ...rows('the detection before, peer', before, false)],
    '(the console)',
    '(the detection before, peer)',
  );
}

/**
 * The pack-station bench with the scanner rows after its own, in its own browser (the full
 * Debian Chromium, as the other benches), started once the pack shift is done so the two do
 * not load the machine at the same time. Wrapped here so pack-station-bench.ts stays as is.
 */
export function withScannerRows(run: () => Promise<BenchReport>): () => Promise<BenchReport> {
  return async () => {
    const report = await run();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      headless: true,
    });
    try {
      const rows = await scannerBurstRows(browser);
      return {
        ...report,
        settings: {
          ...report.settings,
          scanner: {
            codesEach: CODES,
            gapsMs: '2-30, delivered late and bunched',
            busyLoops: '40-60 ms, 0-200 ms apart',
          },
        },
        rows: [...report.rows, ...rows],
      };
    } finally {
      await browser.close();
    }
  };
}
