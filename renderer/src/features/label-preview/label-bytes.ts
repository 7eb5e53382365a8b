/**
 * A label as it arrives from the bridge (base64 in ShipmentLabel.image_b64, with the carrier's
 * `format` string) turned into bytes and a kind the preview can draw. The bytes decide (their
 * magic numbers), the format string only breaks a tie: a carrier that says "PDF" but sends a
 * PNG is still shown as the PNG it is.
 */

export type LabelKind = 'pdf' | 'png' | 'gif' | 'zpl' | 'unknown';

export function base64ToBytes(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const startsWith = (bytes: Uint8Array, ascii: string, from = 0) => {
  if (bytes.length < from + ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) if (bytes[from + i] !== ascii.charCodeAt(i)) return false;
  return true;
};

export function labelKind(bytes: Uint8Array, format: string | null | undefined): LabelKind {
  if (startsWith(bytes, '%PDF')) return 'pdf';
  if (startsWith(bytes, '\x89PNG')) return 'png';
  if (startsWith(bytes, 'GIF8')) return 'gif';
  let i = 0;
  while (
    i < bytes.length &&
    i < 64 &&
    (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  )
    i++;
  if (startsWith(bytes, '^XA', i) || startsWith(bytes, '~', i)) return 'zpl';
  const f = (format ?? '').trim().toLowerCase();
  if (f === 'pdf' || f === 'png' || f === 'gif' || f === 'zpl') return f;
  return 'unknown';
}

export const MIME: Record<'pdf' | 'png' | 'gif', string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  gif: 'image/gif',
};

/** The label's text (ZPL is text: UTF-8 with ^CI28). */
export function bytesToText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}
