import { describe, expect, it, vi } from 'vitest';
import { decideUpdates, startUpdateChecks } from './updates';

describe('decideUpdates', () => {
  it('is off in development', () => {
    expect(decideUpdates({ isPackaged: false, env: {}, platform: 'win32' }).check).toBe(false);
  });

  it('is off when the site says so', () => {
    const d = decideUpdates({
      isPackaged: true,
      env: { PACKBENCH_NO_UPDATES: '1' },
      platform: 'win32',
    });
    expect(d).toEqual({ check: false, reason: 'PACKBENCH_NO_UPDATES=1' });
  });

  it('checks for packaged Windows, macOS and AppImage builds, not for a deb', () => {
    expect(decideUpdates({ isPackaged: true, env: {}, platform: 'win32' }).check).toBe(true);
    expect(decideUpdates({ isPackaged: true, env: {}, platform: 'darwin' }).check).toBe(true);
    expect(
      decideUpdates({ isPackaged: true, env: { APPIMAGE: '/a.AppImage' }, platform: 'linux' })
        .check,
    ).toBe(true);
    expect(decideUpdates({ isPackaged: true, env: {}, platform: 'linux' }).check).toBe(false);
  });

  it('does not load electron-updater when not checking', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    await startUpdateChecks({ isPackaged: false, env: {}, platform: 'linux' }, log);
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('not checking'));
    expect(log.warn).not.toHaveBeenCalled();
  });
});
