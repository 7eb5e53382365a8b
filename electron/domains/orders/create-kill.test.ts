/**
 * kill -9 during a create, for real: a console process (electron/test-support/create-console-child.ts,
 * a whole bridge on a config folder on disk) sends a create that a proxy holds (as the fault
 * campaign's proxy held one for 35 s) or answers with a reset and forwards later; the console
 * is SIGKILLed while it waits; a new console process starts on the same folder. It says the
 * create is being checked; the same draft is sent again while the first create is still held
 * (the console looks, finds nothing, and must wait instead of sending); the order lands; the
 * service holds exactly one order for the draft: the one the console hands back.
 * Nothing here waits on a clock: each step waits for an event (a line, a held request).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateFault } from '../../kernel/test-support/holding-proxy';
import { type BundledChild, bundleChild } from '../../test-support/bundled-child';
import { heldSandboxForFile } from './test-support/held-sandbox';

const KEY = 'pk_create_kill_0123456789';
const api = heldSandboxForFile({ key: KEY, seed: 5 });
let root: string;
const children = new Set<ChildProcess>();
// Three console starts: the whole bridge bundled once instead of compiled by tsx at each start.
let consoleScript: BundledChild | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'packbench-create-kill-'));
  consoleScript = await bundleChild(
    join(import.meta.dirname, '..', '..', 'test-support', 'create-console-child.ts'),
  );
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
  await consoleScript?.dispose();
});

type Answer = { ok: true; value: Record<string, unknown> } | { ok: false; error: { code: string } };

/** A console process on `configDir`; resolves once it is connected. */
async function startConsole(configDir: string) {
  if (!consoleScript) throw new Error('the console script was not bundled');
  const child = spawn(process.execPath, [consoleScript.file, configDir, api.proxy.url, KEY], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const waiting = new Map<number, (answer: Answer) => void>();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const exited = once(child, 'exit');
  void exited.then(() => ready());
  for (const stream of [child.stdout]) {
    createInterface({ input: stream! }).on('line', (line) => {
      if (line === 'READY') ready();
      if (!line.startsWith('{')) return;
      const { id, answer } = JSON.parse(line) as { id: number; answer: Answer };
      waiting.get(id)?.(answer);
    });
  }
  await isReady;
  if (child.exitCode !== null) throw new Error(`the console did not start: ${stderr}`);
  let next = 0;
  return {
    call(method: string, args: unknown): Promise<Answer> {
      const id = ++next;
      const answer = new Promise<Answer>((resolve) => waiting.set(id, resolve));
      child.stdin?.write(`${JSON.stringify({ id, method, args })}\n`);
      return answer;
    },
    async kill(): Promise<void> {
      child.kill('SIGKILL');
      const [, signal] = (await exited) as [number | null, string | null];
      expect(signal).toBe('SIGKILL');
      children.delete(child);
    },
  };
}

const storedWith = api.storedWith;

describe('kill -9 during a create, restart, send again', () => {
  it.each<[string, CreateFault]>([
    ['a create held by a proxy (35 s in the campaign)', 'hold'],
    ['the connection reset at once, the order made later', 'reset-then-forward'],
  ])('%s: exactly one order', { timeout: 120_000 }, async (_name, fault) => {
    const configDir = join(root, fault);
    const reference = randomUUID();
    const order = {
      recipient_name: `Killed ${reference.slice(0, 8)}`,
      address1: '9 Signal Street',
      city: 'Derby',
      postal_code: 'DE1 1AA',
      country: 'GB',
    };
    const first = await startConsole(configDir);
    api.proxy.plan.push(fault);
    void first.call('ordersCreate', { order, reference });
    await api.proxy.whenHolding();
    await first.kill();
    expect(storedWith(reference)).toEqual([]);

    const second = await startConsole(configDir);
    const checking = await second.call('ordersCreatePending', { reference });
    expect(checking).toMatchObject({ ok: true, value: { state: 'checking' } });
    // Sent again while the first create is still held: the console looks, finds nothing yet,
    // and must not send. Only then does the service make the order.
    const lookups = api.proxy.lookupsAnswered;
    const resending = second.call('ordersCreate', { order, reference });
    await api.proxy.whenLookupsPast(lookups);
    await api.proxy.release();
    const resent = await resending;
    expect(resent.ok).toBe(true);
    const id = resent.ok ? resent.value.id : -1;
    expect(storedWith(reference)).toEqual([id]);
    // And nothing pending is left for the draft.
    expect(await second.call('ordersCreatePending', { reference })).toEqual({
      ok: true,
      value: { state: 'none' },
    });
    await second.kill();
  });
});
