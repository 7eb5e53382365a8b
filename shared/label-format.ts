/**
 * What a label (or document) is, decided from its first bytes: never from a file name, a
 * content type or the carrier's `format` string, which get it wrong. The print routing and the
 * label preview both ask this one function, so a label is never routed as one format and
 * previewed as another (a ZPL label sent to a PDF printer prints pages of gibberish).
 *
 * Hand-written rather than a file-type library: those recognise images and PDFs but not ZPL,
 * which is plain text, and the four signatures below are all a label can be here.
 */
export type LabelFormat = 'pdf' | 'png' | 'gif' | 'zpl' | 'unknown';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** `%PDF-`, the header every PDF starts with (ISO 32000, 7.5.2). */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;
/**
 * `\x89PNG`: the first half of PNG's 8-byte signature. 0x89 never starts text, so four bytes
 * already say "PNG"; the other four (CR LF SUB LF) only detect a file damaged in transfer,
 * which the image decoder then refuses with its own error instead of "not a label format".
 */
const PNG = [0x89, 0x50, 0x4e, 0x47] as const;
/** `GIF87a` or `GIF89a`. */
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] as const;
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] as const;
const CARET = 0x5e;
const TILDE = 0x7e;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** Space, tab, line feed, carriage return, form feed: what label generators put before ZPL. */
function isLabelWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c;
}

const isUpperOrDigit = (b: number | undefined) =>
  b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39));

/**
 * ZPL starts with a command: `^XA` (the start of a label format) or a tilde command such as
 * `~DG` (download a graphic) or `~SD` (darkness) sent before the first label; both are a sign
 * and two capital letters or digits. Before it, a UTF-8 byte order mark and whitespace are
 * allowed (generators write them); any other text first means it is not ZPL.
 */
function startsAsZpl(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (i < bytes.length && isLabelWhitespace(bytes[i]!)) i++;
  const sign = bytes[i];
  if (sign === CARET) return bytes[i + 1] === 0x58 && bytes[i + 2] === 0x41; // XA
  return sign === TILDE && isUpperOrDigit(bytes[i + 1]) && isUpperOrDigit(bytes[i + 2]);
}

/**
 * The format of a label from its bytes. PDF, PNG and GIF are binary and recognised by their
 * signature at the very first byte; ZPL is text and may follow a BOM and whitespace.
 */
export function sniffLabelFormat(bytes: Uint8Array): LabelFormat {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsAsZpl(bytes)) return 'zpl';
  return 'unknown';
}
