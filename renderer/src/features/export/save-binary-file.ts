/**
 * Saves a BinaryFile (base64 from the bridge) as a download through a Blob link: the renderer
 * has no file system, and the browser (or Electron's will-download) asks where to put it.
 */
import type { BinaryFile } from '../../../../shared/contract/values';

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function saveBinaryFile(file: BinaryFile, doc: Document = document): void {
  const blob = new Blob([base64ToBytes(file.base64)], {
    type: file.contentType || 'application/octet-stream',
  });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.fileName || 'document.pdf';
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data once click() returns; a tick later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
