/**
 * One measurement, in a fresh process (run with --expose-gc and --import ./with-stand-in.mjs):
 * imports the main bundle and, for `demo`, the sandbox's chunk too (`started` also starts the
 * sandbox, as "Try the sandbox" does), then prints one JSON line: the time taken and the
 * memory after a full garbage collection.
 *   node … probe.mjs <main.mjs> <start|demo|started> <sandbox chunk>
 */
import { pathToFileURL } from 'node:url';

const [main, mode, chunk] = process.argv.slice(2);
globalThis.gc();
const before = process.memoryUsage();
const t0 = performance.now();
await import(pathToFileURL(main).href);
let sandbox;
if (mode !== 'start') {
  const { startSandbox } = await import(pathToFileURL(chunk).href);
  if (mode === 'started') sandbox = await startSandbox({ port: 0, keys: ['main-start-bench'] });
}
const ms = performance.now() - t0;
globalThis.gc();
const after = process.memoryUsage();
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
console.log(
  JSON.stringify({
    ms,
    rssMb: mb(after.rss),
    addedRssMb: mb(after.rss - before.rss),
    heapMb: mb(after.heapUsed),
  }),
);
await sandbox?.close();
process.exit(0);
