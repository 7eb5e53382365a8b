/**
 * For test bundles that carry their npm packages inside (esbuild, ESM for Node; the browser
 * suites' console and sandbox, e2e/support/process-bundles.ts): a start then compiles one file
 * instead of resolving, reading and compiling some 300 package files one by one through Node's
 * module loader, which was half of a sandbox's start. (Vitest's kill-and-restart children,
 * bundled-child.ts, gained nothing from it: the larger build ate the few starts' saving.)
 *
 * An ES module bundle defines neither `require` nor `__dirname`/`__filename`, which packages'
 * CommonJS files use (write-file-atomic names its temp files with `__filename`; pino and
 * pdf-to-printer find files beside their own): `packageLocations` writes each package file's
 * own location in, so it still sees the folder it sits in under node_modules, and
 * `REQUIRE_BANNER` gives the bundle a `require` for Node's own modules. Native addons and
 * packages loaded on demand stay imports (`NATIVE_PACKAGES`, `IMPORTED_ON_DEMAND`). The shipped app keeps its packages beside the bundle
 * (scripts/build-electron.ts); these bundles are for tests only.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/** Packages with a compiled addon, loaded from node_modules as they are. */
export const NATIVE_PACKAGES = ['@napi-rs/keyring'];

/**
 * CommonJS packages the code loads with `import()`, also left as imports. Inlined, esbuild puts
 * such a package in a chunk of its own whose one export is `default`, so `const { Agent } =
 * await import('undici')` found nothing (undici-wire.ts: every API call failed in the browser
 * suites). Node's own loader names a CommonJS module's exports, as in the shipped app.
 */
export const IMPORTED_ON_DEMAND = ['undici'];

export const REQUIRE_BANNER =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

const STANDALONE = (name: string) => new RegExp(`(?<![.\\w$])${name}(?![\\w$])`, 'g');

/** `source` of the file at `path` with its own location written where it asks for it. */
export function withOwnLocation(path: string, source: string): string {
  let contents = source
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href));
  if (/\.c?js$/.test(path)) {
    contents = contents
      .replace(STANDALONE('__dirname'), JSON.stringify(dirname(path)))
      .replace(STANDALONE('__filename'), JSON.stringify(path));
  }
  return contents;
}

/** Writes each npm package file's own location in (see the header). */
export function packageLocations(): Plugin {
  return {
    name: 'package-locations',
    setup(on) {
      on.onLoad({ filter: /[\\/]node_modules[\\/].*\.(c?js|mjs)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = withOwnLocation(args.path, source);
        return contents === source ? undefined : { contents, loader: 'js' };
      });
    },
  };
}
