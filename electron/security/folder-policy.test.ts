/**
 * The folder rules as the hostile renderer of issue 31 would try them: system folders, device
 * paths, dot-folders, climbing out of a root, names that are paths. Pure: paths as realpath
 * would give them.
 */
import { describe, expect, it } from 'vitest';
import { checkFolder, defaultRoots, subfolderSegments, systemFolderReason } from './folder-policy';

const roots = defaultRoots('/home/ana', '/home/ana/.config/packbench');
const browser = { requireRoot: true };
const picker = { requireRoot: false };

describe('checkFolder', () => {
  it('takes a folder inside Documents, Downloads or the config folder, naming its root', () => {
    expect(checkFolder('/home/ana/Documents', roots, browser)).toMatchObject({
      ok: true,
      root: { id: 'documents' },
    });
    expect(checkFolder('/home/ana/Downloads/Packbench/Exports', roots, browser)).toMatchObject({
      ok: true,
      root: { id: 'downloads' },
    });
    // The config root is itself under a dot-folder; only what is below it is looked at.
    expect(checkFolder('/home/ana/.config/packbench/exports', roots, browser)).toMatchObject({
      ok: true,
      root: { id: 'config' },
    });
  });

  it.each(['/proc/self', '/proc', '/sys/kernel', '/dev/shm', '/etc', '/etc/ssh'])(
    'never %s, not even from the native picker',
    (p) => {
      expect(checkFolder(p, roots, picker)).toMatchObject({ ok: false });
      expect(checkFolder(p, roots, browser)).toMatchObject({ ok: false });
    },
  );

  it('refuses dot-folders, inside a root or picked', () => {
    expect(checkFolder('/home/ana/.ssh', roots, picker)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('.ssh'),
    });
    expect(checkFolder('/home/ana/Documents/.secret/x', roots, browser).ok).toBe(false);
    expect(checkFolder('/home/ana/.config', roots, browser).ok).toBe(false);
  });

  it('refuses, in browser mode, anything outside the roots, also a look-alike prefix', () => {
    expect(checkFolder('/home/ana', roots, browser).ok).toBe(false);
    expect(checkFolder('/home/ana/DocumentsX', roots, browser).ok).toBe(false);
    expect(checkFolder('/tmp', roots, browser).ok).toBe(false);
    // The native picker's choice is the person's own: allowed outside the roots.
    expect(checkFolder('/srv/labels', roots, picker)).toEqual({ ok: true });
  });

  it('refuses what is not a resolved absolute path', () => {
    for (const p of [
      '',
      'Documents',
      '../../etc',
      '/home/ana/Documents/../../../etc',
      '/home/ana//Documents',
      '\\\\?\\C:\\Windows',
      '\\\\.\\pipe\\x',
      '//server/share',
      'file:///home/ana/Documents',
      '/home/ana/Documents\0/etc',
      `/home/ana/Documents/${'a'.repeat(5000)}`,
    ]) {
      expect(checkFolder(p, roots, picker), p).toMatchObject({ ok: false });
    }
  });
});

describe('systemFolderReason', () => {
  it('names why, in words', () => {
    expect(systemFolderReason('/proc/self/environ')).toMatch(/\/proc is a system folder/);
    expect(systemFolderReason('/home/ana/Documents')).toBeNull();
  });
});

describe('subfolderSegments', () => {
  it('splits plain names, trimming slashes', () => {
    expect(subfolderSegments('Packbench/Exports/')).toEqual({
      ok: true,
      segments: ['Packbench', 'Exports'],
    });
    expect(subfolderSegments(undefined)).toEqual({ ok: true, segments: [] });
    expect(subfolderSegments('  ')).toEqual({ ok: true, segments: [] });
    expect(subfolderSegments('Étiquettes 2026')).toEqual({
      ok: true,
      segments: ['Étiquettes 2026'],
    });
  });

  it.each([
    '..',
    '../../etc',
    'a/../../b',
    '.ssh',
    'a/.hidden',
    'a\\..\\b',
    'C:',
    'a\0b',
    'a//b',
    'x'.repeat(101),
    'a/b/c/d/e/f/g/h/i',
  ])('refuses %j', (text) => {
    expect(subfolderSegments(text).ok).toBe(false);
  });
});
