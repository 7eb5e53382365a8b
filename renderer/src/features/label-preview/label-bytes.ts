/**
 * A label as it arrives from the bridge (base64 in ShipmentLabel.image_b64, with the carrier's
 * `format` string) turned into bytes and a kind the preview can draw. The bytes decide, with
 * the same sniffer the print routing uses (shared/label-format.ts), so a label is previewed as
 * what it will print as; the format string only breaks a tie: a carrier that says "PDF" but
 * sends a PNG is still shown as the PNG it is.
 */
import { type LabelFormat, sniffLabelFormat } from '../../../../shared/label-format';

export type LabelKind = LabelFormat;

export function base64ToBytes(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function labelKind(bytes: Uint8Array, format: string | null | undefined): LabelKind {
  const sniffed = sniffLabelFormat(bytes);
  if (sniffed !== 'unknown') return sniffed;
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

/** "9 bytes", "1 byte", "12 kB": a label under a kilobyte is not called "1 kB". */
export function labelSize(bytes: number): string {
  if (bytes < 1024) {
    const n = new Intl.NumberFormat().format(bytes);
    return `${n} ${bytes === 1 ? 'byte' : 'bytes'}`;
  }
  return new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte' }).format(
    Math.round(bytes / 1024),
  );
}
