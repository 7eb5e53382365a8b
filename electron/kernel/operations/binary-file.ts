/**
 * Documents and labels as BinaryFile: read whole (bounded) and base64-encoded to cross the
 * bridge, named from Content-Disposition when the service gives a usable name.
 */
import type { BinaryFile } from '@shared/contract/values';
import type { StreamedAnswer } from '../api/api-client';
import { fileNameFromDisposition, readBounded, withStreamRetries } from '../api/download';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/gif': '.gif',
  'text/csv': '.csv',
  // The sandbox (and carriers) send ZPL as octet-stream.
  'application/octet-stream': '.zpl',
};

export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? '.bin';
}

/**
 * Runs the download (asking again if the body breaks off) and returns the file. `fallbackStem`
 * names it when the service gives no name, e.g. `order-1042-packing_slip`.
 */
export async function downloadFile(
  open: () => Promise<StreamedAnswer>,
  fallbackStem: string,
  signal?: AbortSignal,
): Promise<BinaryFile> {
  return withStreamRetries(
    async () => {
      const answer = await open();
      const bytes = await readBounded(answer.body);
      return {
        fileName:
          fileNameFromDisposition(answer.disposition) ??
          `${fallbackStem}${extensionFor(answer.contentType)}`,
        contentType: answer.contentType,
        size: bytes.byteLength,
        base64: bytes.toString('base64'),
      };
    },
    { signal },
  );
}
