/**
 * Status badges for the grid: a word on a tinted background, the tone chosen from the value
 * (paid/fulfilled/delivered read as good, failures and holds as danger, pending as warning).
 * The text always carries the meaning, so colour is never the only cue.
 */
import type { ReactElement } from 'react';
import { humanize } from '../../ui/format/formatters';

export type BadgeTone = 'ok' | 'warn' | 'danger' | 'neutral' | 'info';

const TONES: Record<BadgeTone, string> = {
  ok: 'bg-ok-soft text-ok',
  warn: 'bg-warn-soft text-warn',
  danger: 'bg-danger-soft text-danger',
  info: 'bg-accent-soft text-fg',
  neutral: 'bg-raised text-fg',
};

const GOOD = /^(paid|fulfilled|delivered|valid|corrected|succeeded)$/;
const BAD = /(fail|invalid|refund|cancel|void|denied|expired|address|hold)/;
const WAITING = /(pending|partial|unfulfilled|authorized|needs_review|unchecked|open|labels)/;

export function toneFor(value: string): BadgeTone {
  const v = value.toLowerCase();
  if (GOOD.test(v)) return 'ok';
  if (BAD.test(v)) return 'danger';
  if (WAITING.test(v)) return 'warn';
  if (v === 'shipped' || v === 'in_transit') return 'info';
  return 'neutral';
}

/**
 * Each tone's whole class string, joined once here rather than merged per badge drawn: the
 * shipments grid draws two badges a row, ten new rows a scroll frame (issue 34). No class
 * here overrides another, so plain joining gives what tailwind-merge did.
 */
const toneClasses = (look: string) =>
  Object.fromEntries(
    Object.entries(TONES).map(([tone, classes]) => [tone, `${look} ${classes}`]),
  ) as Record<BadgeTone, string>;

const BADGE_CLASS = toneClasses(
  'inline-block max-w-full truncate rounded px-1.5 py-0.5 align-middle text-xs font-medium',
);

/**
 * The badge inside a cell that truncates itself (the fixed-rows grid: one line, its own
 * ellipsis): an inline box, not an inline-block that clips and truncates on its own. A long
 * badge is cut by the cell's ellipsis instead. Each inline-block badge was a box laid out and
 * clipped of its own, two a row: the shipments grid's scroll laid out 1.25x the bare list's
 * per frame with them and 1.07x without, all of Chromium 1.24x and 1.21x
 * (bench/ui-grids-scroll-profile.ts, issue 34, 2026-11-29).
 */
const CELL_BADGE_CLASS = toneClasses('rounded px-1.5 py-0.5 text-xs font-medium');

/** The badge as an element (no component of its own: a grid's cell returns it directly). */
export function badge(
  value: string | null | undefined,
  label?: string | null,
  tone?: BadgeTone,
  /** 'cell': inside a cell that truncates its one line itself (CELL_BADGE_CLASS). */
  fit: 'box' | 'cell' = 'box',
): ReactElement {
  if (!value) return <span className="text-muted">—</span>;
  const classes = fit === 'cell' ? CELL_BADGE_CLASS : BADGE_CLASS;
  return (
    <span className={classes[tone ?? toneFor(value)]} data-value={value}>
      {label ?? humanize(value)}
    </span>
  );
}

export function StatusBadge({
  value,
  label,
  tone,
}: {
  value: string | null | undefined;
  label?: string | null;
  tone?: BadgeTone;
}) {
  return badge(value, label, tone);
}
