import { describe, expect, it } from 'vitest';
import { parseConsoleOptions } from './console-options';

describe('console options', () => {
  it('reads --browser, --port and --api-base', () => {
    expect(parseConsoleOptions(['--browser'])).toEqual({
      ok: true,
      options: {
        browser: true,
        port: 0,
        apiBase: undefined,
        configDir: undefined,
        noConnect: false,
        apiKeyStdin: false,
        help: false,
      },
    });
    expect(
      parseConsoleOptions([
        '--browser',
        '--port',
        '8123',
        '--api-base',
        'https://api.example.com/',
      ]),
    ).toEqual({
      ok: true,
      options: {
        browser: true,
        port: 8123,
        apiBase: 'https://api.example.com',
        configDir: undefined,
        noConnect: false,
        apiKeyStdin: false,
        help: false,
      },
    });
    expect(parseConsoleOptions(['--port=0'])).toMatchObject({ ok: true, options: { port: 0 } });
    expect(parseConsoleOptions([])).toMatchObject({ ok: true, options: { browser: false } });
  });

  it('reads --config-dir and --no-connect (the e2e fixture passes both)', () => {
    expect(
      parseConsoleOptions([
        '--browser',
        '--port',
        '0',
        '--config-dir',
        '/tmp/pb-1',
        '--no-connect',
      ]),
    ).toMatchObject({
      ok: true,
      options: { browser: true, port: 0, configDir: '/tmp/pb-1', noConnect: true },
    });
    expect(parseConsoleOptions(['--config-dir=/tmp/x'])).toMatchObject({
      ok: true,
      options: { configDir: '/tmp/x', noConnect: false },
    });
  });

  it('refuses an empty --config-dir and --no-connect with --api-base', () => {
    const empty = parseConsoleOptions(['--config-dir', ' ']);
    expect(empty).toMatchObject({ ok: false });
    expect(!empty.ok && empty.message).toContain('--config-dir');
    const both = parseConsoleOptions(['--no-connect', '--api-base', 'https://api.example.com']);
    expect(both).toMatchObject({ ok: false });
    expect(!both.ok && both.message).toContain('--no-connect');
  });

  it('allows plain http only to this computer', () => {
    expect(parseConsoleOptions(['--api-base', 'http://127.0.0.1:8787'])).toMatchObject({
      ok: true,
      options: { apiBase: 'http://127.0.0.1:8787' },
    });
    const r = parseConsoleOptions(['--api-base', 'http://api.example.com']);
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.message).toContain('https://');
  });

  it('refuses bad options with a message', () => {
    for (const argv of [
      ['--prot', '1'],
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--port', '-1'],
      ['--port'],
      ['--api-base', 'not a url'],
      ['--api-base'],
      ['--config-dir'],
      ['--no-connect=yes'],
      ['extra'],
      ['--api-key-stdin'],
      ['--api-key-file', '/tmp/k'],
      ['--api-base', 'http://127.0.0.1:1', '--api-key-file', ''],
      ['--api-base', 'http://127.0.0.1:1', '--api-key-file', '/tmp/k', '--api-key-stdin'],
    ]) {
      const r = parseConsoleOptions(argv);
      expect(r.ok, argv.join(' ')).toBe(false);
      expect(!r.ok && r.message.length, argv.join(' ')).toBeGreaterThan(5);
    }
  });

  it('reads where the key of --api-base comes from: a file or standard input', () => {
    const base = ['--browser', '--api-base', 'http://127.0.0.1:8787'];
    expect(parseConsoleOptions([...base, '--api-key-file', 'key.txt'])).toMatchObject({
      ok: true,
      options: { apiKeyFile: 'key.txt', apiKeyStdin: false },
    });
    expect(parseConsoleOptions([...base, '--api-key-stdin'])).toMatchObject({
      ok: true,
      options: { apiKeyStdin: true },
    });
    const alone = parseConsoleOptions(['--api-key-stdin']);
    expect(!alone.ok && alone.message).toContain('--api-base');
  });
});
