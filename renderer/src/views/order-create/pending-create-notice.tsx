/**
 * What the form says about a create that was sent and not yet seen (use-pending-create.ts),
 * in words: when it was sent, that Packbench is looking for it, and until when.
 */
import type { PendingCreateState } from '../../../../shared/contract/create-values';
import { useFormatters } from '../../ui/format/use-formatters';
import { clockTime } from './use-pending-create';

export function PendingCreateNotice({ state }: { state: PendingCreateState | undefined }) {
  const { locale } = useFormatters();
  if (!state || state.state === 'none' || state.state === 'created') return null;
  const sent = clockTime(state.sentAt, locale);
  if (state.state === 'not_created') {
    return (
      <div
        role="status"
        className="rounded-md bg-accent-soft p-2 text-sm"
        data-testid="create-not-created"
      >
        <p className="font-medium">Sent at {sent} — the order was not created.</p>
        <p>
          The service has had no such order since, well past the longest a create takes. Your input
          is kept: you can send it again.
        </p>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-md bg-warn-soft p-2 text-sm text-warn"
      data-testid="create-checking"
    >
      <p className="font-medium">Sent at {sent}, no answer yet — checking.</p>
      <p>
        Packbench is looking for this order at the service. Create order stays off until it is
        found, or until {clockTime(state.checkUntil, locale)} if it never arrives; then you can send
        it again.
      </p>
      {state.problem && <p>The service cannot be asked right now: {state.problem}</p>}
    </div>
  );
}
