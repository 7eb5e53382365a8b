import { describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../shared/contract/bridge-error';
import type { PackbenchClient } from '../../bridge';
import { saveConnection, startSandbox } from './connection-setup';

type Answer = { ok: true; value: unknown } | { ok: false; error: BridgeError };

/** A client whose methods answer from a table and record every call. */
function fakeClient(answers: Record<string, (args: Record<string, unknown>) => Answer>) {
  const calls: [string, Record<string, unknown>][] = [];
  const client = new Proxy({} as PackbenchClient, {
    get: (_t, method: string) => async (args: Record<string, unknown>) => {
      calls.push([method, args]);
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected call ${method}`);
      return answer(args);
    },
  });
  return { client, calls };
}

const view = (id: string) => ({
  id,
  name: 'Main',
  baseUrl: 'https://api.example.com',
  sandbox: false,
  key: { hasKey: false, last4: null, storage: null, keychainAvailable: true },
});
const list = (id: string) => ({ connections: [view(id)], selectedId: id });

describe('saveConnection', () => {
  it('saves, stores the key, then selects, in that order', async () => {
    const { client, calls } = fakeClient({
      connectionSave: () => ({ ok: true, value: view('c1') }),
      keySet: () => ({ ok: true, value: {} }),
      connectionSelect: () => ({ ok: true, value: list('c1') }),
    });
    const outcome = await saveConnection(client, {
      name: ' Main ',
      baseUrl: 'https://api.example.com ',
      apiKey: ' pk_live_1234 ',
      storage: 'keychain',
    });
    expect(outcome.kind).toBe('saved');
    expect(calls).toEqual([
      ['connectionSave', { name: 'Main', baseUrl: 'https://api.example.com' }],
      ['keySet', { connectionId: 'c1', apiKey: 'pk_live_1234', storage: 'keychain' }],
      ['connectionSelect', { id: 'c1' }],
    ]);
  });

  it('without a keychain: reports it, and a retry updates the same connection', async () => {
    const { client, calls } = fakeClient({
      connectionSave: (args) => ({ ok: true, value: view(String(args.id ?? 'c2')) }),
      keySet: (args) =>
        args.storage === 'keychain'
          ? {
              ok: false,
              error: { code: 'keychain_unavailable', message: 'No Secret Service answers.' },
            }
          : { ok: true, value: {} },
      connectionSelect: () => ({ ok: true, value: list('c2') }),
    });
    const input = { name: 'Main', baseUrl: 'https://a.example', apiKey: 'pk_live_1234' };
    const first = await saveConnection(client, { ...input, storage: 'keychain' });
    expect(first).toMatchObject({
      kind: 'keychain-unavailable',
      problem: 'No Secret Service answers.',
    });
    expect(calls.map(([m]) => m)).toEqual(['connectionSave', 'keySet']);

    const second = await saveConnection(client, { ...input, id: 'c2', storage: 'session' });
    expect(second.kind).toBe('saved');
    expect(calls[2]).toEqual([
      'connectionSave',
      { id: 'c2', name: 'Main', baseUrl: 'https://a.example' },
    ]);
    expect(calls[3]?.[1]).toMatchObject({ storage: 'session' });
  });

  it('passes other errors on, with their field errors', async () => {
    const { client } = fakeClient({
      connectionSave: () => ({
        ok: false,
        error: { code: 'invalid_arguments', message: 'Taken', fieldErrors: { name: ['Taken'] } },
      }),
    });
    await expect(
      saveConnection(client, {
        name: 'x',
        baseUrl: 'https://a.example',
        apiKey: 'k'.repeat(8),
        storage: 'keychain',
      }),
    ).rejects.toMatchObject({
      code: 'invalid_arguments',
      error: { fieldErrors: { name: ['Taken'] } },
    });
  });
});

describe('startSandbox', () => {
  it('starts the sandbox and selects its connection', async () => {
    const { client, calls } = fakeClient({
      sandboxStart: () => ({ ok: true, value: view('sb') }),
      connectionSelect: () => ({ ok: true, value: list('sb') }),
    });
    expect(await startSandbox(client)).toEqual(list('sb'));
    expect(calls).toEqual([
      ['sandboxStart', {}],
      ['connectionSelect', { id: 'sb' }],
    ]);
  });
});
