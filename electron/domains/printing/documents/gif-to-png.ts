/**
 * pdf-lib embeds only PNG and JPEG, so GIF labels (some carriers still send them) are decoded
 * with omggif and re-encoded losslessly as PNG. Only the first frame matters for a label.
 */
import omggif from 'omggif';
import { PNG } from 'pngjs';
import { unprintable } from './unprintable.js';

export function gifToPng(bytes: Uint8Array): Uint8Array {
  let reader: omggif.GifReader;
  try {
    reader = new omggif.GifReader(bytes);
  } catch (error) {
    throw unprintable(`The GIF label could not be read (${(error as Error).message})`);
  }
  if (reader.numFrames() < 1) throw unprintable('The GIF label has no image in it');
  const { width, height } = reader;
  const rgba = new Uint8Array(width * height * 4);
  try {
    reader.decodeAndBlitFrameRGBA(0, rgba);
  } catch (error) {
    throw unprintable(`The GIF label is damaged (${(error as Error).message})`);
  }
  const png = new PNG({ width, height });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  // Transparent GIF pixels decode as alpha 0; a thermal label's background is white paper,
  // so leaving them transparent is what we want (pdf-lib keeps the alpha as a soft mask).
  return new Uint8Array(PNG.sync.write(png));
}
