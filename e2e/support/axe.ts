/**
 * axe-core on the page as it is now: fails on any serious or critical violation, naming the
 * rule and the elements, so a regression reads clearly in the report.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's minified build (654 kB), read once per worker. The package's `source` export is
 * the unminified axe.js (1.48 MB): sent over the protocol and compiled in every page checked,
 * it took 0.7 s of the page's main thread against 0.5-0.6 s for the minified one (the same
 * code; 59 pages a run).
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The open modal dialog, for `within`. */
export const DIALOG = '[role="dialog"]';

/**
 * `within`: a CSS selector to check alone, for a modal dialog whose page was checked before it
 * opened (the page behind is inert): axe's colour-contrast walk over a whole grid view costs
 * 2-4 s of the page's CPU a check on this machine, and the dialog is what the check is about.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  what: string,
  { within }: { within?: string } = {},
): Promise<void> {
  // Legacy mode: one axe.run in the page. The default runs axe per frame and then opens a
  // blank page to merge the results, which costs seconds a check on a busy 2-core machine
  // (on the returns split view: 2.8 s against 5.9 s quiet, 5 s against 12 s with the other
  // core busy); the console has no frames.
  // resultTypes: only violations get every node and its selector (the other result types keep
  // one node each); the rules run and judge exactly as before. axe documents it as its
  // performance option: building selectors for every passing node was half of each check
  // (orders: 3.6-4.2 s against 2.1-2.5 s quiet).
  // axe-core goes into the page once per document, not twice per check: the builder
  // evaluates its source before each run and again as it injects it, and each copy is sent
  // over the protocol, parsed and run again (6 checks on one page: 21 s of CPU against 34 s).
  // The builder is handed an empty source to evaluate; it configures the axe already there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const builder = new AxeBuilder({ page, axeSource: ';' });
  if (within) builder.include(within);
  const results = await builder
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${what}`).toEqual([]);
}
