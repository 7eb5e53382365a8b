/**
 * The key is in no process's environment: consoles started as `npm run console` starts them
 * (scripts/console.sh, on Node 24), their key given the three headless ways — PACKBENCH_API_KEY
 * (which the launcher hands over a pipe), --api-key-stdin and --api-key-file — and read as
 * another process of the user would read them: /proc/PID/environ of the console and of every
 * process below it, while a label prints to the real CUPS (an `lp` in the tree, held until the
 * tree was read, then the real `lp`) and while an export runs (its request held at a proxy in
 * front of the sandbox). Every console runs in a process group of its own, ended after.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { API_KEY_VARIABLE } from '../kernel/env-api-key';
import { consoleCall } from '../test-support/console-call';
import {
  describeProcess,
  environOf,
  executableOf,
  processTree,
} from '../test-support/process-tree';

const ROOT = resolve(import.meta.dirname, '..', '..');
const KEY = `pbk_canary_${randomBytes(12).toString('hex')}`;
const PDF_PRINTER = 'cups:Packbench-PDF';
/** Another secret in the person's shell: the console and its children get named variables only. */
const OTHER_SECRET = `other_${randomBytes(8).toString('hex')}`;

const cupsWhy =
  process.env.PACKBENCH_TEST_CUPS !== '1' || !process.env.CUPS_SERVER
    ? 'not inside scripts/with-cups.sh (npm test uses it)'
    : '';
const cupsRequired = process.env.PACKBENCH_REQUIRE_CUPS === '1';

const dir = mkdtempSync(join(tmpdir(), 'packbench-key-environ-'));
const shims = join(dir, 'bin');
const seen = join(dir, 'seen');
const consoles: Launched[] = [];

interface Launched {
  pid: number;
  url: string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Ends what is left of the group `pid` leads. */
function endGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in it.
  }
}

/**
 * Starts `bash <script> <args>` in a process group of its own and waits for the console's
 * line. The scripts exec the console, so the pid is the console's own.
 */
function launch(
  script: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string } = {},
): { child: ChildProcess; ready: Promise<Launched>; stderr(): string } {
  const env = { ...process.env, ...options.env };
  if (options.env?.[API_KEY_VARIABLE] === undefined) delete env[API_KEY_VARIABLE];
  const child = spawn('bash', [script, ...args], {
    cwd: ROOT,
    env,
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  if (options.stdin !== undefined) {
    // A console that exits before reading it closes the pipe: its exit says why, not EPIPE.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.stdin);
  }
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-20_000);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const pid = child.pid ?? 0;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(pid, 'SIGTERM');
      // Guards a hang only: a console that ignores SIGTERM is killed with its group.
      const timer = setTimeout(() => endGroup(pid, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    endGroup(pid, 'SIGKILL');
  };
  const ready = new Promise<Launched>((done, fail) => {
    child.stdout?.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      const match = /Packbench console: (\S+)/.exec(stdout);
      if (match?.[1]) done({ pid, url: match[1], exited, stop });
    });
    child.once('exit', (code) => fail(new Error(`the console exited (${code}):\n${stderr}`)));
  });
  ready.catch(() => {});
  // Ended after the tests whatever happens to them.
  consoles.push({ pid, url: '', exited, stop });
  return { child, ready, stderr: () => stderr };
}

/**
 * The environment of the console and of every process below it, read now. Each entry is
 * what /proc shows: a variable deleted from process.env later would still be there.
 */
function readTree(pid: number) {
  return processTree(pid).flatMap((p) => {
    const environ = environOf(p);
    const info = describeProcess(p);
    return environ === undefined || !info ? [] : [{ ...info, environ }];
  });
}

function expectNoKey(tree: ReturnType<typeof readTree>): void {
  for (const p of tree) {
    expect(p.environ, `${p.pid} ${p.command}`).not.toContain(KEY);
    expect(p.environ, `${p.pid} ${p.command}`).not.toContain(`${API_KEY_VARIABLE}=`);
    expect(p.environ, `${p.pid} ${p.command}`).not.toContain(OTHER_SECRET);
  }
}

