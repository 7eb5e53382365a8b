/**
 * What the main process answers when it renders a ZPL label (bridge method `labelRenderZpl`),
 * and the bounds both sides agree on. The renderer cannot run the renderer itself: it is
 * WebAssembly, which the console's CSP (script-src 'self', no 'wasm-unsafe-eval') refuses.
 */

/**
 * The longest ZPL text the renderer accepts, in characters. Carrier labels are a few kB, or a
 * few hundred with ^GF graphics; this also keeps a call well under the browser host's 1 MiB body.
 */
export const ZPL_RENDER_MAX_CHARS = 500_000;

/** The most labels (^XA…^XZ) one call renders: each is a page of ~20 kB of PNG. */
export const ZPL_RENDER_MAX_LABELS = 20;

/** One label (^XA…^XZ) as a PNG, one pixel per printer dot. */
export interface ZplPage {
  pngBase64: string;
  widthDots: number;
  heightDots: number;
}

export interface ZplRendering {
  /** One page per label, in the order of the text. */
  pages: ZplPage[];
  /** The resolution the dots were rendered at (8 dots/mm = 203 dpi, the common thermal printer). */
  dotsPerMm: number;
}
