/**
 * scripts/with-node24.sh, which `npm run bench`, `npm run sandbox` and the console's launcher
 * start everything with: Node 24 (node:sqlite opens) even where the machine's Node is older,
 * as here (Node 20), with the script's process replaced (exec), not wrapped.
 */
import { execFileSync } from 'node:child_process';
import { delimiter, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinnedNodeDir } from './pinned-node';

const ROOT = resolve(import.meta.dirname, '..');

/** This PATH without the pinned Node's folder (Vitest runs with it first). */
function machinePath(): string {
  const pinned = pinnedNodeDir(ROOT);
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !resolve(dir).startsWith(pinned))
    .join(delimiter);
}

describe('with-node24.sh', () => {
  it('runs the command on Node 24, which opens node:sqlite, whatever Node the machine has', () => {
    const env = { ...process.env, PATH: machinePath() };
    const script =
      "new (process.getBuiltinModule('node:sqlite').DatabaseSync)(':memory:').close();" +
      'console.log(process.versions.node, process.pid === Number(process.env.WRAPPER_PID) ? "same" : "")';
    // The shell's own pid: `exec` keeps it, so the command is the process npm started.
    const out = execFileSync(
      'bash',
      [
        '-c',
        `WRAPPER_PID=$$ exec bash scripts/with-node24.sh node -e "${script.replaceAll('"', '\\"')}"`,
      ],
      { cwd: ROOT, env, encoding: 'utf8' },
    ).trim();
    expect(out).toMatch(/^24\.\d+\.\d+ /);
    expect(out.endsWith('same')).toBe(true);
  });
});
