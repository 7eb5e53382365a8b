/**
 * What became of each line of a return at the desk: received, its condition (new, opened,
 * damaged), restock or write off — with who recorded it and when, kept on this computer for
 * this connection (the API cannot record it) and exported as a CSV for the ERP. Keys work on
 * the current line: l moves to the next line, r received, c the condition (new → opened →
 * damaged), s restock, w write off; each key again undoes its part.
 */
import { useState } from 'react';
import {
  LINE_ACTIONS,
  LINE_CONDITIONS,
  type LineAction,
  type LineCondition,
  type LineDisposition,
} from '../../../../shared/contract/action-values';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import type { Api } from '../../../../shared/contract/values';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import type { Formatters } from '../../ui/format/formatters';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { toast } from '../../ui/toast-store';
import { ExportOutcome } from '../export/export-outcome';
import {
  dispositionKey,
  useExportDispositions,
  useLineDispositions,
  useRecordDisposition,
} from './use-line-dispositions';
import { useReviewer } from './use-return-reviews';

type Line = Api['ReturnRequestLine'];
type Change = Pick<ArgsOf<'returnDispositionSet'>, 'received' | 'condition' | 'action'>;

export const CONDITION_WORDS: Record<LineCondition, string> = {
  new: 'New',
  opened: 'Opened',
  damaged: 'Damaged',
};
export const ACTION_WORDS: Record<LineAction, string> = {
  restock: 'Restock',
  write_off: 'Write off',
};
/** Each action's key: its shortcut, and the hint on its button. */
const ACTION_KEYS: Record<LineAction, string> = { restock: 's', write_off: 'w' };

/** The condition after the one shown: new → opened → damaged → new. */
export function nextCondition(current: LineCondition | null): LineCondition {
  const at = current === null ? -1 : LINE_CONDITIONS.indexOf(current);
  return LINE_CONDITIONS[(at + 1) % LINE_CONDITIONS.length]!;
}

function Toggle({
  pressed,
  children,
  onClick,
  hint,
}: {
  pressed: boolean;
  children: string;
  onClick(): void;
  hint: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={hint}
      onClick={onClick}
      className={cn(
        'rounded border px-2 py-0.5 text-xs',
        pressed ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-surface',
      )}
    >
      {children}
    </button>
  );
}

