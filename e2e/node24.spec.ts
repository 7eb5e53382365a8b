/**
 * The browser suites' (and the benches') consoles and sandboxes run on Node 24, which opens
 * node:sqlite, whatever Node runs Playwright; and stopping one leaves nothing of its process
 * group running. Read from /proc, as any process of the user could.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { executableOf } from '../electron/test-support/process-tree';
import { startUntilLine } from './support/child-process';

function expectNode24(pid: number): void {
  const exe = executableOf(pid);
  expect(exe, 'the process runs a program').toBeDefined();
  expect(execFileSync(exe!, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^v24\./);
  const sqlite = "new (process.getBuiltinModule('node:sqlite').DatabaseSync)(':memory:').close()";
  expect(execFileSync(exe!, ['-e', sqlite], { encoding: 'utf8' })).toBe('');
}

/** True while any process of the group `pid` led is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('consoles and sandboxes start on Node 24 and leave nothing running when stopped', async () => {
  const configDir = await mkdtemp(join(tmpdir(), 'packbench-e2e-node24-'));
  const sandbox = await startUntilLine(
    ['sandbox/cli.ts', '--port', '0', '--key', 'node24-key', '--scale', '0.05'],
    /Packbench sandbox: (http:\/\/\S+) key=/,
  );
  try {
    const running = await startUntilLine(
      [
        ...['scripts/console.ts', '--browser', '--port', '0', '--config-dir', configDir],
        ...['--api-base', sandbox.match[1]!],
      ],
      /Packbench console: (http:\/\/\S+)/,
      { apiKey: 'node24-key' },
    );
    const pid = running.child.pid!;
    expectNode24(pid);
    expectNode24(sandbox.child.pid!);
    await running.stop();
    expect(groupAlive(pid)).toBe(false);
  } finally {
    await sandbox.stop();
    await rm(configDir, { recursive: true, force: true });
  }
  expect(groupAlive(sandbox.child.pid!)).toBe(false);
});
