/**
 * Runs every suite in turn and prints one closing line that sums them all:
 * `N passed, M failed[, K skipped]`. Lint, type check and the OpenAPI lint count as one test
 * each; Vitest's and Playwright's tests count one by one (read from their JSON reports; a
 * missing report counts as a failure). Exits non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function run(name: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function step(name: string, command: string, args: string[]): void {
  if (run(name, command, args)) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(name);
  }
}

function vitest(): void {
  const report = '.tsbuild/vitest-report.json';
  mkdirSync('.tsbuild', { recursive: true });
  rmSync(report, { force: true });
  const ok = run('unit and integration tests', 'node_modules/.bin/vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
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
    failures.push('vitest (no report)');
    return;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (!ok && counts.failed === 0) {
    total.failed += 1;
    failures.push('vitest (exited with an error)');
  } else if (counts.failed > 0) failures.push('vitest');
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
  const result = spawnSync('node_modules/.bin/playwright', ['test', '--reporter=list,json'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
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

step('lint and format (Biome)', 'node_modules/.bin/biome', ['check', '.']);
step('type check (tsc -b)', 'node_modules/.bin/tsc', ['-b']);
step('OpenAPI lint (Redocly)', 'node_modules/.bin/tsx', ['scripts/api-lint.ts']);
vitest();
playwright();

console.log('');
if (failures.length > 0) console.log(`Failed: ${failures.join('; ')}`);
const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 ? 1 : 0);
