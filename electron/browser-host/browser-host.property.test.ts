/**
 * Random method names and random bodies thrown at the HTTP transport, in front of the real
 * dispatcher (echo handlers behind it): the host never crashes, and answers either a Result
 * (200) or a JSON refusal (4xx); it keeps serving afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../kernel/dispatch/dispatch';
import { echoHandlers } from '../kernel/dispatch/dispatch-fixtures';
import { BridgeEvents } from '../kernel/events';
import { VALID_ARGS } from '../test-support/valid-args';
import { type BrowserHost, startBrowserHost } from './index';
import { callRequest, raw, tokenOf } from './test-http';

const rendererDir = mkdtempSync(join(tmpdir(), 'packbench-host-prop-'));
const events = new BridgeEvents();
const dispatcher = createDispatcher({ handlers: echoHandlers(), events, secrets: () => [] });
let host: BrowserHost;
let token: string;

beforeAll(async () => {
  host = await startBrowserHost({ dispatcher, events, rendererDir });
  token = tokenOf(host.url);
});
afterAll(async () => {
  await host.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const methodName = fc.oneof(
  fc.constantFrom(...BRIDGE_METHOD_NAMES),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'call'),
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,70}$/),
);

/** Bodies as the wire carries them: valid, invalid, and too big. */
const body = fc.oneof(
  fc.jsonValue().map((args) => JSON.stringify({ args })),
  fc
    .constantFrom(...BRIDGE_METHOD_NAMES)
    .map((m) => JSON.stringify({ args: VALID_ARGS[m as keyof typeof VALID_ARGS] })),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '{"args":', 'null', '[]', '{"args":1}{', '\u0000', '{"__proto__":{}}'),
  fc
    .constantFrom(10_000, 900_000, 1_048_577, 1_500_000)
    .map((n) => JSON.stringify({ args: { note: 'x'.repeat(n) } })),
);

function expectResultOrRefusal(status: number, text: string) {
  const parsed: unknown = JSON.parse(text);
  expect(parsed).toBeTypeOf('object');
  const answer = parsed as Record<string, unknown>;
  if (status === 200) {
    expect(typeof answer.ok).toBe('boolean');
    if (answer.ok === false) {
      const error = answer.error as Record<string, unknown>;
      expect(typeof error.code).toBe('string');
      expect(typeof error.message).toBe('string');
    } else {
      expect(answer).toHaveProperty('value');
    }
  } else {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(typeof answer.error).toBe('string');
  }
}

describe('browser host under random input', () => {
  it('answers every call with a Result or a 4xx refusal, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(methodName, body, async (method, text) => {
        const r = await callRequest(host.port, token, encodeURIComponent(method), text);
        expectResultOrRefusal(r.status, r.body);
      }),
      { numRuns: 250 },
    );
    const info = await callRequest(host.port, token, 'appInfo', { args: {} });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ ok: true });
  });

  it('answers each contract method invalid_arguments for random wrong arguments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BRIDGE_METHOD_NAMES),
        fc.oneof(fc.string(), fc.integer(), fc.array(fc.jsonValue(), { maxLength: 3 })),
        async (method, args) => {
          const r = await callRequest(host.port, token, method, { args });
          expect(r.status).toBe(200);
          expect(JSON.parse(r.body)).toMatchObject({
            ok: false,
            error: { code: 'invalid_arguments' },
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses random junk on random paths without crashing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
        fc.webPath(),
        async (method, path) => {
          const r = await raw({
            port: host.port,
            method,
            path: path.startsWith('/') ? path : `/${path}`,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(r.status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
    expect((await callRequest(host.port, token, 'appInfo', { args: {} })).status).toBe(200);
  });
});
