/**
 * The ZPL renderer for real: zpl-renderer-js in its worker thread draws the sandbox's own
 * shipping label, and the barcode on the PNG reads back (ZXing's Code 128 reader) as the
 * tracking number. Then what goes wrong: unreadable ZPL, too much of it, a render that hangs
 * (a loop that has had its CPU, a wait on nothing: the worker is replaced; the hang guard judges
 * the worker, never the clock), and workers that throw or exit (the test process lives on).
 */

import { ZPL_RENDER_MAX_CHARS } from '@shared/contract/label-rendering';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { shipmentLabelZpl } from '../../../sandbox/documents/shipment-label';
import { sampleShipment } from '../../../sandbox/documents/test-fixtures';
import { isBridgeFailure } from '../../kernel/failure';
import { fakeTimersEachTest } from '../../kernel/test-support/fake-timers';
import { outsideAsar, ZplRenderService } from './zpl-render-service';

const service = new ZplRenderService();
afterAll(() => service.close());

const shipment = sampleShipment();
const label = shipmentLabelZpl(shipment);

/** The Code 128 symbol on a grayscale PNG, as text. */
function readCode128(pngBase64: string): string {
  const png = PNG.sync.read(Buffer.from(pngBase64, 'base64'));
  const luminance = new Uint8ClampedArray(png.width * png.height);
  // pngjs hands out RGBA; the label is grayscale, so red is the luminance.
  for (let i = 0; i < luminance.length; i++) luminance[i] = png.data[i * 4]!;
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)),
  );
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return reader.decode(bitmap, hints).getText();
}

/** The BridgeFailure a promise rejects with, as `{ code, message }`. */
async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isBridgeFailure(error)) return { code: error.error.code, message: error.error.message };
    throw error;
  }
  throw new Error('expected the render to fail');
}

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${what}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

describe('ZplRenderService (zpl-renderer-js in a worker thread)', () => {
  it("draws the sandbox's 4x6 label at 203 dpi, with a barcode that scans as the tracking number", async () => {
    expect(label).toContain('^PW812');
    const rendering = await timed('first render (worker start, WebAssembly load, render)', () =>
      service.render(label),
    );
    expect(rendering.dotsPerMm).toBe(8);
    expect(rendering.pages).toHaveLength(1);
    const [page] = rendering.pages;
    expect(page).toMatchObject({ widthDots: 812, heightDots: 1218 });
    const png = PNG.sync.read(Buffer.from(page!.pngBase64, 'base64'));
    expect([png.width, png.height]).toEqual([812, 1218]);
    expect(shipment.tracking_number).toBeTruthy();
    expect(readCode128(page!.pngBase64)).toBe(shipment.tracking_number);
  });

  it('draws every label of a text as its own page, one request after another', async () => {
    const other = shipmentLabelZpl(sampleShipment({ tracking_number: 'CB987654321NL' }));
    const [two, again, single] = await Promise.all([
      service.render(`${label}\n${other}`),
      service.render(label),
      service.render(other),
    ]);
    expect(two.pages.map(readCode128Of)).toEqual([shipment.tracking_number, 'CB987654321NL']);
    expect(again.pages.map(readCode128Of)).toEqual([shipment.tracking_number]);
    expect(single.pages.map(readCode128Of)).toEqual(['CB987654321NL']);
    await timed('a later render (worker warm)', () => service.render(label));
  });

  it('takes the size from ^PW and ^LL, else 4x6 in at 203 dpi', async () => {
    const small = await service.render('^XA^PW400^LL300^FO20,20^A0N,40,40^FDSmall^FS^XZ');
    expect(small.pages[0]).toMatchObject({ widthDots: 400, heightDots: 300 });
    const plain = await service.render('^XA^FO20,20^A0N,40,40^FDPlain^FS^XZ');
    expect(plain.pages[0]).toMatchObject({ widthDots: 812, heightDots: 1218 });
  });

  it('answers ZPL it cannot draw with a sentence saying why', async () => {
    expect(await failureOf(service.render('^XA^FO50,50^GFA,10,10,1,ZZZZ^FS^XZ'))).toEqual({
      code: 'render_failed',
      message: expect.stringMatching(/^The ZPL could not be drawn: .*\^GFA.*hex/),
    });
    expect(await failureOf(service.render('hello, printer'))).toEqual({
      code: 'render_failed',
      message: 'There is no label in this ZPL (no ^XA…^XZ).',
    });
    expect(await failureOf(service.render('^XA^PW5000^LL1218^FDx^FS^XZ'))).toMatchObject({
      code: 'render_failed',
      message: expect.stringContaining('5000 x 1218 dots'),
    });
    expect(await failureOf(service.render('^XA^XZ'.repeat(21)))).toMatchObject({
      code: 'render_failed',
      message: expect.stringContaining('21 labels'),
    });
    // The renderer is still there after all that.
    expect((await service.render(label)).pages).toHaveLength(1);
  });

  it('refuses a text over the size limit before it reaches the worker', async () => {
    const big = `^XA^FO10,10^FD${'x'.repeat(ZPL_RENDER_MAX_CHARS)}^FS^XZ`;
    expect(await failureOf(service.render(big))).toEqual({
      code: 'invalid_arguments',
      message: expect.stringMatching(
        /^This ZPL is 500,02\d characters; the preview draws up to 500,000\.$/,
      ),
    });
  });
});