/** The console process runs Node 24, which opens node:sqlite. */
function expectNode24(pid: number): void {
  const exe = executableOf(pid);
  expect(exe).toBeDefined();
  expect(execFileSync(exe!, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^v24\./);
  const opened = execFileSync(
    exe!,
    ['-e', "new (process.getBuiltinModule('node:sqlite').DatabaseSync)(':memory:').close()"],
    { encoding: 'utf8' },
  );
  expect(opened).toBe('');
}

/** A request gate in front of the sandbox: when armed, holds the next request until opened. */
class Gate {
  private armed: { arrived: () => void; opened: Promise<void> } | undefined;
  private open: (() => void) | undefined;
  server: Server | undefined;

  async start(target: string): Promise<string> {
    const upstream = new URL(target);
    this.server = createServer(async (req, res) => {
      const held = this.armed;
      if (held) {
        this.armed = undefined;
        held.arrived();
        await held.opened;
      }
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Holds the next request; resolves when it has arrived. */
  arm(): Promise<void> {
    const opened = new Promise<void>((done) => {
      this.open = done;
    });
    return new Promise((arrived) => {
      this.armed = { arrived, opened };
    });
  }

  release(): void {
    this.open?.();
  }

  async close(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()) ?? done());
  }
}

let sandbox: RunningSandbox;
const gate = new Gate();
let gatedUrl = '';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, scale: 0.05 });
  gatedUrl = await gate.start(sandbox.url);
  mkdirSync(shims);
  mkdirSync(seen);
  // Stand-ins first on PATH that write down their own environment and their parent's (the
  // console's, as any CUPS child could read it), then run the real tool. `lp` waits for the
  // test to have read the whole tree, so it is caught while it runs.
  for (const tool of ['lp', 'lpstat', 'lpoptions']) {
    let real = '';
    try {
      real = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    } catch {
      real = `/usr/bin/${tool}`;
    }
    const hold =
      tool === 'lp'
        ? `: > "${seen}/lp-waiting-$$"\nwhile [ ! -e "${seen}/go" ]; do sleep 0.05; done\n`
        : '';
    writeFileSync(
      join(shims, tool),
      `#!/bin/sh\ncat /proc/$$/environ > "${seen}/${tool}-$$.self"\n` +
        `cat /proc/$PPID/environ > "${seen}/${tool}-$$.parent"\n${hold}exec ${real} "$@"\n`,
    );
    chmodSync(join(shims, tool), 0o755);
  }
});

afterAll(async () => {
  await Promise.all(consoles.map((c) => c.stop()));
  await gate.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PACKBENCH_API_KEY, handed over by scripts/console.sh', () => {
  let running: Launched;

  beforeAll(async () => {
    const started = launch(
      'scripts/console.sh',
      ['--browser', '--port', '0', '--config-dir', join(dir, 'config-env'), '--api-base', gatedUrl],
      {
        env: {
          [API_KEY_VARIABLE]: KEY,
          GITHUB_TOKEN: OTHER_SECRET,
          PATH: `${shims}:${process.env.PATH ?? ''}`,
          PACKBENCH_EXPORT_DIR: join(dir, 'exports'),
        },
      },
    );
    running = await started.ready;
  }, 180_000);

  it('is used, by a console on Node 24 that never had it in its environment', async () => {
    expectNode24(running.pid);
    expect(describeProcess(running.pid)?.command).toContain('scripts/console.ts');
    expect(await consoleCall(running.url, 'ordersList', { pageSize: 1 })).toMatchObject({
      ok: true,
    });
    const tree = readTree(running.pid);
    expect(tree[0]?.pid).toBe(running.pid);
    expectNoKey(tree);
  });

  it.skipIf(cupsWhy !== '' && !cupsRequired)(
    'is in no environment of the console or its children while a label prints to CUPS',
    async () => {
      expect(cupsWhy, 'CUPS needed by PACKBENCH_REQUIRE_CUPS=1').toBe('');
      const page = (await consoleCall(running.url, 'ordersList', { pageSize: 1 })) as {
        value: { results: { id: number }[] };
      };
      const orderId = page.value.results[0]!.id;
      await consoleCall(running.url, 'settingsUpdate', {
        patch: { printing: { routes: { packing_slip: { printerId: PDF_PRINTER } } } },
      });
      const printing = consoleCall(running.url, 'printOrderDocuments', {
        orderIds: [orderId],
        kinds: ['packing_slip'],
      });
      await expect
        .poll(() => readdirSync(seen).some((f) => f.startsWith('lp-waiting-')), { timeout: 90_000 })
        .toBe(true);
      const tree = readTree(running.pid);
      // The console, the waiting `lp` below it, and whatever else it started.
      expect(tree.some((p) => p.command.includes(`${shims}/lp`))).toBe(true);
      expectNoKey(tree);
      writeFileSync(join(seen, 'go'), '');
      const outcome = (await printing) as { ok: boolean; value: { jobs: { id: string }[] } };
      expect(outcome.ok).toBe(true);
      const jobId = outcome.value.jobs[0]!.id;
      // The real lp took it: the job reaches the printer.
      await expect
        .poll(
          async () => {
            const jobs = (await consoleCall(running.url, 'printJobsList', {})) as {
              value: { jobs: { id: string; state: string }[] };
            };
            return jobs.value.jobs.find((j) => j.id === jobId)?.state;
          },
          { timeout: 90_000 },
        )
        .toBe('sent');
      // What each CUPS tool saw of itself and of its parent, the console.
      const recorded = readdirSync(seen).filter((f) => /\.(self|parent)$/.test(f));
      expect(recorded.some((f) => f.startsWith('lp-'))).toBe(true);
      for (const file of recorded) {
        const environ = readFileSync(join(seen, file), 'utf8');
        expect(environ.length, file).toBeGreaterThan(0);
        expect(environ, file).not.toContain(KEY);
        expect(environ, file).not.toContain(OTHER_SECRET);
      }
    },
    180_000,
  );

  it('is in no environment of the console or its children while an export runs', async () => {
    const arrived = gate.arm();
    const exporting = consoleCall(running.url, 'ordersExport', { filters: { stage: 'cancelled' } });
    await arrived;
    // The export's request is held at the gate: the export is under way.
    const tree = readTree(running.pid);
    expectNoKey(tree);
    gate.release();
    const result = (await exporting) as { ok: boolean; value?: { rows: number } };
    expect(result).toMatchObject({ ok: true });
  }, 120_000);
});

