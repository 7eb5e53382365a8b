/** Fitting one line of text into a box, for every output format with its own font metrics. */

/**
 * `text` at `size`, shrunk to `minScale` of it at most and then cut with an ellipsis, so that
 * it fits `maxWidth` under the format's own measure.
 */
export function fitText(
  text: string,
  size: number,
  maxWidth: number,
  measure: (text: string, size: number) => number,
  ellipsis: string,
  minScale = 0.75,
): { text: string; size: number } {
  if (measure(text, size) <= maxWidth) return { text, size };
  const smaller = Math.max(
    size * minScale,
    Math.min(size, (size * maxWidth) / measure(text, size)),
  );
  if (measure(text, smaller) <= maxWidth) return { text, size: smaller };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(text.slice(0, mid).trimEnd() + ellipsis, smaller) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return { text: text.slice(0, lo).trimEnd() + ellipsis, size: smaller };
}
