/**
 * How big to draw a ZPL text, read from the text itself before it goes to the renderer:
 * ^PW (print width) and ^LL (label length) in dots, else a 4x6 in label at 203 dpi, the
 * shipping label of every carrier the sandbox imitates. zpl-renderer-js draws exactly the
 * size it is given (it does not apply ^PW/^LL itself) and wants millimetres.
 *
 * Also the checks that keep one call cheap: the renderer allocates width x height pixels per
 * label before drawing anything (16000 x 16000 took 18 s and 256 MB in a test), so sizes and
 * label counts are bounded here, with a sentence the person can act on.
 */
import { ZPL_RENDER_MAX_LABELS } from '@shared/contract/label-rendering';

/** 8 dots/mm: 203 dpi, what a ZPL text with no other hint is drawn at. */
export const DOTS_PER_MM = 8;
/** 4 x 6 in at 203 dpi, as the sandbox's own labels say with ^PW812 ^LL1218. */
export const DEFAULT_WIDTH_DOTS = 812;
export const DEFAULT_HEIGHT_DOTS = 1218;
/** 8 in wide and 12 in long at 300 dpi: past any label stock a pack station prints on. */
export const MAX_WIDTH_DOTS = 2400;
export const MAX_HEIGHT_DOTS = 3600;

export interface ZplLabelSize {
  widthDots: number;
  heightDots: number;
  widthMm: number;
  heightMm: number;
  dotsPerMm: number;
  /** How many ^XA (label starts) the text holds. */
  labels: number;
}

export type ZplSizeVerdict = { ok: true; size: ZplLabelSize } | { ok: false; reason: string };

/**
 * The largest value a command sets anywhere in the text (several labels in one file each
 * repeat it; the renderer takes one size for all, and none should be cut off).
 */
function largest(zpl: string, pattern: RegExp): number | undefined {
  let best: number | undefined;
  for (const match of zpl.matchAll(pattern)) {
    const value = Number.parseInt(match[1] ?? '', 10);
    if (Number.isFinite(value) && value > 0 && (best === undefined || value > best)) best = value;
  }
  return best;
}

export function zplLabelSize(zpl: string): ZplSizeVerdict {
  // ZPL commands are case-insensitive on the printer; the caret is the default prefix (^CC
  // can change it, which no carrier label does).
  const labels = zpl.match(/\^XA/gi)?.length ?? 0;
  if (labels === 0) {
    return { ok: false, reason: 'There is no label in this ZPL (no ^XA…^XZ).' };
  }
  if (labels > ZPL_RENDER_MAX_LABELS) {
    return {
      ok: false,
      reason: `This ZPL holds ${labels} labels; the preview draws at most ${ZPL_RENDER_MAX_LABELS}.`,
    };
  }
  const widthDots = largest(zpl, /\^PW(\d{1,6})/gi) ?? DEFAULT_WIDTH_DOTS;
  const heightDots = largest(zpl, /\^LL(\d{1,6})/gi) ?? DEFAULT_HEIGHT_DOTS;
  if (widthDots > MAX_WIDTH_DOTS || heightDots > MAX_HEIGHT_DOTS) {
    return {
      ok: false,
      reason: `This label is ${widthDots} x ${heightDots} dots; the preview draws labels up to ${MAX_WIDTH_DOTS} x ${MAX_HEIGHT_DOTS}.`,
    };
  }
  return {
    ok: true,
    size: {
      widthDots,
      heightDots,
      widthMm: widthDots / DOTS_PER_MM,
      heightMm: heightDots / DOTS_PER_MM,
      dotsPerMm: DOTS_PER_MM,
      labels,
    },
  };
}
