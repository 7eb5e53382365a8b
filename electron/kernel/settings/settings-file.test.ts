/** The settings file: defaults, atomic serialised writes, bad files kept aside, never a key. */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '@shared/contract/settings-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeFailure } from '../failure';
import { SETTINGS_FILE_NAME, SettingsFile } from './settings-file';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pb-settings-'));
  file = join(dir, SETTINGS_FILE_NAME);
});
afterEach(async () => {
  await chmod(file, 0o600).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

const fixedNow = () => new Date('2026-11-22T10:11:12.345Z');
const asideName = 'settings.json.corrupt-2026-11-22T10-11-12-345Z';

async function expectKeptAside(settings: SettingsFile, original: string | 'directory') {
  expect(settings.current).toEqual(defaultSettings());
  const notices = settings.takeNotices();
  expect(notices).toEqual([
    `Your settings file could not be read; it was kept as ${join(dir, asideName)} and defaults are used.`,
  ]);
  expect(settings.takeNotices()).toEqual([]); // said once
  const aside = join(dir, asideName);
  if (original === 'directory') expect((await stat(aside)).isDirectory()).toBe(true);
  else expect(await readFile(aside, 'utf8')).toBe(original);
  // And the next save writes a fresh, valid file in its place.
  await settings.update((s) => ({ ...s, ui: { ...s.ui, theme: 'dark' } }));
  expect(JSON.parse(await readFile(file, 'utf8')).ui.theme).toBe('dark');
}

describe('settings file', () => {
  it('starts from defaults when there is no file, and writes nothing until a change', async () => {
    const settings = await SettingsFile.open({ dir: join(dir, 'new', 'folder') });
    expect(settings.current).toEqual(defaultSettings());
    expect(settings.takeNotices()).toEqual([]);
    expect(await readdir(join(dir, 'new', 'folder'))).toEqual([]);
  });

  it('writes a private file that reads back the same (ui, views, printing)', async () => {
    const settings = await SettingsFile.open({ dir });
    await settings.update((s) => ({
      ...s,
      ui: { theme: 'dark', density: 'compact', locale: 'de-DE' },
      views: { orders: { columns: ['id', 'status'], filters: { status: 'new' } } },
      printing: {
        ...s.printing,
        routes: {
          ...s.printing.routes,
          shipping_label: { printerId: 'cups:Zebra', copies: 1, media: '4x6in' },
          packing_slip: { printerId: 'cups:Laser', copies: 2, media: 'A4' },
        },
      },
    }));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await SettingsFile.open({ dir });
    expect(again.current).toEqual(settings.current);
    expect(again.current.views).toEqual({
      orders: { columns: ['id', 'status'], filters: { status: 'new' } },
    });
    expect(again.current.printing.routes.packing_slip).toEqual({
      printerId: 'cups:Laser',
      copies: 2,
      media: 'A4',
    });
  });

  it('drops keys it does not know (a newer app’s file still loads)', async () => {
    await writeFile(
      file,
      JSON.stringify({ version: 1, futureThing: { a: 1 }, ui: { theme: 'light', sparkle: true } }),
    );
    const settings = await SettingsFile.open({ dir });
    expect(settings.takeNotices()).toEqual([]);
    expect(settings.current.ui).toEqual({ theme: 'light', density: 'comfortable', locale: null });
    expect(settings.current).not.toHaveProperty('futureThing');
  });

  it('serialises concurrent changes: none lost, the file always whole', async () => {
    const settings = await SettingsFile.open({ dir });
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        settings.update((s) => ({ ...s, views: { ...s.views, [`view${i}`]: { n: i } } })),
      ),
    );
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(Object.keys(onDisk.views)).toHaveLength(60);
    expect(onDisk.views.view59).toEqual({ n: 59 });
    // No temporary files left behind.
    expect(await readdir(dir)).toEqual([SETTINGS_FILE_NAME]);
  });

  it('a change that fails validation changes nothing', async () => {
    const settings = await SettingsFile.open({ dir });
    const failure = await settings
      .update((s) => ({ ...s, ui: { ...s.ui, theme: 'neon' as 'dark' } }))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BridgeFailure);
    expect((failure as BridgeFailure).error.code).toBe('invalid_arguments');
    expect(settings.current).toEqual(defaultSettings());
  });

  it('garbage is kept aside, defaults used, one notice', async () => {
    await writeFile(file, '{"version": 1, "ui": {"theme": "da');
    await expectKeptAside(
      await SettingsFile.open({ dir, now: fixedNow }),
      '{"version": 1, "ui": {"theme": "da',
    );
  });

  it('a file of the wrong shape is kept aside', async () => {
    const wrong = JSON.stringify({ version: 1, connections: 'all of them', ui: { theme: 7 } });
    await writeFile(file, wrong);
    await expectKeptAside(await SettingsFile.open({ dir, now: fixedNow }), wrong);
  });

  it('a folder where the file should be is moved aside', async () => {
    await mkdir(file);
    await writeFile(join(file, 'inside.txt'), 'x');
    await expectKeptAside(await SettingsFile.open({ dir, now: fixedNow }), 'directory');
  });

  it('an unreadable file (EACCES) is kept aside', async () => {
    await writeFile(file, '{"version":1}');
    // As root, mode 000 does not stop reads: the reader simulates the refusal instead.
    const readText = async (path: string) => {
      if (path === file)
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return readFile(path, 'utf8');
    };
    await expectKeptAside(
      await SettingsFile.open({ dir, now: fixedNow, readText }),
      '{"version":1}',
    );
  });

  it.skipIf(process.getuid?.() === 0)(
    'a real mode-000 file is kept aside (not as root)',
    async () => {
      await writeFile(file, '{"version":1}');
      await chmod(file, 0o000);
      const settings = await SettingsFile.open({ dir, now: fixedNow });
      expect(settings.takeNotices()).toHaveLength(1);
      expect(settings.current).toEqual(defaultSettings());
    },
  );

  it('a bad file that cannot be moved aside is never overwritten', async () => {
    await writeFile(file, 'not json');
    const settings = await SettingsFile.open({
      dir,
      now: fixedNow,
      rename: async () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      },
    });
    expect(settings.takeNotices()).toEqual([
      `Your settings file ${file} could not be read, nor moved aside (EACCES); defaults are used and changes are kept for this run only.`,
    ]);
    await settings.update((s) => ({ ...s, ui: { ...s.ui, theme: 'dark' } }));
    expect(settings.current.ui.theme).toBe('dark');
    expect(await readFile(file, 'utf8')).toBe('not json');
  });

  it('keeps a second bad file apart from the first', async () => {
    await writeFile(file, 'first');
    (await SettingsFile.open({ dir, now: fixedNow })).takeNotices();
    await writeFile(file, 'second');
    const settings = await SettingsFile.open({ dir, now: fixedNow });
    expect(settings.takeNotices()[0]).toContain(`${asideName}-2`);
    expect(await readFile(join(dir, asideName), 'utf8')).toBe('first');
    expect(await readFile(join(dir, `${asideName}-2`), 'utf8')).toBe('second');
  });

  it('refuses to write any key the process holds, even inside opaque view state', async () => {
    const key = 'pk_live_"quoted\\key_77';
    const settings = await SettingsFile.open({ dir, secrets: () => [key] });
    await settings.update((s) => ({ ...s, views: { ok: 1 } }));
    const before = await readFile(file, 'utf8');
    for (const sneaky of [{ note: key }, { note: `prefix ${key} suffix` }]) {
      const failure = await settings
        .update((s) => ({ ...s, views: { ...s.views, sneaky } }))
        .catch((e: unknown) => e);
      expect((failure as BridgeFailure).error.code).toBe('invalid_arguments');
      expect((failure as BridgeFailure).message).not.toContain(key);
    }
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(settings.current.views).toEqual({ ok: 1 });
  });

  it('reports a folder it cannot write to as file_error, keeping the settings as they were', async () => {
    const settings = await SettingsFile.open({ dir });
    await rm(dir, { recursive: true });
    await writeFile(dir, 'a file where the folder was');
    const failure = await settings
      .update((s) => ({ ...s, ui: { ...s.ui, theme: 'dark' } }))
      .catch((e: unknown) => e);
    expect((failure as BridgeFailure).error.code).toBe('file_error');
    expect((failure as BridgeFailure).message).toContain('could not be saved');
    expect(settings.current.ui.theme).toBe('system');
    await rm(dir);
    await mkdir(dir);
  });
});
