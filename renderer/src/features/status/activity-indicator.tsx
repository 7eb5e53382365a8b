/**
 * Long work in progress, in the header: what runs and how far it got. Finished work is
 * announced by a toast (see long-work.ts), so this only shows what is still running.
 */
import { Loader } from 'lucide-react';
import { useProgressStore } from './progress-store';

export function ActivityIndicator() {
  // Select the record itself (stable between changes), then list it.
  const activities = Object.values(useProgressStore((s) => s.activities));
  const first = activities[0];
  if (!first) return null;
  const p = first.progress;
  const more = activities.length > 1 ? ` (+${activities.length - 1} more)` : '';
  return (
    <div className="flex items-center gap-2 text-sm text-muted" data-testid="activity">
      <Loader aria-hidden className="size-4 animate-spin" />
      <span>
        {first.title}
        {p
          ? `: ${p.phase} ${p.done.toLocaleString()}${p.total ? `/${p.total.toLocaleString()}` : ''}`
          : '…'}
        {more}
      </span>
      {p?.total ? (
        <progress className="w-24" max={p.total} value={p.done} aria-label={first.title} />
      ) : null}
    </div>
  );
}
