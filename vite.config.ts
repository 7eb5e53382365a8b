/**
 * The renderer build: renderer/ → dist/renderer, served by the browser host and (later)
 * loaded by Electron from app://. Relative asset URLs (`base: './'`) work under both. No
 * inline scripts or styles are emitted, so the strict CSP (script-src 'self') holds: Tailwind
 * compiles to one stylesheet file at build time, never a runtime <style> tag.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // `@shared/...` is shared/ (tsconfig.base.json's paths).
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      // Radix's scroll lock inserts <style> elements, which the CSP refuses: the stand-in
      // gives the same rules as a constructed stylesheet (see the file).
      'react-style-singleton': fileURLToPath(
        new URL('./renderer/src/lib/style-singleton.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Every browser the console targets supports modulepreload; the polyfill is not needed.
    modulePreload: { polyfill: false },
    // Small assets as files, not data: URLs inlined into CSS or JS.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
});
