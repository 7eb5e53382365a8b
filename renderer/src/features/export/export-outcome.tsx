/**
 * Where the last export was written, shown in full until dismissed (the toast goes away), with
 * Show file / Open folder (desktop app) or Download a copy (browser mode).
 */
import type { ExportResult } from '../../../../shared/contract/values';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { FileActions } from './file-actions';

export function ExportOutcome({ result, onDismiss }: { result: ExportResult; onDismiss(): void }) {
  const format = useFormatters();
  return (
    <section
      aria-label="Export written"
      className="flex flex-wrap items-center gap-2 rounded-md border border-ok bg-ok-soft px-2 py-1.5 text-sm"
      data-testid="export-outcome"
    >
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
      <FileActions path={result.path} what="export" />
      <Button tone="ghost" className="ml-auto" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  );
}
