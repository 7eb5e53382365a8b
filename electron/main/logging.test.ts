import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { afterEach, describe, expect, it } from 'vitest';
import { configureLogging, redactLogData, redactLogText, rotateLogFiles } from './logging';

const KEY = 'pk_live_9f8e7d6c5b4a3210';
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('redaction', () => {
  it('removes held secrets and secret-shaped fields', () => {
    expect(redactLogText(`key ${KEY} used`, [KEY])).toBe('key [redacted] used');
    expect(redactLogText('X-API-Key: abcdef123456', [])).toBe('X-API-Key: [redacted]');
    expect(redactLogText('Authorization: Bearer abcdef123456', [])).toBe(
      'Authorization: [redacted]',
    );
    expect(redactLogText('{"apiKey":"abcdef123456"}', [])).toBe('{"apiKey":"[redacted]"}');
    expect(redactLogText('nothing here', [undefined])).toBe('nothing here');
  });

  it('renders objects and errors to text before redacting, so nested secrets go too', () => {
    const error = new Error(`request failed for ${KEY}`);
    const out = redactLogData(['a', { nested: { deeper: KEY } }, error, 42], [KEY]);
    expect(out.every((item) => typeof item === 'string')).toBe(true);
    expect(out.join(' ')).not.toContain(KEY);
    expect(out[2]).toContain('request failed for [redacted]');
  });
});

describe('configureLogging', () => {
  it('writes redacted lines to main.log in the given folder', async () => {
    const dir = await tempDir();
    const logger = electronLog.create({ logId: `test-${Date.now()}` });
    const secrets: string[] = [];
    const log = configureLogging(logger, { dir, secrets: () => secrets, console: false });
    secrets.push(KEY);
    log.info(`connected with ${KEY}`);
    log.error('failed', new Error(`boom ${KEY}`));
    const path = join(dir, 'main.log');
    expect(log.file()).toBe(path);
    const text = await readFile(path, 'utf8');
    expect(text).toContain('connected with [redacted]');
    expect(text).toContain('boom [redacted]');
    expect(text).not.toContain(KEY);
  });

  it('a secrets provider that throws does not stop logging', async () => {
    const dir = await tempDir();
    const logger = electronLog.create({ logId: `test-throw-${Date.now()}` });
    const log = configureLogging(logger, {
      dir,
      secrets: () => {
        throw new Error('vault closed');
      },
      console: false,
    });
    log.warn('still here');
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toContain('still here');
  });
});

describe('rotateLogFiles', () => {
  it('shifts main.log to main.1.log and keeps three archives', async () => {
    const dir = await tempDir();
    const path = join(dir, 'main.log');
    for (let run = 1; run <= 5; run++) {
      await writeFile(path, `run ${run}`);
      rotateLogFiles(path, 3);
    }
    expect(existsSync(path)).toBe(false);
    expect(await readFile(join(dir, 'main.1.log'), 'utf8')).toBe('run 5');
    expect(await readFile(join(dir, 'main.3.log'), 'utf8')).toBe('run 3');
    expect(existsSync(join(dir, 'main.4.log'))).toBe(false);
  });
});
