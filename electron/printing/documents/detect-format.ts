/**
 * Recognise what a label or document is from its first bytes, never from a file name or a
 * content type the API might get wrong: a ZPL label sent to a PDF printer prints as pages of
 * gibberish, so routing must trust the bytes.
 */
export type DocumentFormat = 'pdf' | 'png' | 'gif' | 'zpl' | 'unknown';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c;
}

export function detectFormat(bytes: Uint8Array): DocumentFormat {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  // ZPL is text; label generators often put a newline (or a UTF-8 BOM) before the first ^XA.
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && isWhitespace(bytes[i]!)) i++;
  if (startsWith(bytes, ascii('^XA'), i)) return 'zpl';
  return 'unknown';
}
