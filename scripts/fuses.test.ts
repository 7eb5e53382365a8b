/**
 * The Electron fuse configuration the afterPack hook passes to @electron/fuses, and the hook's
 * behaviour on a real-shaped fuse wire and on a placeholder binary.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinaryPath, setFuses } from '../build/after-pack';
import { fuseConfig, isE2eBuild } from '../build/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLE = 49;
const DISABLE = 48;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packbench-fuses-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A file shaped like Electron's fuse wire: sentinel, version 1, 8 fuses, Electron's defaults. */
async function fakeElectron(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(
    path,
    Buffer.concat([
      Buffer.from('\x7fELF…binary…'),
      Buffer.from(SENTINEL),
      Buffer.from([1, 8]),
      Buffer.from('11010100'),
      Buffer.from('…rest'),
    ]),
  );
  return path;
}

describe('fuseConfig', () => {
  it('locks a release build down', () => {
    const c = fuseConfig({ forE2e: false, platform: 'linux' });
    expect(c.strictlyRequireAllFuses).toBe(true);
    expect(c[FuseV1Options.RunAsNode]).toBe(false);
    expect(c[FuseV1Options.EnableCookieEncryption]).toBe(true);
    expect(c[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(c[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(c[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(c[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(c[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    expect(c.resetAdHocDarwinSignature).toBe(false);
  });

  it('keeps the inspect arguments for the end-to-end build only', () => {
    const c = fuseConfig({ forE2e: true, platform: 'darwin' });
    expect(c[FuseV1Options.EnableNodeCliInspectArguments]).toBe(true);
    expect(c[FuseV1Options.RunAsNode]).toBe(false);
    expect(c.resetAdHocDarwinSignature).toBe(true);
    expect(isE2eBuild({ PACKBENCH_E2E_BUILD: '1' })).toBe(true);
    expect(isE2eBuild({})).toBe(false);
  });

  it('names every fuse of the V1 wire', () => {
    const c = fuseConfig({ forE2e: false, platform: 'win32' });
    const fuses = Object.values(FuseV1Options).filter((v) => typeof v === 'number');
    for (const fuse of fuses) expect(typeof c[fuse as FuseV1Options]).toBe('boolean');
  });
});

describe('setFuses', () => {
  it('flips the wire of a real-shaped binary', async () => {
    const binary = await fakeElectron('packbench');
    expect(await setFuses(binary, 'linux', {})).toEqual({ flipped: true });
    const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>;
    expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ENABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
  });

  it('keeps inspect on in the end-to-end build', async () => {
    const binary = await fakeElectron('packbench-e2e');
    await setFuses(binary, 'linux', { PACKBENCH_E2E_BUILD: '1' });
    const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>;
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(ENABLE);
  });

  it('skips a placeholder binary, saying why', async () => {
    const placeholder = join(dir, 'placeholder');
    await writeFile(placeholder, 'placeholder\n');
    const outcome = await setFuses(placeholder, 'linux', {});
    expect(outcome.flipped).toBe(false);
    if (!outcome.flipped) expect(outcome.reason).toContain('not a real Electron binary');
    expect((await setFuses(join(dir, 'missing'), 'linux', {})).flipped).toBe(false);
  });
});

describe('electronBinaryPath', () => {
  const packager = { appInfo: { productFilename: 'Packbench' }, executableName: 'packbench' };
  it('finds the binary per platform', () => {
    expect(electronBinaryPath({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe(
      '/o/packbench',
    );
    expect(electronBinaryPath({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe(
      '/o/Packbench.exe',
    );
    expect(electronBinaryPath({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe(
      '/o/Packbench.app',
    );
  });
});
