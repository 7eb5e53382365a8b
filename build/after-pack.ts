/**
 * electron-builder's afterPack hook: flips the Electron fuses (build/fuses.ts) in the packed
 * binary. A placeholder Electron distribution (how packaging is checked on machines that
 * cannot download Electron) has no fuse wire: the hook then says so and skips, rather than
 * failing the packaging check or pretending the fuses were set.
 */
import { join } from 'node:path';
import { flipFuses, getCurrentFuseWire } from '@electron/fuses';
import type { AfterPackContext } from 'electron-builder';
import { fuseConfig, isE2eBuild } from './fuses';

/** The file whose fuse wire is flipped (@electron/fuses finds the framework inside a .app). */
export function electronBinaryPath(context: {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}): string {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`);
    case 'win32':
      return join(context.appOutDir, `${name}.exe`);
    default:
      return join(context.appOutDir, context.packager.executableName ?? name.toLowerCase());
  }
}

export type FuseOutcome = { flipped: true } | { flipped: false; reason: string };

/** Flips the fuses, or explains why there is no Electron binary to flip them in. */
export async function setFuses(
  binary: string,
  platform: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FuseOutcome> {
  try {
    await getCurrentFuseWire(binary);
  } catch (error) {
    const message = String((error as Error).message ?? error);
    if (/sentinel/i.test(message) || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return {
        flipped: false,
        reason: `${binary} is not a real Electron binary (a placeholder distribution?): no fuse wire in it`,
      };
    }
    throw error;
  }
  await flipFuses(binary, fuseConfig({ forE2e: isE2eBuild(env), platform }));
  return { flipped: true };
}

export default async function afterPack(context: AfterPackContext): Promise<void> {
  const binary = electronBinaryPath(context as unknown as Parameters<typeof electronBinaryPath>[0]);
  const outcome = await setFuses(binary, context.electronPlatformName);
  if (outcome.flipped) {
    console.log(
      `  • Electron fuses set in ${binary}${isE2eBuild(process.env) ? ' (end-to-end build: inspect arguments kept)' : ''}`,
    );
  } else {
    console.log(`  • Electron fuses skipped: ${outcome.reason}`);
  }
}
