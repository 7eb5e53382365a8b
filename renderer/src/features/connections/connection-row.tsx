/**
 * One saved connection in Settings: name, address, key status, and its actions (use, test,
 * set key, remove). The remove asks first: it also deletes the key from the keychain.
 */
import { useState } from 'react';
import type { ConnectionVerdict, ConnectionView } from '../../../../shared/contract/values';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast-store';
import { SetKeyDialog } from './set-key-dialog';
import { useRemoveConnection, useSelectConnection, useTestConnection } from './use-connections';
import { VerdictMessage } from './verdict-message';

function keyText(connection: ConnectionView): string {
  const { key } = connection;
  if (!key.hasKey) return connection.sandbox ? 'Sandbox not running in this session' : 'No key';
  const where = key.storage === 'session' ? 'this session only' : 'keychain';
  return `Key …${key.last4 ?? ''} (${where})`;
}

export function ConnectionRow({
  connection,
  selected,
}: {
  connection: ConnectionView;
  selected: boolean;
}) {
  const select = useSelectConnection();
  const remove = useRemoveConnection();
  const test = useTestConnection();
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const [keyOpen, setKeyOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const onError = (what: string) => (error: unknown) =>
    toast(what, { tone: 'error', description: errorMessage(error) });

  return (
    <li
      aria-label={connection.name}
      className="flex flex-col gap-2 border-b border-line py-gap last:border-b-0"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {connection.name}
            {selected && (
              <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs text-fg">
                In use
              </span>
            )}
          </p>
          <p className="truncate text-sm text-muted">{connection.baseUrl}</p>
          <p className="text-sm text-muted">{keyText(connection)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!selected && (
            <Button
              busy={select.isPending}
              onClick={() => select.mutate(connection.id, { onError: onError('Could not switch') })}
            >
              Use
            </Button>
          )}
          <Button
            busy={test.isPending}
            onClick={() => {
              setVerdict(null);
              test.mutate(
                { id: connection.id },
                {
                  onSuccess: setVerdict,
                  onError: (e) => setVerdict({ ok: false, message: errorMessage(e) }),
                },
              );
            }}
          >
            Test
          </Button>
          {!connection.sandbox && <Button onClick={() => setKeyOpen(true)}>Set key…</Button>}
          <Button tone="ghost" className="text-danger" onClick={() => setRemoveOpen(true)}>
            Remove…
          </Button>
        </div>
      </div>
      {verdict && <VerdictMessage verdict={verdict} />}
      <SetKeyDialog connection={connection} open={keyOpen} onOpenChange={setKeyOpen} />
      <ConfirmDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        title={`Remove ${connection.name}?`}
        description="Packbench forgets this connection and deletes its API key from the keychain. The account itself is not touched."
        confirmLabel="Remove"
        onConfirm={() =>
          remove.mutate(connection.id, {
            onSuccess: () => toast(`Removed ${connection.name}`),
            onError: onError('Could not remove the connection'),
          })
        }
      />
    </li>
  );
}
