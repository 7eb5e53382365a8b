/**
 * Draws the app icon (a parcel on a rounded blue square) as PNGs: build/icon.png (1024 px,
 * from which electron-builder makes the .ico and .icns) and build/icons/<n>x<n>.png for the
 * Linux desktop. Run with `npx tsx build/generate-icons.ts`; the output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const BLUE = [37, 99, 235];
const BOX = [251, 191, 36];
const TAPE = [180, 120, 20];

function draw(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  const r = size * 0.18;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      // Rounded square: outside the corner circles is transparent.
      const cx = Math.min(Math.max(x, r), size - r);
      const cy = Math.min(Math.max(y, r), size - r);
      const inside = (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
      let color = inside ? BLUE : null;
      const u = x / size;
      const v = y / size;
      if (inside && u > 0.22 && u < 0.78 && v > 0.28 && v < 0.76) color = BOX;
      if (inside && u > 0.46 && u < 0.54 && v > 0.28 && v < 0.76) color = TAPE;
      png.data[i] = color?.[0] ?? 0;
      png.data[i + 1] = color?.[1] ?? 0;
      png.data[i + 2] = color?.[2] ?? 0;
      png.data[i + 3] = color ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

const dir = import.meta.dirname;
writeFileSync(join(dir, 'icon.png'), draw(1024));
mkdirSync(join(dir, 'icons'), { recursive: true });
for (const n of [16, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(join(dir, 'icons', `${n}x${n}.png`), draw(n));
}
console.log('Icons written to build/.');
