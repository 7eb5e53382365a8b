/**
 * `PACKBENCH_API_KEY`: read once, at start, and removed from the process environment at once,
 * so no child process inherits it (lp, lpstat and lpoptions through execFile, the renderer
 * build, any later spawn: each copies process.env unless told otherwise). The README promises
 * the key never leaves the main process; an environment variable would otherwise ride along
 * with every child for the process's whole life.
 */
export const API_KEY_VARIABLE = 'PACKBENCH_API_KEY';

/**
 * The key from `env` (undefined when unset or empty), removed from `env` and from
 * process.env. Call it before anything spawns; later calls find nothing.
 */
export function takeEnvApiKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[API_KEY_VARIABLE];
  delete env[API_KEY_VARIABLE];
  delete process.env[API_KEY_VARIABLE];
  return value === undefined || value === '' ? undefined : value;
}

/** A copy of process.env without the key, for spawns that pass an environment explicitly. */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env[API_KEY_VARIABLE];
  return env;
}
