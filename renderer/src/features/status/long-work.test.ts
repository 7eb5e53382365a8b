import { beforeEach, describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../query/bridge-call';
import { useToastStore } from '../../ui/toast-store';
import { runLongWork } from './long-work';
import { useProgressStore } from './progress-store';

const toasts = () =>
  useToastStore
    .getState()
    .toasts.map(({ title, tone, description }) => ({ title, tone, description }));
const activities = () => Object.values(useProgressStore.getState().activities);

/** Long work titled `title` whose run fails with `error`: the caller gets that same error. */
const expectRethrown = (title: string, error: BridgeCallError) =>
  expect(runLongWork({ title, run: () => Promise.reject(error) })).rejects.toBe(error);

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useProgressStore.setState({ activities: {} });
});

describe('long work', () => {
  it('shows in the activity indicator while it runs and says so in a toast when done', async () => {
    let finish: (rows: number) => void = () => undefined;
    const running = runLongWork({
      title: 'Export orders',
      run: (operationId) => {
        expect(operationId).toMatch(/^op_[0-9a-f]{32}$/);
        return new Promise<number>((resolve) => {
          finish = resolve;
        });
      },
      describe: (rows) => `${rows} rows written to orders.csv`,
    });
    expect(activities().map((a) => a.title)).toEqual(['Export orders']);
    expect(toasts()).toEqual([]);
    finish(1284);
    await expect(running).resolves.toBe(1284);
    expect(activities()).toEqual([]);
    expect(toasts()).toEqual([
      {
        title: 'Export orders: done',
        tone: 'success',
        description: '1284 rows written to orders.csv',
      },
    ]);
  });

  it('says what failed, and rethrows for the caller', async () => {
    const error = new BridgeCallError('ordersExport', {
      code: 'network',
      message: 'The API did not answer.',
    });
    await expectRethrown('Export orders', error);
    expect(toasts()).toEqual([
      { title: 'Export orders: failed', tone: 'error', description: 'The API did not answer.' },
    ]);
    expect(activities()).toEqual([]);
  });

  it('ends quietly when cancelled', async () => {
    const cancelled = new BridgeCallError('operationCancel', {
      code: 'cancelled',
      message: 'Cancelled.',
    });
    await expectRethrown('Print labels', cancelled);
    expect(toasts()).toEqual([]);
    expect(activities()).toEqual([]);
  });
});
