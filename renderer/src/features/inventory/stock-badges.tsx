/**
 * Stock badges: a word on a tinted background (the console's status colours), so "Out of
 * stock" and "Mandatory recall" jump out of a long list. The text always carries the meaning
 * and a title gives the longer sentence, so colour is never the only cue.
 */
import { cn } from '../../ui/cn';
import type { StockBadge, StockTone } from './stock-facts';

const TONES: Record<StockTone, string> = {
  danger: 'bg-danger-soft text-danger',
  warn: 'bg-warn-soft text-warn',
  info: 'bg-accent-soft text-fg',
};

export function Badge({
  tone,
  children,
  title,
  kind,
}: {
  tone: StockTone;
  children: string;
  title?: string;
  kind?: string;
}) {
  return (
    <span
      className={cn(
        'inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium',
        TONES[tone],
      )}
      title={title}
      data-badge={kind}
    >
      {children}
    </span>
  );
}

export function StockBadges({ badges }: { badges: readonly StockBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((b) => (
        <Badge key={b.kind} tone={b.tone} title={b.description} kind={b.kind}>
          {b.label}
        </Badge>
      ))}
    </span>
  );
}