export function DispositionPanel({
  ret,
  format,
}: {
  ret: Api['ReturnRequest'];
  format: Formatters;
}) {
  const lines: Line[] = ret.lines ?? [];
  const recorded = useLineDispositions();
  const record = useRecordDisposition();
  const exporter = useExportDispositions();
  const reviewer = useReviewer();
  const [current, setCurrent] = useState(0);
  const at = (i: number) => recorded.get(dispositionKey(ret.id, i));

  const change = (i: number, part: Change) => {
    const line = lines[i];
    if (!line) return;
    record.mutate(
      {
        returnId: ret.id,
        lineIndex: i,
        lineId: line.id ?? null,
        ...(ret.rma_number ? { rmaNumber: ret.rma_number } : {}),
        sku: (line.sku ?? '').slice(0, 64),
        name: (line.name ?? '').slice(0, 200),
        quantity: line.quantity ?? 0,
        ...(reviewer.name ? { recordedBy: reviewer.name } : {}),
        ...part,
      },
      {
        onError: (error) =>
          toast('The disposition was not saved', {
            tone: 'error',
            description: errorMessage(error),
          }),
      },
    );
  };
  const toggleReceived = (i: number) => change(i, { received: !(at(i)?.received ?? false) });
  const cycleCondition = (i: number) =>
    change(i, { condition: nextCondition(at(i)?.condition ?? null) });
  const toggleAction = (i: number, action: LineAction) =>
    change(i, { action: at(i)?.action === action ? null : action });

  const has = lines.length > 0;
  useShortcuts(
    has
      ? [
          {
            id: 'return.line-next',
            keys: ['l'],
            label: 'Next returned line',
            group: 'Return lines',
            run: () => setCurrent((c) => (c + 1) % lines.length),
          },
          {
            id: 'return.line-received',
            keys: ['r'],
            label: 'Line received, or undo',
            group: 'Return lines',
            run: () => toggleReceived(current),
          },
          {
            id: 'return.line-condition',
            keys: ['c'],
            label: 'Line condition: new, opened, damaged',
            group: 'Return lines',
            run: () => cycleCondition(current),
          },
          {
            id: 'return.line-restock',
            keys: [ACTION_KEYS.restock],
            label: 'Restock the line, or undo',
            group: 'Return lines',
            run: () => toggleAction(current, 'restock'),
          },
          {
            id: 'return.line-write-off',
            keys: [ACTION_KEYS.write_off],
            label: 'Write the line off, or undo',
            group: 'Return lines',
            run: () => toggleAction(current, 'write_off'),
          },
        ]
      : [],
  );

  return (
    <section
      aria-label="What came back"
      data-testid="disposition-panel"
      className="flex flex-col gap-1 rounded-md border border-line bg-surface px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">What came back</h3>
        <Button
          tone="ghost"
          busy={exporter.isPending}
          onClick={() =>
            exporter.mutate(undefined, {
              onError: (error) =>
                toast('The dispositions were not exported', {
                  tone: 'error',
                  description: errorMessage(error),
                }),
            })
          }
        >
          Export dispositions for the ERP
        </Button>
      </div>
      {exporter.data && <ExportOutcome result={exporter.data} onDismiss={() => exporter.reset()} />}
      {!has && <p className="text-muted">This return has no lines to record.</p>}
      <ol className="flex flex-col gap-1">
        {lines.map((line, i) => {
          const d: LineDisposition | undefined = at(i);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a return's lines have no other stable key (their id is optional)
              key={i}
              data-testid="disposition-line"
              data-current={i === current}
              data-received={d?.received ?? false}
              data-condition={d?.condition ?? ''}
              data-action={d?.action ?? ''}
              className={cn(
                'flex flex-wrap items-center gap-2 rounded px-1 py-0.5',
                i === current && 'outline outline-2 outline-accent',
              )}
            >
              <button
                type="button"
                className="min-w-0 flex-1 truncate text-left"
                onClick={() => setCurrent(i)}
                title="Make this the line the keys act on"
              >
                {line.name || 'Unnamed item'}{' '}
                <span className="text-muted">
                  {line.sku ? `${line.sku} · ` : ''}× {format.number(line.quantity ?? 0)}
                </span>
              </button>
              <Toggle
                pressed={d?.received ?? false}
                onClick={() => toggleReceived(i)}
                hint="Received (r)"
              >
                Received
              </Toggle>
              {LINE_CONDITIONS.map((c) => (
                <Toggle
                  key={c}
                  pressed={d?.condition === c}
                  onClick={() => change(i, { condition: d?.condition === c ? null : c })}
                  hint="Condition (c)"
                >
                  {CONDITION_WORDS[c]}
                </Toggle>
              ))}
              {LINE_ACTIONS.map((a) => (
                <Toggle
                  key={a}
                  pressed={d?.action === a}
                  onClick={() => toggleAction(i, a)}
                  hint={`${ACTION_WORDS[a]} (${ACTION_KEYS[a]})`}
                >
                  {ACTION_WORDS[a]}
                </Toggle>
              ))}
              {d && (
                <span className="w-full text-xs text-muted" data-testid="disposition-by">
                  Recorded by {d.recordedBy},{' '}
                  <time dateTime={d.recordedAt}>{format.dateTime(d.recordedAt)}</time>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {has && (
        <p className="text-xs text-muted">
          Keys: l next line · r received · c condition · s restock · w write off. Kept on this
          computer for this connection.
        </p>
      )}
    </section>
  );
}
