import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_FALLBACK, chooseLaunch, electronBinary, planElectronLaunch } from './launcher';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'packbench-launcher-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('planElectronLaunch', () => {
  it('says why when there is no binary', () => {
    const plan = planElectronLaunch(root, { DISPLAY: ':0' }, 'linux');
    expect(plan).toEqual({ ok: false, reason: expect.stringContaining('no Electron binary') });
  });

  it('needs a display on Linux, not elsewhere', async () => {
    const dir = join(root, 'node_modules', 'electron');
    await mkdir(join(dir, 'dist'), { recursive: true });
    await writeFile(join(dir, 'path.txt'), 'electron');
    await writeFile(join(dir, 'dist', 'electron'), '');
    expect(electronBinary(root)).toBe(join(dir, 'dist', 'electron'));
    expect(planElectronLaunch(root, {}, 'linux')).toEqual({
      ok: false,
      reason: expect.stringContaining('needs a display'),
    });
    expect(planElectronLaunch(root, { WAYLAND_DISPLAY: 'wayland-0' }, 'linux').ok).toBe(true);
    expect(planElectronLaunch(root, {}, 'win32').ok).toBe(true);
  });
});

describe('chooseLaunch', () => {
  const app = { ok: true, binary: '/opt/electron/electron' } as const;
  const noBinary = { ok: false, reason: 'no Electron binary here' } as const;

  it('runs the app for the demo with --demo, and for npm start on the saved connection', () => {
    expect(chooseLaunch('demo', [], app)).toEqual({
      mode: 'electron',
      binary: app.binary,
      appArgs: ['--demo'],
    });
    expect(chooseLaunch('start', ['--config-dir', '/tmp/pb'], app)).toEqual({
      mode: 'electron',
      binary: app.binary,
      appArgs: ['--config-dir', '/tmp/pb'],
    });
  });

  it('falls back to browser mode with one line saying why, on the same data', () => {
    expect(chooseLaunch('demo', [], noBinary)).toEqual({
      mode: 'browser',
      consoleArgs: ['--browser'],
      reason: `no Electron binary here: ${BROWSER_FALLBACK}`,
    });
    // npm start: the saved connection, so no sandbox is started and nothing is selected.
    expect(chooseLaunch('start', ['--config-dir=/tmp/pb'], noBinary)).toEqual({
      mode: 'browser',
      consoleArgs: ['--browser', '--no-connect', '--config-dir=/tmp/pb'],
      reason: `no Electron binary here: ${BROWSER_FALLBACK}`,
    });
  });

  it('takes an option only browser mode has as a request for browser mode, and says so', () => {
    for (const argv of [['--port', '8080'], ['--api-base=https://api.example.com']]) {
      const choice = chooseLaunch('demo', argv, app);
      expect(choice).toMatchObject({ mode: 'browser', consoleArgs: ['--browser', ...argv] });
      expect(choice.mode === 'browser' && choice.reason).toMatch(/^--(port|api-base) is an option/);
    }
  });

  it('leaves --browser, --help and bad options to browser mode as typed, with no reason line', () => {
    for (const argv of [['--browser', '--port', '0'], ['--help'], ['--port', 'nope'], ['--prot']]) {
      expect(chooseLaunch('demo', argv, app)).toEqual({ mode: 'browser', consoleArgs: argv });
    }
  });
});
