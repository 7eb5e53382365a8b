/**
 * A product's picture on the pack screen, fetched through the bridge (productImage: the key
 * stays in the main process, the page's CSP admits blob: images only) and shown from a blob
 * URL. No picture, or one that fails, leaves a plain box with the SKU's first letters: the
 * packer reads the name and SKU anyway; a picture is a second check, never a blocker.
 */
import { ImageOff } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { BinaryFile } from '../../../../shared/contract/values';
import { useBridgeQuery } from '../../query/bridge-query';
import { cn } from '../../ui/cn';
import { base64ToBytes } from '../export/save-binary-file';

function useBlobUrl(file: BinaryFile | undefined): string | null {
  const url = useMemo(
    () =>
      file
        ? URL.createObjectURL(new Blob([base64ToBytes(file.base64)], { type: file.contentType }))
        : null,
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function ProductPicture({
  url,
  name,
  className,
}: {
  /** The product's `image` (may be relative to the connection's address, or empty). */
  url: string;
  name: string;
  className?: string;
}) {
  const picture = useBridgeQuery(
    'productImage',
    { url },
    { enabled: url !== '', staleTime: Number.POSITIVE_INFINITY, gcTime: 60 * 60_000, retry: 1 },
  );
  const src = useBlobUrl(picture.data);
  const frame = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-line bg-canvas',
    className,
  );
  if (src) {
    return (
      <div className={frame}>
        <img src={src} alt={name} className="size-full object-contain" />
      </div>
    );
  }
  if (url !== '' && picture.isPending) return <div className={frame} aria-hidden />;
  const why = url === '' ? 'No picture' : 'Picture not available';
  return (
    <div className={cn(frame, 'text-muted')} title={why}>
      <ImageOff aria-label={why} className="size-6" />
    </div>
  );
}
