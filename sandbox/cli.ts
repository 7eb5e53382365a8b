/**
 * `npm run sandbox -- --port 8787 --key demo-key --seed 1 --scale 1 [--rate 20] [--faults ...]`
 * Starts the sandbox API, prints its base URL and key on one line, and stops cleanly on
 * SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { parseFaults } from './server/faults';
import { DEFAULT_KEY, DEFAULT_RATE, startSandbox } from './server/start';

const USAGE = `Usage: npm run sandbox -- [--port 8787] [--key demo-key ...] [--seed 1] [--scale 1]
       [--rate 20] [--heavy-rate 5] [--now 2026-11-22] [--faults 5xx=0.1,latency=50,drop=0.05,malformed=0.05,429=0.1]
       [--warm]`;

function number(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`--${name} must be a number of at least ${min}, got "${raw}".`);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      key: { type: 'string', multiple: true },
      seed: { type: 'string' },
      scale: { type: 'string' },
      rate: { type: 'string' },
      'heavy-rate': { type: 'string' },
      now: { type: 'string' },
      faults: { type: 'string' },
      warm: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now && Number.isNaN(now.getTime()))
    throw new Error(`--now must be a date, got "${values.now}".`);
  const host = values.host ?? '127.0.0.1';
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new Error('The sandbox listens on loopback only (127.0.0.1, ::1 or localhost).');
  }
  const keys = values.key ?? [DEFAULT_KEY];
  const sandbox = await startSandbox({
    port: number('port', values.port, 8787),
    host,
    keys,
    seed: number('seed', values.seed, 1),
    scale: number('scale', values.scale, 1, 0.001),
    rate: number('rate', values.rate, DEFAULT_RATE),
    heavyRate:
      values['heavy-rate'] === undefined
        ? undefined
        : number('heavy-rate', values['heavy-rate'], 1, 0.01),
    now,
    faults: values.faults ? parseFaults(values.faults) : undefined,
    warm: values.warm,
  });
  console.log(`Packbench sandbox: ${sandbox.url} key=${keys.join(',')}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => {
        console.log(`Packbench sandbox stopped (${signal}).`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Packbench sandbox did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Packbench sandbox: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(2);
});
