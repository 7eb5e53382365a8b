/**
 * Code 128 bar patterns from bwip-js, for every label format to draw itself. bwip-js picks the
 * code sets (C for digit runs) and the check character; its `raw` encoder returns the bar and
 * space widths in modules, which the PDF draws as vector rectangles and the raster draws as
 * whole-pixel bars, so bars are never resampled (resampled bars are what makes labels
 * unscannable).
 */
import bwipjs from 'bwip-js/node';
import { toAscii } from './text-sanitize';

/** Code 128 needs a quiet zone of at least 10 modules on both sides. */
export const QUIET_ZONE_MODULES = 10;

export interface Code128 {
  /** What is encoded: printable ASCII. */
  data: string;
  /** Alternating bar and space widths in modules, starting with a bar. */
  widths: number[];
  /** The symbol's width in modules, without quiet zones. */
  modules: number;
}

// Labels for the same tracking number are printed again and again (reprints, the media URL,
// batch PDFs); a small cache keeps the encoder off the hot path.
const cache = new Map<string, Code128 | null>();
const CACHE_LIMIT = 2_000;

/**
 * The Code 128 symbol for `text`, or null when there is nothing printable to encode. Non-ASCII
 * characters are transliterated first: scanners in the warehouse are set up for ASCII.
 */
export function code128(text: string): Code128 | null {
  const data = toAscii(text).trim();
  if (data === '') return null;
  const cached = cache.get(data);
  if (cached !== undefined) return cached;
  let symbol: Code128 | null = null;
  try {
    const raw = bwipjs.raw('code128', data, {})[0];
    const widths = raw && 'sbs' in raw ? raw.sbs : undefined;
    if (widths && widths.length > 0) {
      symbol = { data, widths, modules: widths.reduce((sum, w) => sum + w, 0) };
    }
  } catch {
    // bwip-js refuses input it cannot encode; the label then shows the number as text only.
    symbol = null;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(data, symbol);
  return symbol;
}

/** Bars of a symbol as [start, width] pairs in modules, for drawing. */
export function barsOf(symbol: Code128): Array<[number, number]> {
  const bars: Array<[number, number]> = [];
  let x = 0;
  for (let i = 0; i < symbol.widths.length; i++) {
    const w = symbol.widths[i] ?? 0;
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  }
  return bars;
}
