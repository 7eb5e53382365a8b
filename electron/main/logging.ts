/**
 * The main process's log: electron-log writing to main.log in the user's log folder
 * (app.getPath('logs')), rotated at 5 MB with three older files kept. Redaction is by
 * construction: one hook, run before every transport (file and console), turns each argument
 * into text and removes every secret the app holds (the bridge's held keys and the
 * environment's key) and anything shaped like an API key header. No code path writes a log
 * line around it.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { inspect } from 'node:util';
import type { LogMessage, NodeLogger } from 'electron-log';
import { redact } from '../kernel/failure';

export const LOG_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_ARCHIVES = 3;

/** Header- or field-shaped secrets, redacted even before the key is known to the vault. */
const SECRET_SHAPES: readonly RegExp[] = [
  /((?:x-api-key|authorization|api[_-]?key|apikey|token)["']?\s*[:=]\s*["']?)(?:bearer\s+|token\s+)?[^\s"',;}]{4,}/gi,
];

/** Redacts one text: the known secrets first, then the shapes. */
export function redactLogText(text: string, secrets: readonly (string | undefined)[]): string {
  let out = redact(text, secrets);
  for (const shape of SECRET_SHAPES) out = out.replace(shape, '$1[redacted]');
  return out;
}

/**
 * Every argument of a log call as redacted text. Objects and errors are rendered first
 * (inspect shows an error's message, stack and cause), so a secret nested anywhere is text by
 * the time the redaction runs.
 */
export function redactLogData(data: readonly unknown[], secrets: readonly (string | undefined)[]) {
  return data.map((item) =>
    redactLogText(
      typeof item === 'string' ? item : inspect(item, { depth: 4, breakLength: Infinity }),
      secrets,
    ),
  );
}

/** The electron-log hook: a redacted copy of the message. */
export function redactionHook(secrets: () => readonly (string | undefined)[]) {
  return (message: LogMessage): LogMessage => {
    let held: readonly (string | undefined)[];
    try {
      held = secrets();
    } catch {
      held = [];
    }
    return { ...message, data: redactLogData(message.data, held) };
  };
}

/** main.log → main.1.log → … → main.N.log; the oldest is removed. Synchronous (electron-log asks). */
export function rotateLogFiles(path: string, keep: number = LOG_ARCHIVES): void {
  const base = path.replace(/\.log$/, '');
  const archive = (n: number) => `${base}.${n}.log`;
  rmSync(archive(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) {
    if (existsSync(archive(n))) renameSync(archive(n), archive(n + 1));
  }
  if (existsSync(path)) renameSync(path, archive(1));
}

export interface LoggingOptions {
  /** The folder for main.log (Electron: app.getPath('logs')). */
  dir: string;
  /** The secrets to redact, read at every line (keys come and go while the app runs). */
  secrets: () => readonly (string | undefined)[];
  /** Console output too (development). */
  console: boolean;
}

/**
 * Configures an electron-log instance (electron-log/main in the app, electron-log/node in
 * tests) and returns the one function the app logs through.
 */
export function configureLogging(logger: NodeLogger, options: LoggingOptions) {
  const file = logger.transports.file;
  file.resolvePathFn = () => `${options.dir}/main.log`;
  file.maxSize = LOG_MAX_BYTES;
  file.archiveLogFn = (old) => rotateLogFiles(old.path);
  file.level = 'info';
  file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  logger.transports.console.level = options.console ? 'info' : false;
  // First in the list: the hook sees the message before any transport does.
  logger.hooks.unshift(redactionHook(options.secrets));
  return {
    info: (line: string) => logger.info(line),
    warn: (line: string) => logger.warn(line),
    error: (line: string, error?: unknown) =>
      error === undefined ? logger.error(line) : logger.error(line, error),
    file: () => file.getFile().path,
  };
}

export type AppLog = ReturnType<typeof configureLogging>;
