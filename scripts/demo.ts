/**
 * The demo: the embedded sandbox with its seeded data. The console (browser mode, then the
 * Electron app) joins this command as it is built; until then it serves the sandbox API alone
 * and says so.
 */
import { DEFAULT_KEY, startSandbox } from '../sandbox/server/start';

const port = Number(process.env.PACKBENCH_SANDBOX_PORT ?? 8787);
const sandbox = await startSandbox({ port, keys: [DEFAULT_KEY] });
console.log(`Packbench sandbox: ${sandbox.url} key=${DEFAULT_KEY}`);
console.log(
  'The console is not built yet: this runs the sandbox API alone. Try: ' +
    `curl -H 'X-API-Key: ${DEFAULT_KEY}' ${sandbox.url}/api/orders/?page_size=2`,
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
