/**
 * Child process for the kill-mid-batch test (run with `node --import tsx`): a whole bridge,
 * connected to the parent's sandbox, printing a batch of labels to the CUPS PDF printer. Every
 * print job event goes to stdout as one JSON line, so the parent knows exactly which jobs
 * existed when it SIGKILLs this process.
 * Usage: batch-kill-child.ts <configDir> <sandboxUrl> <key> <orderIdsJson>
 */

import { SessionKeyStore } from '../kernel/settings';
import { createBridge } from '../main/create-bridge';

const [configDir, url, key, idsJson] = process.argv.slice(2);
if (!configDir || !url || !key || !idsJson) throw new Error('usage: batch-kill-child …');

const bridge = await createBridge({
  configDir,
  exportDir: configDir,
  transport: 'browser',
  keyStore: new SessionKeyStore(),
  printing: { chunkSize: 2, window: 1, useCups: true },
});
bridge.events.subscribe((event) => {
  if (event.type === 'printJob') {
    const { id, title, state } = event.job;
    process.stdout.write(`${JSON.stringify({ id, title, state })}\n`);
  }
});
const call = async (method: string, args: unknown) => {
  const answer = await bridge.dispatcher.call(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value as { id: string };
};
const connection = await call('connectionSave', { name: 'Sandbox', baseUrl: url });
await call('keySet', { connectionId: connection.id, apiKey: key, storage: 'session' });
await call('connectionSelect', { id: connection.id });
await call('settingsUpdate', {
  patch: { printing: { routes: { shipping_label: { printerId: 'cups:Packbench-PDF' } } } },
});
await call('printersList', { refresh: true });
await call('printOrderLabels', { orderIds: JSON.parse(idsJson), operationId: 'kill-batch-1' });
process.stdout.write('BATCH DONE\n');
