/**
 * A label bitmap as PNG or GIF. Both carry the same black-and-white pixels: the GIF is not a
 * re-quantised copy of the PNG but the same 1-bit image with a two-colour palette (what
 * quantising the PNG to two colours would give, without the decode).
 */

import { crc32 } from 'node:zlib';
import * as gifenc from 'gifenc';
import { PNG } from 'pngjs';
import type { Bitmap } from './label-raster';

/** 8-bit greyscale PNG (0 = black, 255 = white) with the label's 203 dpi in its pHYs chunk. */
export function bitmapToPng(bitmap: Bitmap): Buffer {
  const gray = Buffer.alloc(bitmap.width * bitmap.height, 255);
  for (let i = 0; i < bitmap.ink.length; i++) if (bitmap.ink[i]) gray[i] = 0;
  const png = new PNG({
    width: bitmap.width,
    height: bitmap.height,
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8,
  });
  png.data = gray;
  return withPhys(PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false }));
}

/** GIF89a with a white/black palette, one frame. */
export function bitmapToGif(bitmap: Bitmap): Buffer {
  const { GIFEncoder } = gifencApi();
  const gif = GIFEncoder();
  gif.writeFrame(bitmap.ink, bitmap.width, bitmap.height, {
    palette: [
      [255, 255, 255],
      [0, 0, 0],
    ],
  });
  gif.finish();
  return Buffer.from(gif.bytes());
}

/**
 * gifenc ships CommonJS for Node (named exports under `default`) and ESM for bundlers (named
 * exports at the top); vitest and plain Node may load either.
 */
function gifencApi(): typeof import('gifenc') {
  const mod = gifenc as typeof import('gifenc') & { default?: typeof import('gifenc') };
  return typeof mod.GIFEncoder === 'function' ? mod : (mod.default ?? mod);
}

/** Inserts a pHYs chunk (8000 px per metre = 203.2 dpi) after IHDR, so viewers print 4x6 in. */
function withPhys(png: Buffer): Buffer {
  const data = Buffer.alloc(9);
  data.writeUInt32BE(8000, 0);
  data.writeUInt32BE(8000, 4);
  data[8] = 1; // unit: metre
  const type = Buffer.from('pHYs', 'ascii');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  const ihdrEnd = 8 + 12 + 13; // signature + IHDR (length, type, 13 bytes of data, crc)
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}
