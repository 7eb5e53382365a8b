/**
 * Where a headless console's key comes from: a private file or standard input, never the
 * environment. Real files with real modes; a real stream. The consoles themselves, started as
 * the npm scripts start them, are in key-environ.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API_KEY_VARIABLE,
  ApiKeySourceError,
  consoleEnvironmentProblem,
  readApiKeyFile,
  readApiKeyStream,
  takeEnvApiKey,
} from './env-api-key';

const KEY = `pbk_file_${randomBytes(12).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'packbench-key-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, text: string, mode: number): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

/** The error's message, which must explain and never repeat the key. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiKeySourceError);
  const message = (error as Error).message;
  expect(message).not.toContain(KEY);
  return message;
}

describe('--api-key-file', () => {
  it('reads the key from a file only its owner can read (0600 or 0400)', async () => {
    expect(await readApiKeyFile(keyFile('a.key', `${KEY}\n`, 0o600))).toBe(KEY);
    expect(await readApiKeyFile(keyFile('b.key', KEY, 0o400))).toBe(KEY);
    expect(await readApiKeyFile(keyFile('c.key', `${KEY}\r\n`, 0o600))).toBe(KEY);
  });

  it('refuses a file others can read or write, and says how to fix it', async () => {
    for (const mode of [0o644, 0o640, 0o604, 0o620, 0o666]) {
      const path = keyFile(`open-${mode.toString(8)}.key`, KEY, mode);
      const message = await refusal(readApiKeyFile(path));
      expect(message).toContain(`mode 0${mode.toString(8)}`);
      expect(message).toContain(`chmod 600 ${path}`);
    }
  });

  it('refuses a missing file, a folder, an empty file and more than one line, with a sentence', async () => {
    expect(await refusal(readApiKeyFile(join(dir, 'none.key')))).toMatch(/does not exist/);
    const folder = join(dir, 'folder.key');
    mkdirSync(folder, { mode: 0o700 });
    expect(await refusal(readApiKeyFile(folder))).toMatch(/is not a file/);
    expect(await refusal(readApiKeyFile(keyFile('empty.key', '\n', 0o600)))).toMatch(/no API key/);
    expect(await refusal(readApiKeyFile(keyFile('two.key', `${KEY}\nsecond\n`, 0o600)))).toMatch(
      /more than one line/,
    );
    expect(await refusal(readApiKeyFile(keyFile('sp.key', ` ${KEY}`, 0o600)))).toMatch(/spaces/);
  });
});

describe('--api-key-stdin', () => {
  it('takes the first line, without waiting for the end of the input', async () => {
    const input = new PassThrough();
    const key = readApiKeyStream(input);
    // A person at a terminal presses Enter; the stream stays open.
    input.write(`${KEY.slice(0, 5)}`);
    input.write(`${KEY.slice(5)}\nanything after`);
    expect(await key).toBe(KEY);
    input.destroy();
  });

  it('takes everything when the input ends without a newline', async () => {
    const input = new PassThrough();
    const key = readApiKeyStream(input);
    input.end(KEY);
    expect(await key).toBe(KEY);
  });

  it('refuses empty input with a sentence', async () => {
    const input = new PassThrough();
    const key = readApiKeyStream(input);
    input.end('');
    expect(await refusal(key)).toMatch(/standard input holds no API key/);
  });
});

describe('the key in the environment', () => {
  it('stops the console with a sentence that names the way out and not the key', () => {
    const problem = consoleEnvironmentProblem({ [API_KEY_VARIABLE]: KEY });
    expect(problem).toContain('--api-key-file');
    expect(problem).toContain('npm run console');
    expect(problem).not.toContain(KEY);
    expect(consoleEnvironmentProblem({ [API_KEY_VARIABLE]: '' })).toBeUndefined();
    expect(consoleEnvironmentProblem({})).toBeUndefined();
  });

  it('is taken out of process.env once (the Electron main process, for redaction)', () => {
    const env: NodeJS.ProcessEnv = { [API_KEY_VARIABLE]: KEY, OTHER: 'x' };
    expect(takeEnvApiKey(env)).toBe(KEY);
    expect(env).toEqual({ OTHER: 'x' });
    expect(takeEnvApiKey(env)).toBeUndefined();
  });
});
