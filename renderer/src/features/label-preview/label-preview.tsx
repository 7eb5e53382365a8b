/**
 * A label's preview before it is printed, whatever the carrier sent: PDF pages through pdf.js,
 * PNG and GIF as images, ZPL drawn exactly by the main process with its code one click away.
 * What cannot be read (an unknown format, broken base64) says so rather than showing nothing.
 */
import { useMemo, useState } from 'react';
import { base64ToBytes, bytesToText, type LabelKind, labelKind, labelSize } from './label-bytes';
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
        {labelSize(bytes.length)}
      </figcaption>
      {kind === 'pdf' && <PdfPages bytes={bytes} title={title} />}
      {(kind === 'png' || kind === 'gif') && (
        <LabelImage kind={kind} base64={base64} title={title} />
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

/**
 * A PNG or GIF label. Its first bytes say PNG or GIF, but the rest may not be a whole image
 * (cut short, or another file behind a signature): the browser then draws a broken image and
 * says nothing, so the failure to decode is caught and said.
 */
function LabelImage({
  kind,
  base64,
  title,
}: {
  kind: 'png' | 'gif';
  base64: string;
  title: string;
}) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <p role="alert" className="text-sm text-danger" data-testid="label-image-broken">
        This {kind.toUpperCase()} label cannot be drawn: its bytes are not a whole image. Printing
        it will likely fail too; ask for the label again.
      </p>
    );
  }
  return (
    <img
      src={`data:image/${kind};base64,${base64.replace(/\s+/g, '')}`}
      alt={title}
      data-testid="label-image"
      onError={() => setBroken(true)}
      className="w-72 max-w-full border border-line bg-white"
    />
  );
}
