/** Reads label images back for the tests: PNG pixels via pngjs, GIF header fields by offset. */
import { PNG } from 'pngjs';

export interface Gray {
  width: number;
  height: number;
  /** True where the pixel is dark. */
  dark(x: number, y: number): boolean;
}

export function readPng(bytes: Buffer): Gray {
  const png = PNG.sync.read(bytes);
  return {
    width: png.width,
    height: png.height,
    dark: (x, y) => (png.data[(y * png.width + x) * 4] ?? 255) < 128,
  };
}

/** Alternating run lengths of one pixel row, starting with the first dark run, and the margins. */
export function scanRow(image: Gray, y: number): { runs: number[]; left: number; right: number } {
  let first = -1;
  let last = -1;
  for (let x = 0; x < image.width; x++) {
    if (image.dark(x, y)) {
      if (first < 0) first = x;
      last = x;
    }
  }
  const runs: number[] = [];
  if (first < 0) return { runs, left: image.width, right: image.width };
  let current = true;
  let length = 0;
  for (let x = first; x <= last; x++) {
    if (image.dark(x, y) === current) {
      length++;
    } else {
      runs.push(length);
      current = !current;
      length = 1;
    }
  }
  runs.push(length);
  return { runs, left: first, right: image.width - 1 - last };
}

/** GIF signature and logical screen size (little-endian at bytes 6-9). */
export function gifHeader(bytes: Buffer): { signature: string; width: number; height: number } {
  return {
    signature: bytes.subarray(0, 6).toString('ascii'),
    width: bytes.readUInt16LE(6),
    height: bytes.readUInt16LE(8),
  };
}

/** The data of every ^FD…^FS field of a ZPL label. */
export function zplFields(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((m) => m[1] ?? '');
}
