/**
 * Renders ZPL to PNG pages with zpl-renderer-js, in one worker thread (zpl-render-worker.mjs)
 * that is started on the first request and kept while labels are being looked at: loading the
 * WebAssembly costs ~0.5 s, a render ~0.1-0.3 s of CPU, far too long for the main process's
 * event loop, which also answers IPC and drives the print queue. The worker holds ~150 MB, so
 * after some minutes without a request it is stopped (a console runs all shift); the next
 * preview starts it again.
 *
 * Requests go one at a time. Each is watched by a hang guard (render-guard.ts) that judges the
 * worker by its own CPU and idle time, not by the clock, so a loaded machine never fails a
 * healthy render: a render that hangs has its worker terminated (a WebAssembly loop cannot be
 * interrupted otherwise) and the next request starts a fresh one.
 * Whatever happens in the worker (an error, a crash, an exit) answers the request it was
 * working on with a BridgeFailure and never reaches the process.
 */
import { Worker } from 'node:worker_threads';
import {
  ZPL_RENDER_MAX_CHARS,
  type ZplPage,
  type ZplRendering,
} from '@shared/contract/label-rendering';
import { childEnv } from '../../kernel/child-env';
import { BridgeFailure } from '../../kernel/failure';
import { pngSize } from './png-size';
import { DEFAULT_GUARD, type GuardLimits, guardRender, type Hang } from './render-guard';
import { zplLabelSize } from './zpl-label-size';

export interface ZplRenderOptions {
  /** The hang guard's limits per request, loading included (render-guard.ts's defaults). */
  guard?: Partial<GuardLimits>;
  /** The longest text accepted, in characters (default: the contract's bound). */
  maxChars?: number;
  /** How long an idle worker is kept (default 5 min); the next request starts a new one. */
  idleMs?: number;
  /** The worker's script (tests point elsewhere); default: zpl-render-worker.mjs beside this. */
  workerUrl?: URL;
  log?: (line: string) => void;
}

export interface RenderCall {
  signal?: AbortSignal;
  /** Overrides the service's guard limits for this request (tests). */
  guard?: Partial<GuardLimits>;
}

/** What the worker answers; see zpl-render-worker.mjs. */
type WorkerReply =
  | { id: number; ok: true; pages: string[] }
  | { id: number; ok: false; message: string };

interface Pending {
  id: number;
  /** The worker drawing it: only its own exit or error may answer this request. */
  worker: Worker;
  resolve(pages: string[]): void;
  reject(error: BridgeFailure): void;
}

export const DEFAULT_IDLE_MS = 5 * 60_000;

// Resolved against this module: electron/domains/labels/ under tsx and vitest, dist/main/ in the
// bundle, where scripts/build-electron.ts puts the worker next to main.mjs.
const WORKER_URL = outsideAsar(new URL('./zpl-render-worker.mjs', import.meta.url));

/**
 * In the packaged app main.mjs sits inside app.asar, and so would the worker's URL; the worker
 * and zpl-renderer-js are unpacked beside the archive (electron-builder.ts) and started from
 * there, where plain Node file loading needs no help from Electron.
 */
