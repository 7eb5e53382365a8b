/**
 * Running one CSV export by filter as long work: under an operation id (the bridge reports
 * progress for it and stops it on Cancel), with the activity indicator and a toast when done,
 * and the written file kept as the outcome the view shows. Built on the Orders view's bulk
 * operation, so every export looks and cancels the same way.
 */
import { useState } from 'react';
import type { ExportResult } from '../../../../shared/contract/values';
import { useBulkOperation } from '../orders/use-bulk-operation';
import { writtenText } from './written-words';

export function useCsvExport() {
  const bulk = useBulkOperation();
  const [result, setResult] = useState<ExportResult | null>(null);
  const run = async (
    title: string,
    work: (operationId: string) => Promise<ExportResult>,
  ): Promise<ExportResult | null> => {
    setResult(null);
    const written = await bulk.run(title, ({ operationId }) => work(operationId), writtenText);
    if (written) setResult(written);
    return written;
  };
  return {
    running: bulk.running,
    cancel: bulk.cancel,
    result,
    dismiss: () => setResult(null),
    run,
  };
}
