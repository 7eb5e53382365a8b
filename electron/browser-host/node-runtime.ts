/**
 * The console runs on Node 24 in every mode (the Electron app's Node; the launchers start
 * browser mode, the demo and the test consoles on it): what the API does not keep moves into
 * SQLite through `node:sqlite`, which older Nodes lack. Checked first, so a console started on
 * the wrong Node says so in a sentence instead of failing at the first write.
 */
import type * as Sqlite from 'node:sqlite';

/** Why this process cannot run the console, or undefined when it can. */
export function runtimeProblem(): string | undefined {
  const sqlite = process.getBuiltinModule?.('node:sqlite') as typeof Sqlite | undefined;
  if (!sqlite) {
    return (
      `Packbench needs Node 24 (this is Node ${process.versions.node}, which has no node:sqlite): ` +
      'start it with npm run console, npm run demo or npm start, which run it on Node 24.'
    );
  }
  try {
    // Opening a database proves the module is usable, not just present.
    new sqlite.DatabaseSync(':memory:').close();
  } catch (error) {
    return `node:sqlite cannot open a database on Node ${process.versions.node}: ${(error as Error).message}`;
  }
  return undefined;
}