export function outsideAsar(url: URL): URL {
  if (url.protocol !== 'file:') return url;
  const out = new URL(url.href);
  out.pathname = url.pathname.replace(/\/app\.asar\//, '/app.asar.unpacked/');
  return out;
}

const failure = (message: string) => new BridgeFailure('render_failed', message);

export class ZplRenderService {
  private readonly guard: GuardLimits;
  private readonly idleMs: number;
  private idleTimer?: ReturnType<typeof setTimeout>;
  private readonly maxChars: number;
  private readonly workerUrl: URL;
  private readonly log: (line: string) => void;
  private worker?: Worker;
  private pending?: Pending;
  private nextId = 1;
  /** The queue: each request starts when the one before it has settled. */
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(options: ZplRenderOptions = {}) {
    this.guard = { ...DEFAULT_GUARD, ...options.guard };
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.maxChars = options.maxChars ?? ZPL_RENDER_MAX_CHARS;
    this.workerUrl = options.workerUrl ?? WORKER_URL;
    this.log = options.log ?? (() => {});
  }

  /** Every label in `zpl` as a PNG page; throws a BridgeFailure with a sentence on failure. */
  render(zpl: string, call: RenderCall = {}): Promise<ZplRendering> {
    // The cheap checks first, so a text that cannot be drawn never waits in the queue.
    if (zpl.length > this.maxChars) {
      const message = `This ZPL is ${zpl.length.toLocaleString('en')} characters; the preview draws up to ${this.maxChars.toLocaleString('en')}.`;
      return Promise.reject(new BridgeFailure('invalid_arguments', message));
    }
    const verdict = zplLabelSize(zpl);
    if (!verdict.ok) return Promise.reject(failure(verdict.reason));
    const { size } = verdict;
    const run = this.tail.then(async (): Promise<ZplRendering> => {
      if (this.closed) throw failure('The label renderer has been shut down.');
      if (call.signal?.aborted) throw new BridgeFailure('cancelled', 'The preview was cancelled.');
      const pngs = await this.send(
        { zpl, widthMm: size.widthMm, heightMm: size.heightMm, dotsPerMm: size.dotsPerMm },
        { ...this.guard, ...call.guard },
      );
      return { pages: pngs.map(toPage), dotsPerMm: size.dotsPerMm };
    });
    this.tail = run.catch(() => {});
    return run;
  }

  /** The running worker's thread id, if one is running (logs, tests). */
  get workerThreadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** Stops the worker (quitting, tests). Later requests are refused. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      this.fail(worker, failure('The label renderer was shut down before the label was drawn.'));
      await worker.terminate();
    }
  }

  private send(
    request: { zpl: string; widthMm: number; heightMm: number; dotsPerMm: number },
    limits: GuardLimits,
  ): Promise<string[]> {
    clearTimeout(this.idleTimer);
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<string[]>((resolve, reject) => {
      const unguard = guardRender(worker, limits, (hang) => {
        this.log(
          `labels: a ZPL render hung (${hang.kind}, ${hang.limitMs} ms); restarting the renderer`,
        );
        this.fail(worker, failure(hangSentence(hang)));
        this.stop(worker);
      });
      const settle = () => {
        unguard();
        // Idle, the worker must not keep browser mode or a test run alive.
        worker.unref();
        this.stopWhenIdle(worker);
      };
      worker.ref();
      this.pending = {
        id,
        worker,
        resolve: (pages) => {
          settle();
          resolve(pages);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      worker.postMessage({ id, ...request });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // Its process.env is the minimal child environment, not a copy of the console's.
    const worker = new Worker(this.workerUrl, { env: childEnv() });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending;
      if (pending?.worker !== worker || reply?.id !== pending.id) return;
      this.pending = undefined;
      if (reply.ok) pending.resolve(reply.pages);
      else pending.reject(failure(`The ZPL could not be drawn: ${reply.message}.`));
    });
    // Without an 'error' listener a throw in the worker would be rethrown here and end the
    // main process. The worker exits after it; 'exit' below forgets it.
    worker.on('error', (error) => {
      this.log(`labels: the ZPL renderer failed: ${String(error)}`);
      this.forget(worker);
      this.fail(worker, failure(`The label renderer stopped: ${String(error).slice(0, 200)}.`));
    });
    worker.on('messageerror', () => {
      this.fail(worker, failure('The label renderer answered something that could not be read.'));
    });
    worker.on('exit', (code) => {
      this.forget(worker);
      this.fail(
        worker,
        failure(`The label renderer stopped (exit code ${code}) before the label was drawn.`),
      );
    });
    this.worker = worker;
    return worker;
  }

  /** Stops `worker` once nothing has asked for a label for idleMs (a new request cancels it). */
  private stopWhenIdle(worker: Worker): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && !this.pending) this.stop(worker);
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Answers the request `worker` is drawing, if any, with `error`. */
  private fail(worker: Worker, error: BridgeFailure): void {
    const pending = this.pending;
    if (pending?.worker !== worker) return;
    this.pending = undefined;
    pending.reject(error);
  }

  /** The next request starts a fresh worker. */
  private forget(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }

  private stop(worker: Worker): void {
    this.forget(worker);
    worker.terminate().catch(() => {});
  }
}

function toPage(pngBase64: string): ZplPage {
  const size = pngSize(pngBase64);
  if (!size) throw failure('The label renderer answered something that is not a PNG image.');
  return { pngBase64, widthDots: size.width, heightDots: size.height };
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

function hangSentence(hang: Hang): string {
  const limit = formatSeconds(hang.limitMs);
  return hang.kind === 'cpu'
    ? `The label was still not drawn after ${limit} of the renderer's work; the renderer was restarted.`
    : `The label renderer stopped working on the label (${limit} without progress); it was restarted.`;
}
