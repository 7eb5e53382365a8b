/**
 * The app's own command-line options. Electron's argv also carries Chromium switches and, in
 * development, the app path, so this reads the few flags it knows and ignores the rest
 * (a strict parser would refuse to start under Playwright, which adds its own).
 *   --demo             start the embedded sandbox and connect to it (`npm run demo`)
 *   --config-dir DIR   keep settings (and Chromium's data) in DIR (tests: a fresh folder)
 */
export interface AppArgs {
  demo: boolean;
  configDir?: string;
}

export function parseAppArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): AppArgs {
  const args: AppArgs = { demo: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--demo') args.demo = true;
    else if (arg === '--config-dir' && i + 1 < argv.length) args.configDir = argv[++i];
    else if (arg.startsWith('--config-dir=')) args.configDir = arg.slice('--config-dir='.length);
  }
  if (args.configDir === undefined && env.PACKBENCH_CONFIG_DIR) {
    args.configDir = env.PACKBENCH_CONFIG_DIR;
  }
  if (args.configDir === '') delete args.configDir;
  return args;
}
