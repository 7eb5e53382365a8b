/**
 * A value whose shape the spec leaves open ("any": a return's exchange draft, partner
 * write-back, storefront money…) shown as a person reads it: objects as labelled lists (keys
 * as words), lists of like records as small tables, lists of words as a comma list, dates in
 * the person's locale, amounts with their currency, codes as words. Never JSON text; the raw
 * JSON stays one click away (OpenField). Unknown keys are shown like known ones, so nothing
 * the API sends is hidden, and depth is bounded so a pathological value cannot hang the page.
 */
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../cn';
import { type Formatters, MISSING } from './formatters';
import { keyLabel, readableScalar, type ScalarContext } from './open-value-text';

/** Deeper than this, a value is summarised ("3 more levels"): real data is 2-3 deep. */
const MAX_DEPTH = 5;
/** Longer lists show their first items and how many more. */
const MAX_ITEMS = 50;

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || v === undefined || typeof v !== 'object';

/** True when nothing would be shown: null, '', [], {} (and lists/objects of only those). */
export function isEmptyOpenValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyOpenValue);
  if (isRecord(value)) return Object.values(value).every(isEmptyOpenValue);
  return false;
}

export interface OpenValueProps {
  value: unknown;
  format: Formatters;
  /** The currency of amounts that do not name their own (the return's currency). */
  currency?: string | null;
  /** The field's own name, so a top-level code or amount reads right ("status", "amount"). */
  name?: string;
}

export function OpenValue({ value, format, currency = null, name }: OpenValueProps) {
  return <>{render(value, { format, currency, key: name ?? '', depth: 0 })}</>;
}

interface RenderContext extends ScalarContext {
  depth: number;
}

function render(value: unknown, ctx: RenderContext): ReactNode {
  if (isScalar(value)) return readableScalar(value, ctx) ?? MISSING;
  if (ctx.depth >= MAX_DEPTH) return <span className="text-muted">(more detail in the JSON)</span>;
  if (Array.isArray(value)) return renderList(value, ctx);
  return renderRecord(value as Json, ctx);
}

function renderRecord(record: Json, ctx: RenderContext): ReactNode {
  const entries = Object.entries(record).filter(([, v]) => !isEmptyOpenValue(v));
  if (entries.length === 0) return MISSING;
  // Money as one value: { amount, currency } (and nothing else worth a line).
  const money = asMoney(record, ctx);
  if (money !== null) return money;
  const currency = typeof record.currency === 'string' ? record.currency : ctx.currency;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5" data-open="record">
      {entries.map(([key, v]) => (
        <div key={key} className="contents">
          <dt className="text-muted">{keyLabel(key)}</dt>
          <dd className="min-w-0 break-words">
            {render(v, { ...ctx, key, currency, depth: ctx.depth + 1 })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function asMoney(record: Json, ctx: RenderContext): string | null {
  const keys = Object.keys(record).filter((k) => !isEmptyOpenValue(record[k]));
  const amount = record.amount;
  if (!keys.includes('amount') || keys.some((k) => k !== 'amount' && k !== 'currency')) return null;
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const currency = typeof record.currency === 'string' ? record.currency : ctx.currency;
  return ctx.format.money(amount, currency);
}

function renderList(list: readonly unknown[], ctx: RenderContext): ReactNode {
  const items = list.filter((v) => !isEmptyOpenValue(v));
  if (items.length === 0) return MISSING;
  const shown = items.slice(0, MAX_ITEMS);
  const more =
    items.length > shown.length ? (
      <span className="text-muted"> and {items.length - shown.length} more</span>
    ) : null;
  if (shown.every(isScalar)) {
    return (
      <span data-open="words">
        {shown.map((v) => readableScalar(v, ctx) ?? MISSING).join(', ')}
        {more}
      </span>
    );
  }
  const records = shown.filter(isRecord);
  if (records.length === shown.length && isTable(records)) {
    return (
      <>
        <RecordTable records={records} ctx={ctx} />
        {more}
      </>
    );
  }
  return (
    <ol className="flex list-inside list-decimal flex-col gap-1" data-open="list">
      {shown.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an open value's items have no id
        <li key={i} className="[&>dl]:ml-4 [&>dl]:inline-grid">
          {render(v, { ...ctx, depth: ctx.depth + 1 })}
        </li>
      ))}
      {more && <li className="list-none">{more}</li>}
    </ol>
  );
}

/** Records with scalar values only and a few columns in all read best as a table. */
function isTable(records: readonly Json[]): boolean {
  const columns = new Set(records.flatMap((r) => Object.keys(r)));
  return columns.size <= 6 && records.every((r) => Object.values(r).every(isScalar));
}

function RecordTable({ records, ctx }: { records: readonly Json[]; ctx: RenderContext }) {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))].filter((c) =>
    records.some((r) => !isEmptyOpenValue(r[c])),
  );
  return (
    <table className="border-collapse text-left" data-open="table">
      <thead className="text-muted">
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className="pr-4 font-normal">
              {keyLabel(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {records.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an open value's rows have no id
          <tr key={i}>
            {columns.map((c) => (
              <td key={c} className="pr-4 align-top">
                {readableScalar(r[c], { ...ctx, key: c }) ?? MISSING}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An open-shaped field with its raw JSON one click away ("Show JSON" toggles it below), for
 * whoever needs to see exactly what the API sent.
 */
export function OpenField(props: OpenValueProps & { label: string }) {
  const [raw, setRaw] = useState(false);
  const id = useId();
  // Plain values (a code, an amount) read whole already: JSON is offered for structures only.
  const structured = typeof props.value === 'object' && !isEmptyOpenValue(props.value);
  return (
    <div className="flex flex-col gap-1">
      <OpenValue {...props} />
      {structured && (
        <button
          type="button"
          className={cn('self-start text-xs text-muted underline', raw && 'text-fg')}
          aria-expanded={raw}
          aria-controls={id}
          // Its name starts with what it shows (label in name: speech users say "Show JSON").
          aria-label={`${raw ? 'Hide' : 'Show'} JSON of ${props.label}`}
          onClick={() => setRaw((r) => !r)}
        >
          {raw ? 'Hide JSON' : 'Show JSON'}
        </button>
      )}
      {raw && (
        <pre
          id={id}
          className="max-h-64 overflow-auto rounded bg-raised p-2 font-mono text-xs whitespace-pre-wrap"
        >
          {JSON.stringify(props.value, null, 2)}
        </pre>
      )}
    </div>
  );
}