describe('the hang guard (judged by the worker, not the clock)', () => {
  // The real worker, with a hang put in front of it: a label whose text holds HANG_LOOP spins
  // its thread forever, one holding HANG_WAIT is never answered (the worker sits idle).
  const realWorker = new URL('./zpl-render-worker.mjs', import.meta.url).href;
  const hanging = new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort } from 'node:worker_threads';
      // The real worker's message handler is kept here, called only for labels without a hang.
      let draw;
      const on = parentPort.on.bind(parentPort);
      parentPort.on = (event, handler) => (event === 'message' ? (draw = handler) : on(event, handler));
      await import(${JSON.stringify(realWorker)});
      on('message', (request) => {
        if (request.zpl.includes('HANG_LOOP')) for (;;) {}
        if (request.zpl.includes('HANG_WAIT')) return;
        draw(request);
      });
    `)}`,
  );
  const loop = '^XA^FO20,20^A0N,40,40^FDHANG_LOOP^FS^XZ';
  const wait = '^XA^FO20,20^A0N,40,40^FDHANG_WAIT^FS^XZ';
  const guarded = new ZplRenderService({ workerUrl: hanging, guard: { checkEveryMs: 10 } });
  afterAll(() => guarded.close());

  it('stops a render that loops once it has had its CPU, and the next label gets a fresh worker', async () => {
    expect(readCode128((await guarded.render(label)).pages[0]!.pngBase64)).toBe(
      shipment.tracking_number,
    );
    const before = guarded.workerThreadId;
    expect(before).toBeDefined();
    expect(await failureOf(guarded.render(loop, { guard: { cpuMs: 200 } }))).toEqual({
      code: 'render_failed',
      message:
        "The label was still not drawn after 200 ms of the renderer's work; the renderer was restarted.",
    });
    expect(guarded.workerThreadId).toBeUndefined();
    const after = await timed('render after a hang (new worker)', () => guarded.render(label));
    expect(readCode128(after.pages[0]!.pngBase64)).toBe(shipment.tracking_number);
    expect(guarded.workerThreadId).toBeDefined();
    expect(guarded.workerThreadId).not.toBe(before);
  });

  it('stops a render the worker has stopped working on', async () => {
    expect(await failureOf(guarded.render(wait, { guard: { stallMs: 200 } }))).toEqual({
      code: 'render_failed',
      message:
        'The label renderer stopped working on the label (200 ms without progress); it was restarted.',
    });
    expect(guarded.workerThreadId).toBeUndefined();
  });
});

