/**
 * A PNG's width and height from its header, read off the base64 text without decoding the
 * rest: the preview reports the size the renderer actually drew, not the size it was asked for.
 */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngSize(base64: string): { width: number; height: number } | undefined {
  // Signature (8) + IHDR length and type (8) + width and height (8) = 24 bytes = 32 characters.
  const head = Buffer.from(base64.slice(0, 32), 'base64');
  if (head.length < 24) return undefined;
  if (SIGNATURE.some((byte, i) => head[i] !== byte)) return undefined;
  if (head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}
