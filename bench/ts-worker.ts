/**
 * A worker thread running one of the benches' TypeScript files. A worker does not inherit the
 * parent's `--import tsx`, so tsx's loader is registered in the worker first and the entry
 * imported after it; the entry finds its own data in `workerData` (with `entry` beside it).
 */
import { Worker } from 'node:worker_threads';

export function tsWorker(entry: URL, workerData: object): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(tsx)}; register();
    const { workerData } = await import('node:worker_threads'); await import(workerData.entry);`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData: { ...workerData, entry: entry.href },
  });
}
