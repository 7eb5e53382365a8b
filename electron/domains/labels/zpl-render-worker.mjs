/**
 * The ZPL renderer's thread (Node `worker_threads`), started by zpl-render-service.ts.
 *
 * zpl-renderer-js is zebrash (Go) compiled to WebAssembly: loading it takes ~0.5 s, a first
 * render over a second and later ones ~0.3 s of solid CPU, and on import it puts Go's
 * stand-ins (`globalThis.fs`, `globalThis.path`) on the global object. Here none of that
 * touches the main process's event loop or globals.
 *
 * Plain JavaScript on purpose: the same file runs under tsx (browser mode, tests) and, built
 * beside dist/main/main.mjs by scripts/build-electron.ts, in the packaged app.
 *
 * Protocol, one request at a time (the service serializes them):
 *   in:  { id, zpl, widthMm, heightMm, dotsPerMm }
 *   out: { id, ok: true, pages: string[] } | { id, ok: false, message }
 */
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('zpl-render-worker.mjs runs only as a worker thread.');
const port = parentPort;

// Loaded once, at start: the first request waits for it, the next ones find it ready.
const api = import('zpl-renderer-js').then((module) => module.ready).then(({ api }) => api);
// A failed load is answered per request below; this only keeps it from being "unhandled".
api.catch(() => {});

/** The library throws Error("Error rendering: …"); Go panics arrive as "Unexpected error: …". */
function describe(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^(Error: )?(Error rendering: )?/, '').slice(0, 300);
}

port.on('message', async (request) => {
  const { id, zpl, widthMm, heightMm, dotsPerMm } = request;
  try {
    const renderer = await api;
    const pages = await renderer.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dotsPerMm);
    if (!Array.isArray(pages) || pages.some((page) => typeof page !== 'string')) {
      throw new Error('the renderer answered something other than images');
    }
    port.postMessage({ id, ok: true, pages });
  } catch (error) {
    port.postMessage({ id, ok: false, message: describe(error) });
  }
});
