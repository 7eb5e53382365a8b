/**
 * Runs every suite (the scanner's Playwright project from the start, beside the three code checks
 * and Vitest, which starts beside the type check; then the browser and Electron projects) and
 * prints one closing line that sums them all:
 * `N passed, M failed[, K skipped]`. Lint, type check and the OpenAPI lint count as one test
 * each; Vitest's and Playwright's tests count one by one (read from their JSON reports; a
 * missing report counts as a failure). Vitest runs on the pinned Node 24 of Electron 45
 * (scripts/pinned-node.ts, fetched from the npm registry into an ignored folder); Playwright's
 * consoles run on Node 24 too (e2e/support/node24.ts). Exits non-zero when anything failed,
 * and when the run left a process running (leftover-processes.ts: every process the run
 * starts carries its id; any still alive at the end is listed, ended and counted as a failure).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * This run's reports, logs and Playwright's results: a folder of its own, so two runs at once
 * (two engineers, a bench beside a run) never read or wipe each other's. Removed at the end
 * of a run that passed.
 */
mkdirSync('.tsbuild/test-runs', { recursive: true });
const RUN_DIR = mkdtempSync(`.tsbuild/test-runs/${process.pid}-`);

/** One line per step with how long it took (wall clock: what a developer waits for). */
const timings: string[] = [];

/**
 * Runs a command to its end; resolves with its exit status (null: ended by a signal) and notes
 * its wall time. `output`: a file for its stdout and stderr instead of this terminal.
 */
function spawnTimed(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; output?: string } = {},
): Promise<number | null> {
  const started = performance.now();
  const fd = options.output ? openSync(options.output, 'w') : undefined;
  return new Promise((done) => {
    const child = spawn(command, args, {
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      env: options.env ?? process.env,
    });
    const finish = (status: number | null) => {
      if (fd !== undefined) closeSync(fd);
      timings.push(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
      done(status);
    };
    child.on('error', (error) => {
      console.log(`${name}: could not start ${command}: ${error.message}`);
      finish(1);
    });
    child.on('exit', (code) => finish(code));
  });
}

async function run(
  name: string,
  command: string,
  args: string[],
  env = process.env,
): Promise<boolean> {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  return (await spawnTimed(name, command, args, { env })) === 0;
}

function tally(name: string, ok: boolean): void {
  if (ok) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(name);
  }
}

interface Check {
  name: string;
  output: string;
  status: Promise<number | null>;
}

/** Starts one of the checks that read the code; its output goes to a file, shown by report(). */
function startCheck(name: string, command: string, args: string[], i: number): Check {
  const output = `${RUN_DIR}/check-${i}.log`;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')} (side by side; output below)`);
  return { name, output, status: spawnTimed(name, command, args, { output }) };
}

/** Waits for checks to end, then prints and counts each. */
async function reportChecks(checks: Check[]): Promise<void> {
  for (const check of checks) {
    const ok = (await check.status) === 0;
    console.log(`\n=== ${check.name}: ${ok ? 'passed' : 'FAILED'}`);
    console.log(readFileSync(check.output, 'utf8').trimEnd());
    tally(check.name, ok);
  }
}

/**
 * The type check is TypeScript 7, the compiler in Go (npm alias `typescript-native`): the whole
 * `tsc -b` in about 25 s of CPU where TypeScript 5.9 took about 120 s. TypeScript 5.9 stays as
 * `typescript` for the tools that call the compiler's JavaScript API (openapi-typescript,
 * scripts/boundaries.test.ts), which TypeScript 7 does not ship. Called by its path: both
 * packages name their command `tsc`, and which one node_modules/.bin/tsc links to is npm's choice.
 */
const TSC = 'node_modules/typescript-native/bin/tsc';

/**
 * The checks that read the code (lint, type check, the OpenAPI lint) and Vitest. Biome and
 * Redocly take the other core first, then Vitest starts beside the type check instead of after
 * it. Biome ends before Vitest starts because scripts/boundaries.test.ts puts lint probe
 * files into the source folders for a moment, which a lint running then would read; the type
 * check's tsconfig files exclude those probes (`boundary-probe-*`). The type check's output is
 * printed once Vitest has ended, so the two do not interleave.
 */
