/**
 * A section's label/value pairs as a description list. Missing values show as an em dash,
 * never as "null" or an empty gap, so the person can tell "not set" from "not loaded".
 * `field` names the API field shown, for tests and support (data-field).
 */
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { MISSING } from '../../ui/format/formatters';

export interface DetailEntry {
  label: string;
  value: ReactNode;
  field?: string;
}

export function DetailList({
  entries,
  className,
}: {
  entries: readonly DetailEntry[];
  className?: string;
}) {
  return (
    <dl className={cn('grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm', className)}>
      {entries.map((e) => (
        <div key={e.field ?? e.label} className="contents">
          <dt className="text-muted">{e.label}</dt>
          <dd data-field={e.field} className="min-w-0 break-words">
            {e.value === null || e.value === undefined || e.value === '' ? MISSING : e.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A small pill for a status code ("Label purchased"). */
export function StatusPill({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: PillTone;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        PILL_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export type PillTone = 'neutral' | 'ok' | 'warn' | 'danger';

const PILL_TONES: Record<PillTone, string> = {
  neutral: 'border-line bg-raised text-fg',
  ok: 'border-ok text-ok',
  warn: 'border-warn text-warn',
  danger: 'border-danger text-danger',
};
