import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

function run(args: string[]) {
  const child = spawn('node_modules/.bin/tsx', ['sandbox/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited, stderr: () => stderr };
}

describe('npm run sandbox', () => {
  it('prints its URL and key on one line, serves the API, and stops cleanly on SIGTERM', async () => {
    const { child, lines, exited } = run(['--port', '0', '--key', 'cli-key', '--scale', '0.05']);
    let first = '';
    for await (const line of lines) {
      first = line;
      break;
    }
    const match = /^Packbench sandbox: (http:\/\/127\.0\.0\.1:\d+) key=cli-key$/.exec(first);
    expect(match, first).not.toBeNull();
    const r = await fetch(`${match![1]}/api/locations/`, { headers: { 'X-API-Key': 'cli-key' } });
    expect(r.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses bad options with a clear message and exit code 2', async () => {
    const { exited, stderr } = run(['--scale', 'lots']);
    expect(await exited).toBe(2);
    expect(stderr()).toMatch(/--scale must be a number/);
    const faults = run(['--faults', 'boom=1']);
    expect(await faults.exited).toBe(2);
    expect(faults.stderr()).toMatch(/Unknown fault "boom=1"/);
  });
});
