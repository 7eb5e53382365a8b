/**
 * Runs every suite in turn and prints one closing line that sums them all:
 * `N passed, M failed[, K skipped]`. Lint, type check and the OpenAPI lint count as one test
 * each; Vitest's and Playwright's tests count one by one (read from their JSON reports; a
 * missing report counts as a failure). Vitest runs on the pinned Node 24 of Electron 45
 * (scripts/pinned-node.ts, fetched from the npm registry into an ignored folder); Playwright's
 * consoles run on Node 24 too (e2e/support/node24.ts). Exits non-zero when anything failed,
 * and when the run left a process running (leftover-processes.ts: every process the run
 * starts carries its id; any still alive at the end is listed, ended and counted as a failure).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { busyLoopsAsked, startBusyLoops } from './busy-loop';
import {
  describeLeftovers,
  endProcesses,
  markTestRun,
  settledLeftovers,
} from './leftover-processes';
import { ensurePinnedNode, PINNED_NODE_VERSION, withNodeFirst } from './pinned-node';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
/** One line per Vitest run, printed above the closing line. */
const vitestRuns: string[] = [];

/** One line per step with how long it took (wall clock: what a developer waits for). */
const timings: string[] = [];
function timed<T>(name: string, body: () => T): T {
  const started = performance.now();
  try {
    return body();
  } finally {
    timings.push(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

function run(name: string, command: string, args: string[], env = process.env): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = timed(name, () => spawnSync(command, args, { stdio: 'inherit', env }));
  return result.status === 0;
}

function step(name: string, command: string, args: string[]): void {
  if (run(name, command, args)) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(name);
  }
}

/**
 * Vitest, on the Node first on `env`'s PATH (node_modules/.bin/vitest starts with
 * `#!/usr/bin/env node`; tests that start Node themselves get the same one).
 */
function vitest(
  label = `unit and integration tests on Node ${process.versions.node}`,
  env = process.env,
  tag = '',
): void {
  const report = `.tsbuild/vitest-report${tag}.json`;
  mkdirSync('.tsbuild', { recursive: true });
  rmSync(report, { force: true });
  const ok = run(
    label,
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  const name = tag ? `vitest (${tag.replace(/^-/, '')})` : 'vitest';
  let counts: Tally | undefined;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults: { status: string; assertionResults: { status: string }[] }[];
    };
    // A file that fails to load (or fails in a hook) has no failed test to count: count it as
    // one failure. numFailedTestSuites would count a failed test's file and describe blocks too.
    const failedFiles = json.testResults.filter(
      (file) =>
        file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
    ).length;
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests + failedFiles,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  } catch {
    counts = undefined;
  }
  if (!counts) {
    total.failed += 1;
    failures.push(`${name} (no report)`);
    return;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  vitestRuns.push(
    `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  if (!ok && counts.failed === 0) {
    total.failed += 1;
    failures.push(`${name} (exited with an error)`);
  } else if (counts.failed > 0) failures.push(name);
}

/**
 * The unit and integration tests, once, on the pinned Node 24: Electron 45's Node, so the Node
 * the main process, bridge, printing and embedded sandbox run on in the app. The machine's own
 * Node (20 here) runs browser mode: the Playwright suites below start every console and
 * sandbox on it, end to end. (Vitest ran twice before, once per Node: about 7 minutes of a
 * 35-minute CI run for the same code; Node 20 has been past its end of life since April 2026.)
 * Without Node 24 the tests still run, on the machine's Node, and the missing Node counts as
 * one failure.
 */
async function vitestOnNode24(): Promise<void> {
  const label = `unit and integration tests on Node ${PINNED_NODE_VERSION} (pinned)`;
  let bin: string;
  try {
    bin = await ensurePinnedNode();
  } catch (error) {
    console.log(`\n=== ${label}: could not fetch Node ${PINNED_NODE_VERSION}: ${String(error)}`);
    total.failed += 1;
    failures.push(`Node ${PINNED_NODE_VERSION} not fetched`);
    vitest();
    return;
  }
  vitest(label, withNodeFirst(bin), '-node24');
}

/**
 * The Playwright suites (e2e/, Chromium in browser mode). Its JSON report's stats: expected
 * (passed), unexpected (failed), flaky (passed on a retry), skipped; errors outside any test
 * (a global setup that threw) count as failures too.
 */
function playwright(): void {
  const report = '.tsbuild/playwright-report.json';
  mkdirSync('.tsbuild', { recursive: true });
  rmSync(report, { force: true });
  console.log('\n=== browser end-to-end tests: playwright test');
  const result = timed('browser end-to-end tests', () =>
    spawnSync('node_modules/.bin/playwright', ['test', '--reporter=list,json'], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    }),
  );
  let counts: Tally | undefined;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      errors?: unknown[];
    };
    counts = {
      passed: json.stats.expected + json.stats.flaky,
      failed: json.stats.unexpected + (json.errors?.length ?? 0),
      skipped: json.stats.skipped,
    };
  } catch {
    counts = undefined;
  }
  if (!counts) {
    total.failed += 1;
    failures.push('playwright (no report)');
    return;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (result.status !== 0 && counts.failed === 0) {
    total.failed += 1;
    failures.push('playwright (exited with an error)');
  } else if (counts.failed > 0) failures.push('playwright');
}

// Before anything starts: every process of the run inherits the id.
const runId = markTestRun();

/** Fails the run for each process it left running, listed with its command; then ends them. */
async function leftovers(): Promise<void> {
  const left = await settledLeftovers(runId);
  if (left.length === 0) return;
  console.log(`\n=== processes this run left running (${left.length}), now ended:`);
  for (const line of describeLeftovers(left)) console.log(line);
  endProcesses(left);
  total.failed += 1;
  failures.push(`${left.length} process(es) left running`);
}

// `npm test -- --busy` (or PACKBENCH_TEST_BUSY=N): a core's worth of other work per loop
// beside the whole run, to check it passes on a machine that is busy with something else.
// Threads of this process, not child processes: never counted as a leftover of the run.
const busy = startBusyLoops(busyLoopsAsked(process.argv.slice(2), process.env));
await busy.spinning;
if (busy.count > 0) console.log(`\n=== ${busy.count} busy loop(s) running beside the tests`);
const runStarted = performance.now();

step('lint and format (Biome)', 'node_modules/.bin/biome', ['check', '.']);
step('type check (tsc -b)', 'node_modules/.bin/tsc', ['-b']);
step('OpenAPI lint (Redocly)', 'node_modules/.bin/tsx', ['scripts/api-lint.ts']);
await vitestOnNode24();
playwright();
const busyRounds = busy.rounds();
await busy.stop();
await leftovers();

console.log('');
for (const line of timings) console.log(line);
const minutes = ((performance.now() - runStarted) / 60_000).toFixed(1);
const beside =
  busy.count > 0 ? `, ${busy.count} busy loop(s) beside it (${busyRounds} rounds)` : '';
console.log(`whole run: ${minutes} min${beside}`);
for (const line of vitestRuns) console.log(line);
if (failures.length > 0) console.log(`Failed: ${failures.join('; ')}`);
const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 ? 1 : 0);
