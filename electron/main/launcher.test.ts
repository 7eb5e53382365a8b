import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinary, planElectronLaunch } from './launcher';

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
