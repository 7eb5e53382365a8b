/**
 * The answer to "Test connection", said plainly: connected (with the order count and how long
 * it took) or why not. A status region, so a screen reader hears it when it arrives.
 */
import { CircleCheck, CircleX } from 'lucide-react';
import type { ConnectionVerdict } from '../../../../shared/contract/values';

export function VerdictMessage({ verdict }: { verdict: ConnectionVerdict }) {
  const Icon = verdict.ok ? CircleCheck : CircleX;
  return (
    <p
      data-testid="connection-verdict"
      data-ok={verdict.ok}
      className={
        verdict.ok
          ? 'flex items-start gap-2 rounded-md bg-ok-soft p-2 text-sm text-ok'
          : 'flex items-start gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger'
      }
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{verdict.ok ? 'Connection works. ' : 'Connection failed. '}</strong>
        {verdict.message}
        {verdict.latencyMs !== undefined && ` (${verdict.latencyMs} ms)`}
      </span>
    </p>
  );
}
