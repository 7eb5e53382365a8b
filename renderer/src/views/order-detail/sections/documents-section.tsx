/**
 * The documents the API lists for the order (label, packing slip, pick list, invoice), each
 * with Print (through the routed printer) and Save (a download). Every kind is listed; one the
 * order does not have (or the API does not describe readably) is disabled with the reason.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Printer, Save, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { type OrderDocKind, readOrderDocuments } from '../../../features/orders/order-documents';
import { PrintOptionsDialog } from '../../../features/printing/print-options-dialog';
import { errorMessage } from '../../../query/bridge-call';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { StatusPill } from '../../../ui/detail-list';
import { usePrintOrderDocument, useSaveOrderDocument } from '../use-order-files';

export function DocumentsSection({
  orderId,
  documents,
}: {
  orderId: number;
  documents: UseQueryResult<Record<string, unknown>>;
}) {
  const print = usePrintOrderDocument(orderId);
  const save = useSaveOrderDocument(orderId);
  // The kind whose print options are open (printer, copies, paper for this job only).
  const [options, setOptions] = useState<{ kind: OrderDocKind; title: string } | null>(null);
  const entries = documents.isSuccess ? readOrderDocuments(documents.data) : [];
  return (
    <Card title="Documents">
      {documents.isPending && <p className="text-sm text-muted">Loading the documents…</p>}
      {documents.isError && (
        <p role="alert" className="text-sm text-danger">
          The documents could not be listed: {errorMessage(documents.error)}
        </p>
      )}
      <ul aria-label="Documents" className="flex flex-col gap-2">
        {entries.map(({ kind, title, available, reason }) => {
          const printing = print.isPending && print.variables?.kind === kind;
          const saving = save.isPending && save.variables === kind;
          // A disabled button says why, in its tooltip and beside it.
          const why = available ? undefined : reason;
          return (
            <li
              key={kind}
              data-testid={`document-${kind}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-raised px-2 py-1.5"
            >
              <span className="text-sm">
                <span className="font-medium">{title}</span>{' '}
                {!available && <StatusPill tone="warn">Not available</StatusPill>}
                {why && (
                  <span className="block text-muted" data-testid="document-reason">
                    {why}
                  </span>
                )}
              </span>
              <span className="flex gap-1">
                <Button
                  aria-label={`Print ${title}`}
                  disabled={!available}
                  title={why}
                  busy={printing}
                  onClick={() => print.mutate({ kind })}
                >
                  <Printer aria-hidden className="size-4" /> Print
                </Button>
                <Button
                  tone="ghost"
                  aria-label={`Print ${title} with options`}
                  disabled={!available}
                  title={why}
                  onClick={() => setOptions({ kind, title })}
                >
                  <SlidersHorizontal aria-hidden className="size-4" />
                </Button>
                <Button
                  aria-label={`Save ${title}`}
                  disabled={!available}
                  title={why}
                  busy={saving}
                  onClick={() => save.mutate(kind)}
                >
                  <Save aria-hidden className="size-4" /> Save
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      <PrintOptionsDialog
        open={options !== null}
        onOpenChange={(open) => !open && setOptions(null)}
        title={`Print ${options?.title ?? ''}`}
        kinds={options ? [options.kind] : []}
        onConfirm={(override) => options && print.mutate({ kind: options.kind, override })}
      />
    </Card>
  );
}
