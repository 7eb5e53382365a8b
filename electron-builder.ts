/**
 * electron-builder: Linux AppImage and deb, Windows NSIS, macOS dmg. `npm run package` builds
 * everything first (`npm run build`), then packs dist/ with the production dependencies into
 * resources/app.asar. The fuses are flipped by build/after-pack.ts.
 *
 * What goes into the archive: the three bundles (no source maps: the renderer's maps stay in
 * dist/ for developers), package.json, and the production `dependencies` with theirs. Those are
 * exactly the packages the main process, its worker and its on-demand sandbox chunk import
 * (scripts/packaging.test.ts checks both ways); the renderer's libraries are devDependencies,
 * bundled into dist/renderer by Vite, so nothing needs leaving out by name.
 */
import type { Configuration } from 'electron-builder';
import afterPack from './build/after-pack';

/** The update feed (generic provider); a site mirroring releases elsewhere overrides the URL. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own ${…} macros, not JavaScript.
export const UPDATE_FEED = 'https://updates.packbench.example/${os}/${arch}';

const config: Configuration = {
  appId: 'com.packbench.console',
  productName: 'Packbench',
  copyright: 'Copyright © Packbench',
  directories: { output: 'release', buildResources: 'build' },
  files: [
    'package.json',
    'dist/main/**',
    'dist/preload/**',
    'dist/renderer/**',
    '!**/*.map',
    // Folders other runs write to while packaging walks the project (test results, caches).
    '!{.tsbuild,release,test-results,playwright-report,bench}{,/**}',
    '!**/*.{test,spec}.{ts,tsx,js,mjs}',
    // zpl-renderer-js ships the same 9 MB (WebAssembly inlined) three times; the ZPL worker
    // (dist/main/zpl-render-worker.mjs) imports it as ESM, so only index.esm.js is needed.
    '!node_modules/zpl-renderer-js/dist/index.{cjs,umd}.js',
  ],
  asar: true,
  // Native modules (the keychain binding) cannot be loaded from inside the archive, and
  // Windows cannot run pdf-to-printer's bundled SumatraPDF from it: the package looks for the
  // exe under app.asar.unpacked itself.
  asarUnpack: [
    '**/*.node',
    'node_modules/@napi-rs/keyring*/**',
    'node_modules/pdf-to-printer/dist/*.exe',
    // The ZPL worker thread is started from the unpacked copy (zpl-render-service.ts): Node's
    // ESM loader in a worker thread is not one Electron teaches to read the archive, and a
    // worker that cannot load would leave every ZPL preview on the fallback sketch.
    'dist/main/zpl-render-worker.mjs',
    'node_modules/zpl-renderer-js/**',
  ],
  npmRebuild: false,
  publish: [{ provider: 'generic', url: UPDATE_FEED }],
  afterPack,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    icon: 'build/icons',
    maintainer: 'Packbench <support@packbench.example>',
    synopsis: 'Operations console for warehouse staff',
    description: 'Find orders, print shipping labels and packing slips, check stock and returns.',
    desktop: {
      entry: {
        Name: 'Packbench',
        Comment: 'Operations console for warehouse staff',
        Categories: 'Office;',
        Keywords: 'warehouse;shipping;labels;orders;',
        StartupWMClass: 'Packbench',
      },
    },
  },
  deb: {
    // Printing goes through CUPS; the keychain through the Secret Service.
    depends: ['libnss3', 'libsecret-1-0', 'cups-client'],
  },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own ${…} macros, not JavaScript.
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own ${…} macros, not JavaScript.
    artifactName: '${productName}-Setup-${version}.${ext}',
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.business',
    icon: 'build/icon.png',
    hardenedRuntime: true,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
  },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own ${…} macros, not JavaScript.
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
};

export default config;
