/**
 * `--demo`: the embedded sandbox started in-process and selected, through the dispatcher (the
 * same door the renderer uses), before the window opens on it.
 */
import type { Bridge } from '../kernel/dispatch/dispatcher-types';

export async function connectToSandbox(bridge: Bridge): Promise<void> {
  const started = await bridge.dispatcher.call('sandboxStart', {});
  if (!started.ok) throw new Error(`The sandbox did not start: ${started.error.message}`);
  const { id } = started.value as { id: string };
  const selected = await bridge.dispatcher.call('connectionSelect', { id });
  if (!selected.ok) throw new Error(`The sandbox was not selected: ${selected.error.message}`);
}
