/**
 * Electron fuses: switches compiled into the Electron binary, flipped at packaging time (the
 * afterPack hook) and fixed from then on, whatever the environment or command line says.
 *  - RunAsNode off: ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node interpreter.
 *  - Cookie encryption on: Chromium's cookie store is encrypted with the OS keychain.
 *  - NODE_OPTIONS off: no code injected through the environment.
 *  - Node inspect arguments off in releases (no --inspect debugger port into the main process);
 *    on in the build the end-to-end tests use, because Playwright's _electron.launch connects
 *    through --inspect.
 *  - Embedded asar integrity on (checked on macOS and Windows; Electron does not check it on
 *    Linux yet) and only-load-app-from-asar on, so the integrity check cannot be bypassed by
 *    dropping an app/ folder beside the archive.
 *  - File-protocol extra privileges off: the app uses app://, never file://.
 */
import { type FuseV1Config, FuseV1Options, FuseVersion } from '@electron/fuses';

export interface FuseBuild {
  /** The build the end-to-end tests launch (PACKBENCH_E2E_BUILD=1). */
  forE2e: boolean;
  platform: string;
}

export function fuseConfig(build: FuseBuild): FuseV1Config {
  return {
    version: FuseVersion.V1,
    // Every fuse of this Electron named here: a new fuse in a later Electron fails the build
    // until someone decides its value.
    strictlyRequireAllFuses: true,
    // macOS arm64 refuses to run a binary whose ad-hoc signature no longer matches.
    resetAdHocDarwinSignature: build.platform === 'darwin',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: build.forE2e,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

export function isE2eBuild(env: NodeJS.ProcessEnv): boolean {
  return env.PACKBENCH_E2E_BUILD === '1';
}
