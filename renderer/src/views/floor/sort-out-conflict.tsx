/**
 * "Sorted out" on a row of the Floor view's "Packed twice" card: the supervisor found both
 * parcels and dealt with them (one unpacked, a label voided), says what in a short note, and
 * marks the order sorted out. Who and when are the floor's (the packer signed in at this
 * station, the database's clock), so the row then reads "Sorted out by Cleo at 10:52: …" at
 * every station. Both packs stay in the floor's log as they were made.
 *
 * A row another station sorted out a moment earlier answers "already marked" in words and the
 * list is read again; nothing is lost either way (the note stays in the field on a failure).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { invalidateMethods } from '../../query/bridge-query';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { LabelledControl } from '../../ui/list/labelled-control';

export interface SortOutConflictProps {
  id: number;
  orderName: string;
}

export function SortOutConflict({ id, orderName }: SortOutConflictProps) {
  const client = useBridge();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: () => callBridge(client, 'floorPackConflictResolve', { id, note }),
    onSuccess: (answer) => {
      if (answer.resolved) {
        setOpen(false);
        setNote('');
        setSaid(null);
      } else {
        setSaid(answer.message ?? 'Not marked sorted out.');
      }
      // Either way the list is read again: sorted out here, or already by someone else.
      void invalidateMethods(queryClient, ['floorPackConflicts']);
    },
    onError: (error) => setSaid(`Not marked sorted out: ${error.message}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate();
  };

  if (!open) {
    return (
      <span className="mt-1 flex flex-wrap items-center gap-2">
        <Button
          className="h-7 px-2 text-xs"
          aria-label={`Sorted out: order ${orderName}`}
          onClick={() => setOpen(true)}
        >
          Sorted out
        </Button>
        {said && (
          <span role="status" className="text-xs">
            {said}
          </span>
        )}
      </span>
    );
  }
  return (
    <form
      onSubmit={submit}
      aria-label={`Sort out order ${orderName}`}
      className="mt-1 flex flex-wrap items-center gap-2"
    >
      <LabelledControl label="What was done" labelClass="text-xs">
        {(id) => (
          <Input
            id={id}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder="e.g. second parcel unpacked"
            className="h-7 w-auto min-w-48 flex-1 text-xs"
            // The field is opened by the button just pressed: the typing goes there.
            autoFocus
          />
        )}
      </LabelledControl>
      <Button type="submit" tone="primary" className="h-7 px-2 text-xs" busy={resolve.isPending}>
        Mark sorted out
      </Button>
      <Button className="h-7 px-2 text-xs" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {said && (
        <span role="status" className="basis-full text-xs">
          {said}
        </span>
      )}
    </form>
  );
}
