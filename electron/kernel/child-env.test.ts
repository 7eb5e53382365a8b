/** The environment children are started with: what they need by name, nothing else. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PREFIXES, appEnv, CHILD_ENV_NAMES, CHILD_ENV_PREFIXES, childEnv } from './child-env';
import { API_KEY_VARIABLE } from './env-api-key';

/** What programs need, and the test run marker: all a child gets of FROM. */
const NEEDED: NodeJS.ProcessEnv = {
  PATH: '/usr/bin',
  HOME: '/home/packer',
  LANG: 'de_DE.UTF-8',
  LC_TIME: 'de_DE.UTF-8',
  TMPDIR: '/tmp/x',
  CUPS_SERVER: '/tmp/cups.sock',
  DISPLAY: ':0',
  PACKBENCH_TEST_RUN: 'run-1',
};
const FROM: NodeJS.ProcessEnv = {
  ...NEEDED,
  PACKBENCH_CONFIG_DIR: '/tmp/config',
  ELECTRON_ENABLE_LOGGING: '1',
  AWS_SECRET_ACCESS_KEY: 'not-for-children',
  GITHUB_TOKEN: 'not-for-children',
  NODE_OPTIONS: '--require /tmp/evil.js',
  [API_KEY_VARIABLE]: 'pbk_never',
};

describe('childEnv', () => {
  it('passes what programs need and the test run marker, and nothing else', () => {
    expect(childEnv({}, FROM)).toEqual(NEEDED);
  });

  it('puts a caller’s variables on top, and never the key', () => {
    const env = childEnv({ LANG: 'C', LC_ALL: 'C', [API_KEY_VARIABLE]: 'pbk_never' }, FROM);
    expect(env).toMatchObject({ LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin' });
    expect(env).not.toHaveProperty(API_KEY_VARIABLE);
    expect(childEnv({ HOME: undefined }, FROM)).not.toHaveProperty('HOME');
  });
});

describe('appEnv', () => {
  it('adds what the Electron app reads itself, never the key', () => {
    const env = appEnv(FROM);
    expect(env).toMatchObject({
      PACKBENCH_CONFIG_DIR: '/tmp/config',
      ELECTRON_ENABLE_LOGGING: '1',
    });
    expect(env).not.toHaveProperty(API_KEY_VARIABLE);
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
  });
});

describe('scripts/console.sh', () => {
  it('starts the console with every variable its children are given (else they could not be)', () => {
    const script = readFileSync(
      join(import.meta.dirname, '..', '..', 'scripts', 'console.sh'),
      'utf8',
    );
    const kept = /case "\$name" in([\s\S]*?)\)\n\s*console_env\+=/.exec(script)?.[1] ?? '';
    const names = kept.split(/[\s|\\]+/).filter(Boolean);
    for (const name of CHILD_ENV_NAMES) expect(names, name).toContain(name);
    for (const prefix of [...CHILD_ENV_PREFIXES, ...APP_PREFIXES]) {
      expect(names, prefix).toContain(`${prefix}*`);
    }
    expect(names).not.toContain('PACKBENCH_API_KEY');
  });
});
