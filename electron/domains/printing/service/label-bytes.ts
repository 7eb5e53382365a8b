/**
 * A label as the printer needs it, decided by its bytes (never by a declared format or content
 * type, which carriers get wrong): ZPL stays ZPL for a label printer, a PDF stays a PDF, and a
 * PNG or GIF is placed on a 4x6 PDF page at its true size.
 */
import type { PrintFormat } from '@shared/contract/printing-values';
import { sniffLabelFormat } from '@shared/label-format';
import { imageLabelToPdf } from '../documents/image-label-to-pdf';
import { unprintable } from '../documents/unprintable';

export interface PrintableLabel {
  format: PrintFormat;
  bytes: Uint8Array;
  /** What the API sent, for choosing the route (images and PDFs may route differently). */
  source: 'pdf' | 'image' | 'zpl';
}

/**
 * `declared`: the format the API named (a shipment label's `format`), only for the message:
 * a "PNG" label whose bytes are no image is refused as the API's fault, saying so.
 */
export async function printableLabel(
  bytes: Uint8Array,
  declared?: string,
): Promise<PrintableLabel> {
  const format = sniffLabelFormat(bytes);
  switch (format) {
    case 'pdf':
      return { format: 'pdf', bytes, source: 'pdf' };
    case 'zpl':
      return { format: 'zpl', bytes, source: 'zpl' };
    case 'png':
    case 'gif':
      return {
        format: 'pdf',
        bytes: await imageLabelToPdf(bytes, format === 'png' ? 'image/png' : 'image/gif'),
        source: 'image',
      };
    default: {
      const said = declared?.trim().toUpperCase();
      throw unprintable(
        said && ['PNG', 'GIF', 'PDF', 'ZPL'].includes(said)
          ? `The label is said to be ${said} but its bytes are not a ${said} file`
          : 'The label is not a PDF, PNG, GIF or ZPL file',
      );
    }
  }
}
