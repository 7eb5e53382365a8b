/**
 * "Packed today": the pack log's records since midnight, newest first, each with when, who
 * and where, the units verified (and how many by hand), what was printed where, and a reprint
 * of its label (marked as a reprint in the queue). Enter on a row opens its pack screen.
 */
import { Link } from 'wouter';
import type { PackRecord } from '../../../../shared/contract/packing-values';
import { useReprintJob } from '../../features/printing/use-reprint-job';
import { errorMessage } from '../../query/bridge-call';
import { useLocalQuery } from '../../query/bridge-query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardTable, type CardTableSpec, columnsOf } from '../../ui/card-table';
import { useFormatters } from '../../ui/format/use-formatters';

function startOfToday(): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

const KIND_WORDS: Record<string, string> = {
  shipping_label: 'Label',
  packing_slip: 'Slip',
  pick_list: 'Pick list',
};

const PACKED_TABLE: CardTableSpec = {
  label: 'Packed today',
  columns: [
    ...columnsOf('Order', 'Packed', 'By'),
    { label: 'Units', className: 'text-right' },
    { label: 'Printed' },
    { label: <span className="sr-only">Reprint</span>, key: 'reprint' },
  ],
};

export function PackedToday() {
  const since = startOfToday();
  const log = useLocalQuery('packLogList', { since }, { refetchInterval: 60_000 });
  const format = useFormatters();
  const reprint = useReprintJob('The reprint was not queued');
  const records = log.data?.records ?? [];
  const units = (r: PackRecord) => r.lines.reduce((s, l) => s + l.scanned + l.byHand, 0);
  const byHand = (r: PackRecord) => r.lines.reduce((s, l) => s + l.byHand, 0);
  return (
    <Card title={`Packed today (${records.length})`}>
      {log.isError ? (
        <p role="alert">The pack log could not be read: {errorMessage(log.error)}</p>
      ) : records.length === 0 ? (
        <p className="text-muted">Nothing packed yet today at this connection.</p>
      ) : (
        <CardTable
          spec={PACKED_TABLE}
          rows={records}
          row={(r) => {
            const label = [...r.printed].reverse().find((p) => p.kind === 'shipping_label');
            return (
              <tr key={r.orderId} className="border-t border-line" data-testid="packed-row">
                <td>
                  <Link href={`/pack/${r.orderId}`} className="font-medium underline">
                    {r.orderName}
                  </Link>
                  {r.times > 1 && <span className="ml-2 text-muted">packed {r.times}×</span>}
                  {r.overrides && r.overrides.length > 0 && (
                    <span
                      className="ml-2 rounded bg-danger-soft px-1.5 font-semibold"
                      data-testid="packed-overridden"
                      title={r.overrides.map((o) => `${o.gate}: ${o.reason}`).join('; ')}
                    >
                      Stop overridden: {r.overrides[0]?.reason}
                    </span>
                  )}
                </td>
                <td>{format.dateTime(r.packedAt)}</td>
                <td>
                  {r.packedBy} · {r.station}
                </td>
                <td className="text-right tabular-nums">
                  {units(r)}
                  {byHand(r) > 0 && <span className="text-muted"> ({byHand(r)} by hand)</span>}
                </td>
                <td>
                  {r.printed.length === 0
                    ? 'Nothing printed'
                    : r.printed
                        .map((p) => `${KIND_WORDS[p.kind] ?? p.kind} → ${p.printer}`)
                        .join(', ')}
                </td>
                <td>
                  {label && (
                    <Button
                      busy={reprint.isPending && reprint.variables === label.jobId}
                      onClick={() => reprint.mutate(label.jobId)}
                    >
                      Reprint label
                    </Button>
                  )}
                </td>
              </tr>
            );
          }}
        />
      )}
    </Card>
  );
}
