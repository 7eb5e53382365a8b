/**
 * A return's review mark, at the top of its detail: "Mark reviewed" with an optional note, or
 * who reviewed it, when, and the note, with Undo. Keys: m marks (or undoes), n goes to the
 * note (Enter there marks). The mark is local to this computer and connection (the API cannot
 * move a return through its lifecycle), and the panel says so.
 */
import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ReturnReview } from '../../../../shared/contract/clerk-values';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import type { Formatters } from '../../ui/format/formatters';
import { Input } from '../../ui/input';
import { LabelledControl } from '../../ui/list/labelled-control';
import { useShortcuts } from '../../ui/shortcuts/use-shortcuts';
import { toast } from '../../ui/toast-store';
import { useClearReview, useMarkReviewed, useReviewer } from './use-return-reviews';

export interface ReviewPanelProps {
  returnId: number;
  rmaNumber: string | null;
  review: ReturnReview | undefined;
  format: Formatters;
  /** After a mark or an undo made by key or button (the worklist moves the focus back). */
  onDone?(): void;
}

function Reviewer() {
  const reviewer = useReviewer();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(reviewer.name);
  if (editing) {
    return (
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          reviewer.save(name);
          setEditing(false);
        }}
      >
        <LabelledControl label="Sign marks as" labelClass="text-xs text-muted">
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              className="h-7 w-40 text-xs"
              placeholder="e.g. Ana at returns desk 2"
            />
          )}
        </LabelledControl>
        <Button type="submit" tone="ghost">
          Save
        </Button>
      </form>
    );
  }
  return (
    <p className="text-xs text-muted">
      Signed as{' '}
      <strong className="font-medium text-fg">{reviewer.name || 'this computer’s user'}</strong>
      {' · '}
      <button type="button" className="underline" onClick={() => setEditing(true)}>
        change
      </button>
    </p>
  );
}

export function ReviewPanel({ returnId, rmaNumber, review, format, onDone }: ReviewPanelProps) {
  const mark = useMarkReviewed();
  const clear = useClearReview();
  const reviewer = useReviewer();
  const note = useRef<HTMLInputElement>(null);
  const fail = (what: string) => (error: unknown) =>
    toast(what, { tone: 'error', description: errorMessage(error) });

  const doMark = () => {
    if (mark.isPending) return;
    mark.mutate(
      {
        returnId,
        ...(rmaNumber ? { rmaNumber } : {}),
        note: note.current?.value ?? '',
        ...(reviewer.name ? { reviewedBy: reviewer.name } : {}),
      },
      { onSuccess: () => onDone?.(), onError: fail('The review mark was not saved') },
    );
  };
  const doClear = () =>
    clear.mutate(returnId, {
      onSuccess: () => onDone?.(),
      onError: fail('The mark was not removed'),
    });

  useShortcuts([
    {
      id: 'return.review',
      keys: ['m'],
      label: 'Mark reviewed, or undo the mark',
      group: 'Return',
      run: () => (review ? doClear() : doMark()),
    },
    {
      id: 'return.review-note',
      keys: ['n'],
      label: 'Write a review note',
      group: 'Return',
      run: () => note.current?.focus(),
    },
  ]);

  if (review) {
    return (
      <section
        aria-label="Review mark"
        data-testid="review-panel"
        data-reviewed="true"
        className="flex flex-wrap items-start gap-2 rounded-md border border-ok bg-ok-soft px-3 py-2 text-sm"
      >
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-ok" />
        <div className="min-w-0 flex-1">
          <p>
            <strong>Reviewed</strong> by {review.reviewedBy},{' '}
            <time dateTime={review.reviewedAt}>{format.dateTime(review.reviewedAt)}</time>
          </p>
          {review.note && <p className="mt-0.5 break-words">“{review.note}”</p>}
        </div>
        <Button tone="ghost" busy={clear.isPending} onClick={doClear}>
          Undo mark (m)
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-label="Review mark"
      data-testid="review-panel"
      data-reviewed="false"
      className="flex flex-col gap-1 rounded-md border border-line bg-surface px-3 py-2"
    >
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          doMark();
        }}
      >
        <Input
          ref={note}
          aria-label="Review note"
          maxLength={2000}
          className="min-w-48 flex-1"
          placeholder="Note (n), optional: e.g. photos match, refund as asked"
          data-testid="review-note"
        />
        <Button type="submit" tone="primary" busy={mark.isPending}>
          Mark reviewed (m)
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">Kept on this computer for this connection.</p>
        <Reviewer />
      </div>
    </section>
  );
}
