/**
 * A label's preview before it is printed, whatever the carrier sent: PDF pages through pdf.js,
 * PNG and GIF as images, ZPL drawn exactly by the main process with its code one click away.
 * What cannot be read (an unknown format, broken base64) says so rather than showing nothing.
 */
import { useMemo } from 'react';
import { base64ToBytes, bytesToText, type LabelKind, labelKind } from './label-bytes';
import { PdfPages } from './pdf-pages';
import { ZplPreview } from './zpl-preview';

export interface LabelFile {
  /** The label file, base64-encoded (ShipmentLabel.image_b64). */
  base64: string;
  /** The carrier's format string (ShipmentLabel.format): a hint, the bytes decide. */
  format?: string | null;
  /** What the label is for, for the accessible names: "Label CD298222647ST". */
  title: string;
}

function decode(base64: string, format: string | null | undefined) {
  try {
    const bytes = base64ToBytes(base64);
    return { bytes, kind: labelKind(bytes, format) };
  } catch {
    return { bytes: new Uint8Array(), kind: 'unknown' as LabelKind, broken: true };
  }
}

export function LabelPreview({ base64, format, title }: LabelFile) {
  const decoded = useMemo(() => decode(base64, format), [base64, format]);
  const { bytes, kind } = decoded;
  return (
    <figure className="flex flex-col gap-2" data-testid="label-preview" data-kind={kind}>
      <figcaption className="text-sm text-muted">
        {kind === 'unknown' ? 'Label' : `${kind.toUpperCase()} label`}
        {format && format.toLowerCase() !== kind ? ` (the carrier calls it ${format})` : ''}
        {' · '}
        {new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte' }).format(
          Math.max(1, Math.round(bytes.length / 1024)),
        )}
      </figcaption>
      {kind === 'pdf' && <PdfPages bytes={bytes} title={title} />}
      {(kind === 'png' || kind === 'gif') && (
        <img
          src={`data:image/${kind};base64,${base64.replace(/\s+/g, '')}`}
          alt={title}
          data-testid="label-image"
          className="w-72 max-w-full border border-line bg-white"
        />
      )}
      {kind === 'zpl' && <ZplPreview zpl={bytesToText(bytes)} title={title} />}
      {kind === 'unknown' && (
        <p role="alert" className="text-sm text-danger">
          {'broken' in decoded
            ? 'The label file could not be read (it is not valid base64).'
            : `This label’s format (${format || 'not given'}) cannot be previewed here; it can still be printed.`}
        </p>
      )}
    </figure>
  );
}
