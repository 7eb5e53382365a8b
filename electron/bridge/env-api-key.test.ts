/**
 * PACKBENCH_API_KEY is read once and removed from the environment: no child process gets it.
 * Proved through the real code path: `npm run console -- --browser --api-base …` in a child
 * process with the key in its environment and `lp`, `lpstat` and `lpoptions` on its PATH
 * replaced by scripts that write down the environment they were started with (then answer like
 * a CUPS with no printers). "List printers" through the console's own HTTP bridge makes it run
 * them; the console must still use the key (the orders list answers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';
import { API_KEY_VARIABLE, childEnv, takeEnvApiKey } from './env-api-key';

const ROOT = resolve(import.meta.dirname, '..', '..');
const KEY = `pbk_env_${randomBytes(12).toString('hex')}`;

describe('takeEnvApiKey', () => {
  it('hands the key over once and removes it from the environment', () => {
    const env: NodeJS.ProcessEnv = { [API_KEY_VARIABLE]: KEY, OTHER: 'x' };
    process.env[API_KEY_VARIABLE] = KEY;
    expect(takeEnvApiKey(env)).toBe(KEY);
    expect(env).toEqual({ OTHER: 'x' });
    expect(process.env[API_KEY_VARIABLE]).toBeUndefined();
    expect(takeEnvApiKey(env)).toBeUndefined();
    expect(takeEnvApiKey({ [API_KEY_VARIABLE]: '' })).toBeUndefined();
  });

  it('childEnv never carries it', () => {
    process.env[API_KEY_VARIABLE] = KEY;
    try {
      expect(childEnv({ LANG: 'C' })).not.toHaveProperty(API_KEY_VARIABLE);
      expect(childEnv({ [API_KEY_VARIABLE]: KEY })).not.toHaveProperty(API_KEY_VARIABLE);
    } finally {
      delete process.env[API_KEY_VARIABLE];
    }
  });
});

describe('the console started with PACKBENCH_API_KEY', () => {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-env-key-'));
  const shims = join(dir, 'bin');
  const seen = join(dir, 'seen');
  let sandbox: RunningSandbox;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 0, scale: 0.05 });
    mkdirSync(shims);
    mkdirSync(seen);
    for (const tool of ['lp', 'lpstat', 'lpoptions']) {
      const file = join(shims, tool);
      // Writes its whole environment, then answers as a CUPS with no printers would.
      writeFileSync(file, `#!/bin/sh\nenv > "${seen}/${tool}-$$.env"\nexit 0\n`);
      chmodSync(file, 0o755);
    }
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives no child process the key, and still uses it', async () => {
    child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        'scripts/console.ts',
        ...['--browser', '--port', '0', '--config-dir', join(dir, 'config')],
        ...['--api-base', sandbox.url],
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          [API_KEY_VARIABLE]: KEY,
          PATH: `${shims}:${process.env.PATH ?? ''}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const url = await consoleLine(child);
    const token = new URL(url).hash.replace('#token=', '');
    const call = async (method: string, args: unknown) => {
      const response = await fetch(new URL(`/bridge/call/${method}`, url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ args }),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    };

    // The key from the environment is the connection's key: the API answers.
    expect(await call('ordersList', { pageSize: 1 })).toMatchObject({ ok: true });
    // Listing printers runs the CUPS tools: each one wrote down its environment.
    await call('printersList', { refresh: true });
    const dumps = readdirSync(seen).map((f) => readFileSync(join(seen, f), 'utf8'));
    expect(dumps.length).toBeGreaterThan(0);
    for (const dump of dumps) {
      expect(dump).toContain(`PATH=${shims}:`);
      expect(dump).not.toContain(API_KEY_VARIABLE);
      expect(dump).not.toContain(KEY);
    }
  }, 240_000);
});

/** The console's one stdout line, `Packbench console: <url>` (the renderer may build first). */
function consoleLine(child: ChildProcess): Promise<string> {
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-10_000);
  });
  return new Promise((resolveLine, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      const match = /Packbench console: (\S+)/.exec(stdout);
      if (match?.[1]) resolveLine(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the console exited (${code}):\n${stderr}`)));
  });
}
