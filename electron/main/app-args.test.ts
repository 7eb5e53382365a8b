import { describe, expect, it } from 'vitest';
import { parseAppArgs } from './app-args';

describe('parseAppArgs', () => {
  it('reads its flags among Electron and Chromium arguments', () => {
    expect(parseAppArgs(['/usr/bin/electron', '.', '--inspect=0', '--demo'])).toEqual({
      demo: true,
    });
    expect(parseAppArgs(['app', '--config-dir', '/tmp/x', '--remote-debugging-port=0'])).toEqual({
      demo: false,
      configDir: '/tmp/x',
    });
    expect(parseAppArgs(['app', '--config-dir=/tmp/y']).configDir).toBe('/tmp/y');
  });

  it('falls back to PACKBENCH_CONFIG_DIR, and ignores an empty folder', () => {
    expect(parseAppArgs(['app'], { PACKBENCH_CONFIG_DIR: '/tmp/env' }).configDir).toBe('/tmp/env');
    expect(parseAppArgs(['app', '--config-dir=']).configDir).toBeUndefined();
    expect(parseAppArgs(['app', '--config-dir'])).toEqual({ demo: false });
  });
});
