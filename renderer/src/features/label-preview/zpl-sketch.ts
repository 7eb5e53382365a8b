/**
 * A small, approximate reading of ZPL II for the preview: where text, boxes and barcodes sit on
 * the label. Not a printer emulator — only ^PW/^LL (size), ^FO (origin), ^A (font height),
 * ^FB (block width and centring), ^FH (hex escapes), ^GB (boxes and rules), ^BY/^BC (Code 128
 * position and height) and ^FD…^FS (field data). Anything else is skipped.
 *
 * The fallback only. The preview shows the exact label, drawn by zpl-renderer-js (zebrash, Go
 * compiled to WebAssembly) in a worker thread of the main process (electron/domains/labels/): it cannot
 * run here, because compiling WebAssembly needs 'wasm-unsafe-eval' in this page's
 * Content-Security-Policy (script-src 'self' only, in Electron and browser mode alike), which
 * stays off. When that render fails (code it cannot read, too large, too slow, the worker gone),
 * this sketch stands in, marked as approximate, with the reason beside it.
 */

export interface ZplText {
  kind: 'text';
  x: number;
  y: number;
  size: number;
  text: string;
  /** Centred in a block of this width (^FB …,C). */
  center?: number;
}
export interface ZplBox {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  thickness: number;
}
export interface ZplBarcode {
  kind: 'barcode';
  x: number;
  y: number;
  height: number;
  module: number;
  data: string;
  /** Whether the interpretation line is printed below. */
  line: boolean;
}
export type ZplItem = ZplText | ZplBox | ZplBarcode;

export interface ZplSketch {
  width: number;
  height: number;
  items: ZplItem[];
}

const num = (s: string | undefined, fallback: number) => {
  const n = Number.parseInt(s ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

function unhex(data: string, indicator: string | null): string {
  if (!indicator) return data;
  let out = '';
  const bytes: number[] = [];
  const flush = () => {
    if (bytes.length > 0) out += new TextDecoder().decode(new Uint8Array(bytes.splice(0)));
  };
  for (let i = 0; i < data.length; i++) {
    const hex = data.slice(i + 1, i + 3);
    if (data[i] === indicator && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      flush();
      out += data[i];
    }
  }
  flush();
  return out;
}

/** The first label (^XA…^XZ) of a ZPL document as positioned items. */
export function sketchZpl(zpl: string): ZplSketch {
  const sketch: ZplSketch = { width: 812, height: 1218, items: [] };
  let x = 0;
  let y = 0;
  let size = 30;
  let block: number | undefined;
  let hex: string | null = null;
  let moduleWidth = 2;
  let barcode: { height: number; line: boolean } | null = null;
  let box: Omit<ZplBox, 'kind' | 'x' | 'y'> | null = null;
  // Commands start with ^ (or ~); field data runs until ^FS whatever it holds.
  const parts = zpl.split(/(?=[\^~])/);
  for (const part of parts) {
    const cmd = part.slice(1, 3).toUpperCase();
    const args = part.slice(3).trim().split(',');
    if (cmd === 'XZ') break;
    if (cmd === 'PW') sketch.width = num(args[0], sketch.width);
    else if (cmd === 'LL') sketch.height = num(args[0], sketch.height);
    else if (cmd === 'FO') {
      x = num(args[0], 0);
      y = num(args[1], 0);
    } else if (cmd.startsWith('A') && /^A[0-9A-Z]/.test(cmd)) {
      // ^A0N,h,w: the orientation letter is glued to the font name.
      size = num(part.slice(3).split(',')[1], size);
    } else if (cmd === 'FB')
      block = args[3]?.trim().toUpperCase() === 'C' ? num(args[0], 0) : undefined;
    else if (cmd === 'FH') hex = part.slice(3, 4) || '_';
    else if (cmd === 'BY') moduleWidth = num(args[0], moduleWidth);
    else if (cmd === 'BC') {
      const a = part.slice(3).split(',');
      barcode = { height: num(a[1], 100), line: (a[2] ?? 'Y').trim().toUpperCase() !== 'N' };
    } else if (cmd === 'GB') {
      const w = num(args[0], 1);
      const h = num(args[1], 1);
      box = { width: w, height: h, thickness: num(args[2], 1) };
    } else if (cmd === 'FD') {
      const text = unhex(part.slice(3), hex);
      if (barcode) {
        sketch.items.push({
          kind: 'barcode',
          x,
          y,
          module: moduleWidth,
          data: text.replace(/></g, '>'),
          ...barcode,
        });
      } else {
        sketch.items.push({ kind: 'text', x, y, size, text, center: block });
      }
    } else if (cmd === 'FS') {
      if (box) sketch.items.push({ kind: 'box', x, y, ...box });
      box = null;
      barcode = null;
      block = undefined;
      hex = null;
    }
  }
  return sketch;
}
