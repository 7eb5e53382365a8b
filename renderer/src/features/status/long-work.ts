/**
 * Runs one piece of long bridge work (an export, fetch-all, a batch print) under an operation
 * id: shows it in the activity indicator while it runs, and raises a toast when it finishes or
 * fails, so the person may go on working elsewhere. Cancelled work ends quietly.
 */

import { BridgeCallError, errorMessage } from '../../query/bridge-call';
import { toast } from '../../ui/toast-store';
import { useProgressStore } from './progress-store';

export interface LongWork<T> {
  title: string;
  run(operationId: string): Promise<T>;
  /**
   * The toast's text on success, e.g. "1,284 rows written to orders.csv"; `{ warning }` when the
   * work ended without what was asked (an export kept aside as unverified): never "done".
   */
  describe?(value: T): string | { warning: string };
}

export function newOperationId(): string {
  return `op_${crypto.randomUUID().replaceAll('-', '')}`;
}

export async function runLongWork<T>(work: LongWork<T>): Promise<T> {
  const operationId = newOperationId();
  const store = useProgressStore.getState();
  store.start(operationId, work.title);
  try {
    const value = await work.run(operationId);
    const said = work.describe?.(value);
    if (typeof said === 'object') {
      toast(`${work.title}: not verified`, { tone: 'warning', description: said.warning });
    } else {
      toast(`${work.title}: done`, { tone: 'success', description: said });
    }
    return value;
  } catch (error) {
    if (!(error instanceof BridgeCallError && error.code === 'cancelled')) {
      toast(`${work.title}: failed`, { tone: 'error', description: errorMessage(error) });
    }
    throw error;
  } finally {
    useProgressStore.getState().finish(operationId);
  }
}
