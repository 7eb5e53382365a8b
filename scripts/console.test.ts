/**
 * Smoke test of `npm run console -- --browser`: the real command in a child process with a
 * throw-away config folder; it prints its one line, serves the renderer, answers a bridge call
 * with the token from that line, and exits 0 on SIGTERM. Bad options exit 2. Then `npm run
 * demo` and `npm start` (scripts/demo.sh, scripts/start.sh) where the Electron app cannot run,
 * as on these machines: one line on stderr says why, and browser mode starts in its place.
 * Each command's process is the console itself (the scripts exec it) on Node 24, which opens
 * node:sqlite; each runs in a process group of its own, ended after the tests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_FALLBACK, planElectronLaunch } from '../electron/main/launcher';
import { consoleCall } from '../electron/test-support/console-call';
import { executableOf } from '../electron/test-support/process-tree';

const root = resolve(import.meta.dirname, '..');
const bridgeReady = existsSync(join(root, 'electron', 'main', 'create-bridge.ts'));
const configDir = mkdtempSync(join(tmpdir(), 'packbench-console-'));
const children: ChildProcess[] = [];
// Guards against a hang, never a measure: a console may first rebuild the renderer (a minute
// on a busy 2-core machine when its sources changed).
const LINE_GUARD_MS = 150_000;
const TEST_GUARD_MS = 200_000;

afterAll(() => {
  // Each command leads a process group: ending the group ends whatever it started too.
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is empty.
    }
  }
  rmSync(configDir, { recursive: true, force: true });
});

/** `npm run console`: the script its npm script runs. */
function startConsole(args: string[], env: Record<string, string> = {}) {
  return startCommand('bash', ['scripts/console.sh', ...args], env);
}

/** The process runs Node 24 (the scripts exec it: the pid is the console's) with node:sqlite. */
function expectNode24(child: ChildProcess): void {
  const exe = executableOf(child.pid ?? 0);
  expect(exe, 'the console process').toBeDefined();
  expect(execFileSync(exe!, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^v24\./);
  const sqlite = "new (process.getBuiltinModule('node:sqlite').DatabaseSync)(':memory:').close()";
  expect(execFileSync(exe!, ['-e', sqlite], { encoding: 'utf8' })).toBe('');
}

function startCommand(command: string, args: string[], env: Record<string, string | undefined>) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PACKBENCH_CONFIG_DIR: configDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => {
    stdout += c;
  });
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const line = (timeoutMs: number) =>
    new Promise<string>((done, fail) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const match = /^Packbench console: (\S+)\n/m.exec(stdout);
        if (match?.[1]) {
          clearInterval(poll);
          done(match[1]);
        } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
          clearInterval(poll);
          fail(new Error(`no console line; exit ${child.exitCode}; stderr:\n${stderr}`));
        }
      }, 50);
    });
  return { child, exited, line, output: () => ({ stdout, stderr }) };
}

describe('npm run console', () => {
  it('refuses bad options with exit code 2 and says why', async () => {
    const run = startConsole(['--browser', '--port', 'nope']);
    const { code } = await run.exited;
    expect(code).toBe(2);
    expect(run.output().stderr).toContain('--port takes a number');
    expect(run.output().stdout).toBe('');
  });

  it.skipIf(!bridgeReady)(
    'prints one line, serves the renderer and the bridge, and exits 0 on SIGTERM',
    async () => {
      const run = startConsole(['--browser', '--port', '0']);
      const url = await run.line(LINE_GUARD_MS);
      expectNode24(run.child);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
      // Exactly one line on stdout.
      expect(run.output().stdout).toBe(`Packbench console: ${url}\n`);

      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('<div id="root">');

      const { origin, hash } = new URL(url);
      const token = hash.replace('#token=', '');
      const info = await fetch(`${origin}/bridge/call/appInfo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ args: {} }),
      });
      expect(info.status).toBe(200);
      expect(await info.json()).toMatchObject({
        ok: true,
        value: { name: 'Packbench', transport: 'browser' },
      });

      // Connected to the embedded sandbox: the first page of orders comes back.
      const orders = await fetch(`${origin}/bridge/call/ordersList`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ args: { pageSize: 5 } }),
      });
      const page1 = (await orders.json()) as { ok: boolean; value?: { count: number } };
      expect(page1).toMatchObject({ ok: true });
      expect(page1.value?.count).toBeGreaterThan(0);

      const refused = await fetch(`${origin}/bridge/call/appInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ args: {} }),
      });
      expect(refused.status).toBe(401);

      run.child.kill('SIGTERM');
      expect(await run.exited).toEqual({ code: 0, signal: null });
    },
    TEST_GUARD_MS,
  );
});

