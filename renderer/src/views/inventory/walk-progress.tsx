/**
 * What a person sees while a walk of many pages runs (issue 32): what is being read, the
 * pages read of the pages there are, the rows, the time left at the current rate, and a
 * Cancel. Before the first page answers it says it is starting, not a bare "…".
 */
import { X } from 'lucide-react';
import { type WalkProgress, walkEstimate } from '../../features/inventory/use-walk';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';

/** "about 40 s left", "about 3 min left". */
function timeLeft(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return `about ${Math.max(1, seconds)} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.round(seconds / 360) / 10} h left`;
}

/** The progress in words: "Reading every stock row: page 12 of 106, 12,000 of 105,234 rows, about 40 s left". */
export function walkProgressText(
  progress: WalkProgress | undefined,
  n: (value: number) => string,
  starting: string,
): string {
  if (!progress || (progress.pages === 0 && progress.rows === 0)) return starting;
  const parts: string[] = [];
  if (progress.pages > 0) {
    parts.push(
      progress.pagesTotal === null
        ? `page ${n(progress.pages)}`
        : `page ${n(progress.pages)} of ${n(progress.pagesTotal)}`,
    );
  }
  const rows =
    progress.rowsTotal === null
      ? n(progress.rows)
      : `${n(progress.rows)} of ${n(progress.rowsTotal)}`;
  parts.push(progress.pages > 0 ? `${rows} rows` : rows);
  const left = timeLeft(walkEstimate(progress));
  if (left) parts.push(left);
  return `${progress.phase}: ${parts.join(', ')}`;
}

export function WalkProgressLine({
  progress,
  onCancel,
  starting = 'Starting to read…',
}: {
  progress: WalkProgress | undefined;
  onCancel(): void;
  starting?: string;
}) {
  const format = useFormatters();
  const text = walkProgressText(progress, format.number, starting);
  const share =
    progress?.pagesTotal && progress.pagesTotal > 0
      ? Math.min(1, progress.pages / progress.pagesTotal)
      : null;
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm text-muted"
      data-testid="walk-progress"
    >
      {share !== null ? (
        <progress className="h-2 w-32" max={1} value={share} aria-label="Pages read" />
      ) : null}
      <p aria-live="polite">{text}</p>
      <Button tone="ghost" onClick={onCancel}>
        <X aria-hidden className="size-4" />
        Cancel
      </Button>
    </div>
  );
}