describe('--api-key-stdin and --api-key-file', () => {
  it('takes the key from standard input', async () => {
    const started = launch(
      'scripts/console.sh',
      [
        ...['--browser', '--port', '0', '--config-dir', join(dir, 'config-stdin')],
        ...['--api-base', sandbox.url, '--api-key-stdin'],
      ],
      { stdin: `${KEY}\n` },
    );
    const running = await started.ready;
    expectNode24(running.pid);
    expect(await consoleCall(running.url, 'ordersList', { pageSize: 1 })).toMatchObject({
      ok: true,
    });
    expectNoKey(readTree(running.pid));
    await running.stop();
  }, 180_000);

  it('takes the key from a file only its owner can read', async () => {
    const file = join(dir, 'private.key');
    writeFileSync(file, `${KEY}\n`, { mode: 0o600 });
    const started = launch('scripts/console.sh', [
      ...['--browser', '--port', '0', '--config-dir', join(dir, 'config-file')],
      ...['--api-base', sandbox.url, '--api-key-file', file],
    ]);
    const running = await started.ready;
    expect(await consoleCall(running.url, 'ordersList', { pageSize: 1 })).toMatchObject({
      ok: true,
    });
    expectNoKey(readTree(running.pid));
    await running.stop();
  }, 180_000);

  it('refuses a key file others can read, saying how to fix it, and starts nothing', async () => {
    const file = join(dir, 'shared.key');
    writeFileSync(file, `${KEY}\n`);
    chmodSync(file, 0o644);
    const started = launch('scripts/console.sh', [
      ...['--browser', '--port', '0', '--config-dir', join(dir, 'config-shared')],
      ...['--api-base', sandbox.url, '--api-key-file', file],
    ]);
    const code = await new Promise<number | null>((done) => started.child.once('exit', done));
    expect(code).toBe(2);
    expect(started.stderr()).toContain(`chmod 600 ${file}`);
    expect(started.stderr()).not.toContain(KEY);
    expect(existsSync(join(dir, 'config-shared'))).toBe(false);
  }, 120_000);

  it('a console started with the key in its own environment refuses to start', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/console.ts', '--browser', '--api-base', sandbox.url],
      {
        cwd: ROOT,
        env: { ...process.env, [API_KEY_VARIABLE]: KEY },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    endGroup(child.pid ?? 0, 'SIGKILL');
    expect(code).toBe(2);
    expect(stderr).toContain('--api-key-file');
    expect(stderr).not.toContain(KEY);
  }, 120_000);
});
