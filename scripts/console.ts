/**
 * `npm run demo`, `npm start` and `npm run console`, started by scripts/console.sh on Node 24
 * with a minimal environment (the key, if any, on standard input): the Electron app where it
 * can run (a downloaded binary and, on Linux, a display), else browser mode after one line on
 * stderr saying why. The decision is electron/main/launcher.ts's chooseLaunch (unit-tested); browser
 * mode's logic lives in electron/main/console-main.ts, the composition for browser mode.
 *   (no options) / npm run demo   the embedded sandbox, started in-process and selected
 *   --start (first; scripts/start.sh)  the saved connection (browser mode: --no-connect)
 *   --browser [--port N] [--api-base URL] [--config-dir DIR] [--no-connect]  browser mode
 */
import { resolve } from 'node:path';
import { main } from '../electron/main/console-main';
import { chooseLaunch, planElectronLaunch, runElectron } from '../electron/main/launcher';

const ROOT = resolve(import.meta.dirname, '..');

const given = process.argv.slice(2);
const kind = given[0] === '--start' ? 'start' : 'demo';
const argv = kind === 'start' ? given.slice(1) : given;
const choice = chooseLaunch(kind, argv, planElectronLaunch(ROOT, process.env, process.platform));

if (choice.mode === 'electron') {
  try {
    await runElectron(ROOT, choice.binary, choice.appArgs);
  } catch (error) {
    console.error(`Packbench did not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
} else {
  if (choice.reason) console.error(choice.reason);
  // console-main reads its options from process.argv, as typed on a command line.
  process.argv.splice(2, process.argv.length - 2, ...choice.consoleArgs);
  await main();
}
