/**
 * What a CUPS queue takes, read from its make-and-model (pure, so tested on samples):
 * - a raw queue ("Local Raw Printer") passes bytes untouched: ZPL only, since a PDF sent there
 *   would print as pages of PDF source on a label printer;
 * - a Zebra/ZPL driver queue (CUPS's rastertolabel) renders PDFs and also passes ZPL with
 *   `-o raw`: both;
 * - anything else is a document printer: PDF only.
 * The person can override the guess per printer in the settings.
 */
import type { PrintFormat } from '@shared/contract/printing-values';

export type PrinterLanguage = 'pdf' | 'zpl' | 'both';

export function detectLanguage(makeAndModel: string | undefined): PrinterLanguage {
  const model = (makeAndModel ?? '').toLowerCase();
  if (/\braw\b/.test(model)) return 'zpl';
  if (/\bzebra\b|\bzpl\b|\bzdesigner\b/.test(model)) return 'both';
  return 'pdf';
}

export function formatsOf(language: PrinterLanguage): PrintFormat[] {
  if (language === 'both') return ['pdf', 'zpl'];
  return [language];
}

/** `lpoptions -p NAME` prints `key=value` pairs; values with spaces are single-quoted. */
export function parseMakeAndModel(lpoptions: string): string | undefined {
  const match = /(?:^|\s)printer-make-and-model=(?:'((?:[^'\\]|\\.)*)'|(\S+))/.exec(lpoptions);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1');
}