async function codeChecksAndVitest(): Promise<void> {
  const typeCheck = startCheck('type check (tsc -b)', TSC, ['-b'], 1);
  await reportChecks([
    startCheck('lint and format (Biome)', 'node_modules/.bin/biome', ['check', '.'], 0),
    startCheck('OpenAPI lint (Redocly)', 'node_modules/.bin/tsx', ['scripts/api-lint.ts'], 2),
  ]);
  await vitestOnNode24();
  await reportChecks([typeCheck]);
}

/**
 * Vitest, on the Node first on `env`'s PATH (node_modules/.bin/vitest starts with
 * `#!/usr/bin/env node`; tests that start Node themselves get the same one).
 */
async function vitest(
  label = `unit and integration tests on Node ${process.versions.node}`,
  env = process.env,
  tag = '',
): Promise<void> {
  const report = `${RUN_DIR}/vitest-report${tag}.json`;
  const ok = await run(
    label,
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  const name = tag ? `vitest (${tag.replace(/^-/, '')})` : 'vitest';
  const counts = addReport(name, ok, () => {
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
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests + failedFiles,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  });
  if (counts) {
    vitestRuns.push(
      `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
  }
}

/**
 * Adds a suite's counts, read from its report by `read`, to the run's. A report that cannot be
 * read counts as one failure; so does a suite that exited with an error but failed no test.
 */
function addReport(name: string, exitedOk: boolean, read: () => Tally): Tally | undefined {
  let counts: Tally;
  try {
    counts = read();
  } catch {
    total.failed += 1;
    failures.push(`${name} (no report)`);
    return undefined;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (!exitedOk && counts.failed === 0) {
    total.failed += 1;
    failures.push(`${name} (exited with an error)`);
  } else if (counts.failed > 0) failures.push(name);
  return counts;
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
    await vitest();
    return;
  }
  await vitest(label, withNodeFirst(bin), '-node24');
}

/**
 * One Playwright run over `projects` (e2e/, Chromium in browser mode). Its JSON report's stats:
 * expected (passed), unexpected (failed), flaky (passed on a retry), skipped; errors outside
 * any test (a global setup that threw) count as failures too. `output`: a file for what it
 * prints, shown once it ends (a run beside Vitest would interleave with Vitest's lines).
 */
async function playwright(name: string, projects: string[], output?: string): Promise<void> {
  const tag = projects.join('-');
  const report = `${RUN_DIR}/playwright-report-${tag}.json`;
  const args = [
    'test',
    ...projects.map((project) => `--project=${project}`),
    '--reporter=list,json',
    `--output=${RUN_DIR}/playwright-results-${tag}`,
  ];
  console.log(
    `\n=== ${name}: playwright ${args.join(' ')}${output ? ' (output below once it ends)' : ''}`,
  );
  const status = await spawnTimed(name, 'node_modules/.bin/playwright', args, {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    output,
  });
  if (output) {
    console.log(`\n=== ${name}: ended`);
    console.log(readFileSync(output, 'utf8').trimEnd());
  }
  addReport(name, status === 0, () => {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      errors?: unknown[];
    };
    return {
      passed: json.stats.expected + json.stats.flaky,
      failed: json.stats.unexpected + (json.errors?.length ?? 0),
      skipped: json.stats.skipped,
    };
  });
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

// The scanner's two 1,000-code runs wait mostly on the scanner's real pace (~5-7 min each:
// the page's hold timers decide, so the pace cannot be compressed) and use about a third of a core
// between them: they start first, side by side, beside the code checks (one core's type check)
// and Vitest, instead of after Vitest on a worker of their own, where they were the browser
// run's longest path (13.5 min of it). Their output is shown once they end.
// The pinned Node first, fetched once: the scanner's run and Vitest would otherwise both fetch
// it on a fresh machine and replace each other's folder.
await ensurePinnedNode().catch(() => undefined);
const scanner = playwright('scanner end-to-end tests', ['scanner'], `${RUN_DIR}/scanner.log`);
await codeChecksAndVitest();
await playwright('browser end-to-end tests', ['browser', 'electron']);
await scanner;
const busyRounds = busy.rounds();
await busy.stop();
await leftovers();
// Kept when something failed: Playwright's traces and screenshots of a failed test are in it.
if (total.failed === 0) rmSync(RUN_DIR, { recursive: true, force: true });
else console.log(`This run's reports, traces and screenshots: ${RUN_DIR}`);

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
