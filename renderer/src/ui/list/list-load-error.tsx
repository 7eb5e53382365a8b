/** A list that could not be loaded: why, in the bridge's words, and a Retry. */
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../button';

export function ListLoadError({
  what,
  error,
  onRetry,
}: {
  /** "The orders", "The stock levels". */
  what: string;
  error: unknown;
  onRetry(): void;
}) {
  return (
    <div
      role="alert"
      className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
    >
      <span>
        {what} could not be loaded: {errorMessage(error)}
      </span>
      <Button className="ml-auto" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
