/**
 * The documents the API lists for the order (label, packing slip, pick list, invoice), each
 * with Print (through the routed printer) and Save (a download). Kinds the console cannot
 * print or save one by one are listed without buttons rather than hidden.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Printer, Save, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import type { Api } from '../../../../../shared/contract/values';
import { PrintOptionsDialog } from '../../../features/printing/print-options-dialog';
import { errorMessage } from '../../../query/bridge-call';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { StatusPill } from '../detail-list';
import { asText, humanize } from '../order-values';
import { type OrderDocKind, usePrintOrderDocument, useSaveOrderDocument } from '../use-order-files';

const KINDS: readonly string[] = [
  'shipping_label',
  'packing_slip',
  'pick_list',
  'commercial_invoice',
];
const isKind = (k: string): k is OrderDocKind => KINDS.includes(k);

export function DocumentsSection({
  orderId,
  documents,
}: {
  orderId: number;
  documents: UseQueryResult<Record<string, Api['OrderDocumentInfo']>>;
}) {
  const print = usePrintOrderDocument(orderId);
  const save = useSaveOrderDocument(orderId);
  // The kind whose print options are open (printer, copies, paper for this job only).
  const [options, setOptions] = useState<{ kind: OrderDocKind; title: string } | null>(null);
  const entries = Object.entries(documents.data ?? {}).sort(
    ([a], [b]) => (KINDS.indexOf(a) + 1 || 99) - (KINDS.indexOf(b) + 1 || 99),
  );
  return (
    <Card title="Documents">
      {documents.isPending && <p className="text-sm text-muted">Loading the documents…</p>}
      {documents.isError && (
        <p role="alert" className="text-sm text-danger">
          The documents could not be listed: {errorMessage(documents.error)}
        </p>
      )}
      {documents.isSuccess && entries.length === 0 && (
        <p className="text-sm text-muted">No documents for this order.</p>
      )}
      <ul aria-label="Documents" className="flex flex-col gap-2">
        {entries.map(([key, info]) => {
          const available = info?.available !== false;
          const title = asText(info?.title) ?? humanize(key) ?? key;
          const printing = print.isPending && print.variables?.kind === key;
          const saving = save.isPending && save.variables === key;
          return (
            <li
              key={key}
              data-testid={`document-${key}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-raised px-2 py-1.5"
            >
              <span className="text-sm">
                <span className="font-medium">{title}</span>{' '}
                {!available && <StatusPill tone="warn">Not available</StatusPill>}
              </span>
              {isKind(key) && (
                <span className="flex gap-1">
                  <Button
                    aria-label={`Print ${title}`}
                    disabled={!available}
                    busy={printing}
                    onClick={() => print.mutate({ kind: key })}
                  >
                    <Printer aria-hidden className="size-4" /> Print
                  </Button>
                  <Button
                    tone="ghost"
                    aria-label={`Print ${title} with options`}
                    disabled={!available}
                    onClick={() => setOptions({ kind: key, title })}
                  >
                    <SlidersHorizontal aria-hidden className="size-4" />
                  </Button>
                  <Button
                    aria-label={`Save ${title}`}
                    disabled={!available}
                    busy={saving}
                    onClick={() => save.mutate(key)}
                  >
                    <Save aria-hidden className="size-4" /> Save
                  </Button>
                </span>
              )}
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
