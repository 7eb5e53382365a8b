/** The run's leftovers are found by the run's marker, wherever they ended up in the tree. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { endProcesses, RUN_MARKER, runProcesses } from './leftover-processes';

describe('leftover processes', () => {
  it('finds a detached process carrying the run id, and no longer once it is ended', async () => {
    const id = `test-${process.pid}-${Date.now()}`;
    // Detached and unreferenced, as a process orphaned by a killed wrapper would be.
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], {
      env: { ...process.env, [RUN_MARKER]: id },
      stdio: 'ignore',
      detached: true,
    });
    const exited = once(child, 'exit');
    await once(child, 'spawn');
    try {
      const found = runProcesses(id);
      expect(found.map((p) => p.pid)).toEqual([child.pid]);
      expect(found[0]?.command).toContain('setInterval');
      // Another run's id finds nothing of this one.
      expect(runProcesses(`${id}-other`)).toEqual([]);
    } finally {
      endProcesses(runProcesses(id));
      await exited;
    }
    expect(runProcesses(id)).toEqual([]);
  });
});
