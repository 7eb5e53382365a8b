/**
 * The Floor view's "Packed twice" card (issue 29): orders two stations packed while the floor
 * was offline, each in one sentence naming both packs, open ones first. The floor never merges
 * them (both packs stay in its log, and in the day's counts); the supervisor finds the
 * parcels and decides, so every one is listed as found, the sorted-out ones dimmed; an open
 * one is marked "Sorted out" from its row (sort-out-conflict.tsx), with who, when and a note.
 */
import type { FloorPackConflictsView } from '../../../../shared/contract/floor-pack-values';
import { Card } from '../../ui/card';
import { conflictSentence, conflictState } from './floor-words';
import { SortOutConflict } from './sort-out-conflict';

export interface PackConflictsCardProps {
  /** The bridge's answer; undefined while it is first read. */
  view: FloorPackConflictsView | undefined;
  /** Why the list could not be asked (the bridge failed), or null. */
  error: string | null;
}

export function PackConflictsCard({ view, error }: PackConflictsCardProps) {
  const conflicts = view?.conflicts ?? [];
  const open = conflicts.filter((c) => !c.resolved).length;
  const title = open > 0 ? `Packed twice (${open} to sort out)` : 'Packed twice';
  return (
    <Card title={title} className={open > 0 ? 'border-warn' : undefined}>
      {error !== null || view?.message ? (
        <p className="text-sm text-muted">
          The orders packed twice could not be read: {error ?? view?.message}
        </p>
      ) : view === undefined ? (
        <p className="text-sm text-muted">Reading the orders packed twice…</p>
      ) : conflicts.length === 0 ? (
        <p className="text-sm text-muted">No order was packed twice.</p>
      ) : (
        <>
          {open > 0 && (
            <p className="mb-2 text-sm">
              Both packs are kept as they were made: check both parcels before either ships.
            </p>
          )}
          <ul aria-label="Orders packed twice" className="flex flex-col gap-1.5 text-sm">
            {conflicts.map((c) => (
              <li key={c.id} className={c.resolved ? 'text-muted' : undefined}>
                <span className="block">{conflictSentence(c)}.</span>
                <span className={`block ${c.resolved ? '' : 'text-warn'}`}>{conflictState(c)}</span>
                {!c.resolved && <SortOutConflict id={c.id} orderName={c.orderName} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
