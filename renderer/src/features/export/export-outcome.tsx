/**
 * Where the last export was written, shown in full until dismissed (the toast goes away), with
 * Show file / Open folder (desktop app) or Download a copy (browser mode). An export whose rows
 * could not be checked against the list's count is shown as unverified, in words, with the
 * name it was kept under: it is never presented as a finished export.
 */
import type { ExportResult } from '../../../../shared/contract/values';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useFormatters } from '../../ui/format/use-formatters';
import { FileActions } from './file-actions';

export function ExportOutcome({ result, onDismiss }: { result: ExportResult; onDismiss(): void }) {
  const format = useFormatters();
  const unverified = result.unverified !== undefined;
  return (
    <section
      aria-label={unverified ? 'Export not verified' : 'Export written'}
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-md border px-2 py-1.5 text-sm',
        unverified ? 'border-warn bg-warn-soft' : 'border-ok bg-ok-soft',
      )}
      data-testid="export-outcome"
    >
      {unverified ? (
        <span data-testid="export-unverified">
          <strong>Not verified:</strong> {format.number(result.rows)}{' '}
          {result.rows === 1 ? 'row' : 'rows'} written, but the number of rows could not be checked
          with the service, so some may be missing. Kept as{' '}
          <code data-testid="export-path" className="break-all">
            {result.path}
          </code>
          ; it is not a finished export. Try again later.
        </span>
      ) : (
        <span>
          {format.number(result.rows)} {result.rows === 1 ? 'row' : 'rows'} written to{' '}
          <code data-testid="export-path" className="break-all">
            {result.path}
          </code>
          {result.leftOut ? (
            <span className="text-warn" data-testid="export-left-out">
              {' '}
              ({format.number(result.leftOut)} {result.leftOut === 1 ? 'row' : 'rows'} the service
              sent did not match the API's description and are not in the file)
            </span>
          ) : null}
        </span>
      )}
      {result.fileId && <FileActions file={{ fileId: result.fileId }} what="export" />}
      <Button tone="ghost" className="ml-auto" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  );
}
