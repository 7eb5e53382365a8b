/**
 * A console process for the kill -9 create test (bundled once per test file by
 * bundled-child.ts, run by plain Node): a whole bridge (createBridge, as browser mode runs it)
 * with its config folder on disk, connected to the test's proxy. It answers bridge calls given
 * as JSON lines on stdin ({id, method, args}) with JSON lines on stdout ({id, answer}), so the
 * parent can call, then SIGKILL it at any moment.
 * A restart is the same script on the same config folder: the connection (and so its local
 * store) is found again, the key given again (a session key lives in memory only).
 * Usage: create-console-child.ts <configDir> <baseUrl> <key>
 */
import { createInterface } from 'node:readline';
import { SessionKeyStore } from '../kernel/settings';
import { createBridge } from '../main/create-bridge';

const [configDir, baseUrl, key] = process.argv.slice(2);
if (!configDir || !baseUrl || !key) throw new Error('usage: create-console-child …');

const bridge = await createBridge({
  configDir,
  exportDir: configDir,
  transport: 'browser',
  keyStore: new SessionKeyStore(),
  printing: { useCups: false },
});
const call = async (method: string, args: unknown) => {
  const answer = await bridge.dispatcher.call(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value as Record<string, unknown>;
};
const list = (await call('connectionsList', {})) as {
  connections: { id: string; baseUrl: string }[];
};
const known = list.connections.find((c) => c.baseUrl === baseUrl);
const id = known?.id ?? ((await call('connectionSave', { name: 'Proxy', baseUrl })).id as string);
await call('keySet', { connectionId: id, apiKey: key, storage: 'session' });
await call('connectionSelect', { id });
process.stdout.write('READY\n');

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const {
    id: callId,
    method,
    args,
  } = JSON.parse(line) as {
    id: number;
    method: string;
    args: unknown;
  };
  void bridge.dispatcher.call(method, args).then((answer) => {
    process.stdout.write(`${JSON.stringify({ id: callId, answer })}\n`);
  });
}