describe('an idle worker', () => {
  // The idle timer runs on fake timers (the service reads the global timers when it sets it):
  // the test moves the clock to either side of the idle time, so a busy machine can neither
  // stop a worker early nor keep one late. The labels themselves are drawn for real.
  fakeTimersEachTest();

  it('is stopped after the idle time, and the next label starts a new one', async () => {
    const idle = new ZplRenderService({ idleMs: 150 });
    try {
      await idle.render(label);
      const first = idle.workerThreadId;
      expect(first).toBeDefined();
      await vi.advanceTimersByTimeAsync(149);
      expect(idle.workerThreadId).toBe(first);
      await vi.advanceTimersByTimeAsync(1);
      expect(idle.workerThreadId).toBeUndefined();
      const again = await idle.render(label);
      expect(readCode128(again.pages[0]!.pngBase64)).toBe(shipment.tracking_number);
      expect(idle.workerThreadId).toBeDefined();
      expect(idle.workerThreadId).not.toBe(first);
    } finally {
      await idle.close();
    }
  });

  it('is kept while labels keep coming within the idle time', async () => {
    const busy = new ZplRenderService({ idleMs: 2_000 });
    try {
      await busy.render(label);
      const first = busy.workerThreadId;
      await vi.advanceTimersByTimeAsync(1_999);
      await busy.render(label);
      // The new label started the idle time again: a whole idle time after the first.
      await vi.advanceTimersByTimeAsync(1_999);
      expect(busy.workerThreadId).toBe(first);
    } finally {
      await busy.close();
    }
  });
});

function readCode128Of(page: { pngBase64: string }): string {
  return readCode128(page.pngBase64);
}

describe('a worker that fails', () => {
  const workerOf = (source: string) =>
    new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  /** A service on a worker made of `source`, used by `use` and closed after, whatever happens. */
  async function withWorker(source: string, use: (service: ZplRenderService) => Promise<void>) {
    const service = new ZplRenderService({ workerUrl: workerOf(source) });
    try {
      await use(service);
    } finally {
      await service.close();
    }
  }

  it('answers with an error when the worker throws, and starts again on the next request', async () => {
    await withWorker(
      "import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => { throw new Error('boom'); });",
      async (broken) => {
        for (let i = 0; i < 2; i++) {
          expect(await failureOf(broken.render(label))).toEqual({
            code: 'render_failed',
            message: 'The label renderer stopped: Error: boom.',
          });
        }
      },
    );
  });

  it('answers with an error when the worker exits mid-render', async () => {
    await withWorker(
      "import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));",
      async (exiting) => {
        expect(await failureOf(exiting.render(label))).toEqual({
          code: 'render_failed',
          message: 'The label renderer stopped (exit code 3) before the label was drawn.',
        });
      },
    );
  });

  it('refuses requests once closed', async () => {
    const closed = new ZplRenderService();
    await closed.close();
    expect(await failureOf(closed.render(label))).toEqual({
      code: 'render_failed',
      message: 'The label renderer has been shut down.',
    });
  });
});

describe('outsideAsar', () => {
  it('points a worker inside the app archive at its unpacked copy, and leaves others alone', () => {
    const packed = new URL(
      'file:///opt/Packbench/resources/app.asar/dist/main/zpl-render-worker.mjs',
    );
    expect(outsideAsar(packed).href).toBe(
      'file:///opt/Packbench/resources/app.asar.unpacked/dist/main/zpl-render-worker.mjs',
    );
    const windows = new URL(
      'file:///C:/Program%20Files/Packbench/resources/app.asar/dist/main/w.mjs',
    );
    expect(outsideAsar(windows).href).toBe(
      'file:///C:/Program%20Files/Packbench/resources/app.asar.unpacked/dist/main/w.mjs',
    );
    const dev = new URL('file:///work/main/electron/domains/labels/zpl-render-worker.mjs');
    expect(outsideAsar(dev).href).toBe(dev.href);
  });
});
