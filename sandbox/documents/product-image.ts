/**
 * Product pictures: what a product's `image` URL serves (issue 12: the pack screen shows one
 * per item). A real catalogue serves photos, so the placeholder is a raster image too: a
 * 128×128 RGB PNG, a silhouette of the product's kind (tee, shoe, mug, bottle, box, jar,
 * device) in the colour its SKU names (`TSH-NVY-M-0001` is a navy tee) on a pale tint of its
 * category. Not SVG: a photo never is, and an SVG would make the console handle a document
 * format that can carry script where it expects a picture.
 *
 * Deterministic (the same SKU gives the same bytes: no time or text chunks) and tiny (flat
 * colours compress to well under 1 KB).
 */
import { PNG } from 'pngjs';

export type ImageCategory =
  | 'apparel'
  | 'shoes'
  | 'home'
  | 'cosmetics'
  | 'food'
  | 'supplements'
  | 'electronics';

type Rgb = readonly [number, number, number];
type Shape = (x: number, y: number) => 'body' | 'detail' | null;

export const PRODUCT_IMAGE_SIZE = 128;

/** The colour segments of catalogue SKUs (see data/catalog.ts) as the colour they name. */
const VARIANT_COLOURS: Readonly<Record<string, Rgb>> = {
  BLK: [34, 34, 38],
  WHT: [246, 246, 242],
  BLU: [52, 110, 196],
  NVY: [30, 45, 90],
  GRY: [128, 132, 138],
  RED: [196, 48, 48],
  GRN: [104, 112, 60],
  BEI: [214, 196, 160],
  BRN: [110, 70, 40],
  SND: [222, 204, 170],
  SLT: [92, 104, 116],
  TER: [190, 100, 70],
  SAG: [156, 176, 140],
  RSE: [214, 120, 140],
  NUD: [206, 160, 136],
  BRY: [130, 40, 80],
};

type Rect = readonly [x0: number, y0: number, x1: number, y1: number];

/**
 * A product drawn as a body with a band across it (a label, a stripe, a screen) and, on some,
 * a cap on top: bottles, boxes, jars and devices differ only in where those are.
 */
function banded(parts: { cap?: Rect; body: Rect; band: Rect }): Shape {
  return (x, y) => {
    if (parts.cap && inRect(x, y, ...parts.cap)) return 'detail';
    if (!inRect(x, y, ...parts.body)) return null;
    return inRect(x, y, ...parts.band) ? 'detail' : 'body';
  };
}

const bottle = banded({ cap: [54, 18, 74, 40], body: [44, 40, 84, 110], band: [50, 62, 78, 88] });
const box = banded({ body: [26, 28, 102, 106], band: [26, 56, 102, 80] });
const jar = banded({ cap: [34, 26, 94, 42], body: [38, 42, 90, 108], band: [44, 60, 84, 88] });
const device = banded({ body: [34, 18, 94, 110], band: [40, 26, 88, 96] });

const CATEGORY: Readonly<Record<ImageCategory, { tint: Rgb; colour: Rgb; shape: Shape }>> = {
  apparel: { tint: [232, 238, 246], colour: [70, 110, 170], shape: tee },
  shoes: { tint: [240, 236, 228], colour: [150, 100, 60], shape: shoe },
  home: { tint: [242, 238, 230], colour: [200, 140, 90], shape: mug },
  cosmetics: { tint: [246, 234, 238], colour: [210, 150, 170], shape: bottle },
  food: { tint: [240, 244, 228], colour: [120, 150, 70], shape: box },
  supplements: { tint: [232, 244, 238], colour: [60, 150, 120], shape: jar },
  electronics: { tint: [234, 236, 240], colour: [60, 64, 72], shape: device },
};

/** The PNG for a product, from its SKU and category. */
export function productImagePng(sku: string, category: ImageCategory): Buffer {
  const look = CATEGORY[category];
  const colour = VARIANT_COLOURS[sku.split('-')[1] ?? ''] ?? look.colour;
  const detail = shade(colour);
  const size = PRODUCT_IMAGE_SIZE;
  const png = new PNG({ width: size, height: size, colorType: 2, inputHasAlpha: false });
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const part = look.shape(x, y);
      const rgb = part === 'body' ? colour : part === 'detail' ? detail : look.tint;
      data.set(rgb, (y * size + x) * 3);
    }
  }
  png.data = data;
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false });
}

/** A darker (or, on dark colours, lighter) tone for details: a cap, a sole, a screen. */
function shade([r, g, b]: Rgb): Rgb {
  const light = r + g + b > 300;
  const f = (c: number) => Math.round(light ? c * 0.6 : c + (255 - c) * 0.45);
  return [f(r), f(g), f(b)];
}

const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;
const inCircle = (x: number, y: number, cx: number, cy: number, r: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

function tee(x: number, y: number) {
  if (inCircle(x, y, 64, 30, 11)) return null;
  if (inRect(x, y, 40, 30, 88, 108) || inRect(x, y, 20, 30, 108, 58)) return 'body';
  return null;
}

function shoe(x: number, y: number) {
  if (inRect(x, y, 18, 86, 110, 98)) return 'detail';
  if (inRect(x, y, 18, 62, 110, 86) && (x < 70 || inCircle(x, y, 86, 88, 26))) return 'body';
  if (inRect(x, y, 24, 40, 62, 62)) return 'body';
  return null;
}

function mug(x: number, y: number) {
  if (inRect(x, y, 32, 36, 84, 104)) return 'body';
  if (inCircle(x, y, 86, 68, 18) && !inCircle(x, y, 86, 68, 10)) return 'body';
  return null;
}
