/**
 * Where a headless console gets its API key when the keychain does not hold it: a private
 * file (`--api-key-file`) or standard input (`--api-key-stdin`). Never the environment: a
 * variable stays readable in /proc/PID/environ for the process's whole life even after it is
 * deleted from process.env, and every child started with a copy of the environment inherits
 * it. `PACKBENCH_API_KEY` survives only in the launcher (scripts/console.sh), which reads it
 * and hands it over on standard input to a console started without it.
 */
import { open } from 'node:fs/promises';

export const API_KEY_VARIABLE = 'PACKBENCH_API_KEY';

/** A key longer than this is not a key (and a file that large was named by mistake). */
const MAX_KEY_BYTES = 4096;

/** A key source that cannot be used; the message is for the terminal and names no key. */
export class ApiKeySourceError extends Error {}

/**
 * The key from `env` (undefined when unset or empty), removed from `env` and from
 * process.env. The Electron main process calls it only to redact a key a careless start
 * passed in; the console refuses to start with one (consoleEnvironmentProblem).
 */
export function takeEnvApiKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[API_KEY_VARIABLE];
  delete env[API_KEY_VARIABLE];
  delete process.env[API_KEY_VARIABLE];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Why a console must not start with this environment, or undefined. A key found here was
 * already readable by every process of the user (and inherited by every child), so the
 * console refuses it instead of quietly using it; an empty variable is harmless.
 */
export function consoleEnvironmentProblem(env: NodeJS.ProcessEnv): string | undefined {
  if (!env[API_KEY_VARIABLE]) return undefined;
  return (
    `${API_KEY_VARIABLE} is in this process's environment, where other processes can read it. ` +
    'Start the console with `npm run console` (which hands the variable over through a pipe), ' +
    'or give the key with --api-key-file PATH (a file only you can read) or --api-key-stdin.'
  );
}

/** One key from text as a file or a pipe holds it: one line, a trailing newline allowed. */
export function keyFromText(text: string, where: string): string {
  const key = text.replace(/\r?\n$/, '');
  if (key.trim() === '') throw new ApiKeySourceError(`${where} holds no API key (it is empty).`);
  if (/[\r\n]/.test(key)) {
    throw new ApiKeySourceError(`${where} holds more than one line: put the API key alone in it.`);
  }
  if (key !== key.trim()) {
    throw new ApiKeySourceError(`${where}: the API key starts or ends with spaces; remove them.`);
  }
  return key;
}

/**
 * The key in `path`, refused unless the file is a regular file of this user that no one else
 * can read or write (mode 0600 or 0400), as ssh treats a private key. The mode is read from
 * the open file, so the file checked is the file read.
 */
export async function readApiKeyFile(path: string): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'cannot be read' : `(${code})`;
    throw new ApiKeySourceError(`--api-key-file: ${path} ${why}.`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new ApiKeySourceError(`--api-key-file: ${path} is not a file.`);
    const mode = info.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new ApiKeySourceError(
        `--api-key-file: ${path} can be read or changed by other users (mode ${mode.toString(8).padStart(4, '0')}); ` +
          `make it private with: chmod 600 ${path}`,
      );
    }
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
      throw new ApiKeySourceError(`--api-key-file: ${path} belongs to another user.`);
    }
    if (info.size > MAX_KEY_BYTES) {
      throw new ApiKeySourceError(`--api-key-file: ${path} is too large to be an API key.`);
    }
    return keyFromText(await handle.readFile('utf8'), `--api-key-file ${path}`);
  } finally {
    await handle.close();
  }
}

/**
 * The key on `input` (standard input): its first line, or everything up to the end when
 * there is no newline. Stops reading at the first newline, so a person typing the key at a
 * terminal presses Enter, not Ctrl-D.
 */
export function readApiKeyStream(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = () => {
      input.off('data', onData);
      input.off('end', finish);
      input.off('error', onError);
      input.pause();
      try {
        resolve(keyFromText(text.split(/\r?\n/)[0] ?? '', '--api-key-stdin: standard input'));
      } catch (error) {
        reject(error);
      }
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (text.includes('\n')) finish();
      else if (text.length > MAX_KEY_BYTES) {
        input.off('data', onData);
        reject(new ApiKeySourceError('--api-key-stdin: standard input is too long for a key.'));
      }
    };
    const onError = (error: Error) =>
      reject(new ApiKeySourceError(`--api-key-stdin: standard input failed (${error.message}).`));
    input.on('data', onData);
    input.once('end', finish);
    input.once('error', onError);
  });
}
