/**
 * When the connection in use has no key in this session: the sandbox's key lasts one run (so
 * after a restart it offers to start the sandbox again), and another connection's key may
 * have been kept for one session only (so it offers to set it).
 */
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { useSelectedConnection } from '../../query/connections';
import { TrySandboxButton } from './try-sandbox-button';

export function MissingKeyNotice() {
  const connection = useSelectedConnection();
  if (!connection || connection.key.hasKey) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-warn bg-warn-soft px-pad py-2 text-sm text-warn"
    >
      <KeyRound aria-hidden className="size-4" />
      {connection.sandbox ? (
        <>
          <p className="flex-1">
            <strong>The sandbox is not running in this session.</strong> Start it again to go on
            with the demo data.
          </p>
          <TrySandboxButton label="Start the sandbox" />
        </>
      ) : (
        <p className="flex-1">
          <strong>{connection.name} has no API key in this session.</strong>{' '}
          <Link href="/settings/connections" className="underline">
            Set its key in Settings → Connections
          </Link>
          .
        </p>
      )}
    </div>
  );
}
