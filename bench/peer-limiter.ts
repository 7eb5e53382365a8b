/**
 * "Today's limiter" for the benchmarks' side-by-side runs: the AccountLimiter as it was before
 * the limiter was reworked for issues 16 and 17, loaded from git at bench time rather than
 * kept as a frozen copy in the tree (a copy would be dead code that every refactor must step
 * around, and would drift from the real thing; a commit cannot). Its two files are written to
 * a temporary folder, their imports of the rest of the bridge pointed at this tree (only
 * BridgeFailure and a constant), and imported. The old limiter has the same public shape;
 * its Slot.throttled returned nothing, which the transport's `await` accepts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AccountLimiter, AccountLimiterOptions } from '../electron/kernel/api/limiter';

/** The last commit of the limiter before the rework (its only version until then). */
export const PEER_LIMITER_COMMIT = '7bea10fb8b6817cca48d3ebdff97f49b59f4eef6';
/**
 * Where its files lived at that commit: electron/bridge/api, before the re-plan moved the
 * api client to electron/kernel/api (reading the new path from the old commit fails).
 */
const PEER_API_DIR = 'electron/bridge/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const api = join(root, 'electron/kernel/api');

export type LimiterFactory = (options?: AccountLimiterOptions) => AccountLimiter;

/**
 * Loads the old limiter; `modulePath` is its file (for worker threads to import), `cleanup`
 * removes its temporary folder.
 */
export async function loadPeerLimiter(): Promise<{
  make: LimiterFactory;
  modulePath: string;
  cleanup(): void;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-peer-limiter-'));
  const show = (path: string) =>
    execFileSync('git', ['show', `${PEER_LIMITER_COMMIT}:${path}`], {
      cwd: root,
      encoding: 'utf8',
    });
  const limiter = show(`${PEER_API_DIR}/limiter.ts`)
    .replace(
      "'../../../shared/contract/values'",
      JSON.stringify(join(root, 'shared/contract/values.ts')),
    )
    .replace("'../failure'", JSON.stringify(join(root, 'electron/kernel/failure.ts')))
    .replace("'./retry-after'", JSON.stringify(join(api, 'retry-after.ts')));
  writeFileSync(join(dir, 'limiter.ts'), limiter);
  writeFileSync(join(dir, 'adaptive-rate.ts'), show(`${PEER_API_DIR}/adaptive-rate.ts`));
  const modulePath = pathToFileURL(join(dir, 'limiter.ts')).href;
  const module = (await import(modulePath)) as {
    AccountLimiter: new (options?: AccountLimiterOptions) => unknown;
  };
  return {
    modulePath,
    // The same public shape (acquire, run, retryStarted, state, onChange, rate); the class is
    // another one, so the type system needs telling.
    make: (options) => new module.AccountLimiter(options) as AccountLimiter,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