// Where the app could open (a binary and a display), these commands would start it instead.
const headlessEnv = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const plan = planElectronLaunch(root, { ...process.env, ...headlessEnv }, process.platform);

describe.skipIf(!bridgeReady || plan.ok)(
  'npm run demo and npm start without the Electron app',
  () => {
    let savedId: string | undefined;
    // demo.sh and start.sh install the locked packages when node_modules is older than the lock
    // file: a test must never start an `npm ci` under everyone's feet, so it stops instead.
    beforeAll(() => {
      const lock = statSync(join(root, 'package-lock.json')).mtimeMs;
      const installed = statSync(join(root, 'node_modules', '.package-lock.json')).mtimeMs;
      if (lock > installed)
        throw new Error('node_modules is older than package-lock.json: npm ci first');
    });
    const reasonLines = (stderr: string) =>
      stderr.split('\n').filter((line) => line.endsWith(BROWSER_FALLBACK));

    it(
      'npm run demo says why in one line, then serves the console on the sandbox',
      async () => {
        const run = startCommand('bash', ['scripts/demo.sh'], headlessEnv);
        const url = await run.line(LINE_GUARD_MS);
        expectNode24(run.child);
        expect(run.output().stdout).toBe(`Packbench console: ${url}\n`);
        expect(reasonLines(run.output().stderr)).toEqual([
          `${plan.ok ? '' : plan.reason}: ${BROWSER_FALLBACK}`,
        ]);
        const orders = (await consoleCall(url, 'ordersList', { pageSize: 5 })) as {
          ok: boolean;
          value?: { count: number };
        };
        expect(orders.ok).toBe(true);
        expect(orders.value?.count).toBeGreaterThan(0);
        // A connection of one's own, saved and selected: what `npm start` opens on next.
        const saved = (await consoleCall(url, 'connectionSave', {
          name: 'Warehouse API',
          baseUrl: 'https://api.example.com',
        })) as { ok: boolean; value?: { id: string } };
        expect(saved.ok).toBe(true);
        savedId = saved.value?.id;
        expect(await consoleCall(url, 'connectionSelect', { id: savedId })).toMatchObject({
          ok: true,
        });
        run.child.kill('SIGTERM');
        expect(await run.exited).toEqual({ code: 0, signal: null });
      },
      TEST_GUARD_MS,
    );

    it(
      'npm start says why in one line, then opens on the saved connection, starting no sandbox',
      async () => {
        // The demo above saved and selected a connection in this config folder.
        const run = startCommand('bash', ['scripts/start.sh'], headlessEnv);
        const url = await run.line(LINE_GUARD_MS);
        expectNode24(run.child);
        expect(run.output().stdout).toBe(`Packbench console: ${url}\n`);
        expect(reasonLines(run.output().stderr)).toHaveLength(1);
        const list = (await consoleCall(url, 'connectionsList', {})) as {
          ok: boolean;
          value?: { selectedId: string | null; connections: { id: string; sandbox: boolean }[] };
        };
        expect(list.ok).toBe(true);
        expect(savedId).toBeDefined();
        expect(list.value?.selectedId).toBe(savedId);
        // No sandbox was started for it (the demo's sandbox entry went with that run).
        expect(list.value?.connections.map((c) => c.sandbox)).toEqual([false]);
        run.child.kill('SIGTERM');
        expect(await run.exited).toEqual({ code: 0, signal: null });
      },
      TEST_GUARD_MS,
    );
  },
);
