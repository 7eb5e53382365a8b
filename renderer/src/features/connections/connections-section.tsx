/**
 * Settings → Connections: every saved connection with its actions, a new one through the same
 * form as the first-run screen, and the sandbox.
 */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useConnections } from '../../query/connections';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast-store';
import { ConnectionForm } from './connection-form';
import { ConnectionRow } from './connection-row';
import { TrySandboxButton } from './try-sandbox-button';

export function ConnectionsSection() {
  const { data } = useConnections();
  const [adding, setAdding] = useState(false);
  const hasSandbox = data?.connections.some((c) => c.sandbox) ?? false;
  return (
    <Card
      title="Connections"
      description="The Fulfillment API accounts this console can work on. One is in use at a time."
    >
      {data && data.connections.length > 0 ? (
        <ul aria-label="Saved connections">
          {data.connections.map((c) => (
            <ConnectionRow key={c.id} connection={c} selected={c.id === data.selectedId} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No connection is saved.</p>
      )}
      <div className="mt-pad flex flex-wrap gap-2">
        <Button tone="primary" onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          Add connection
        </Button>
        <TrySandboxButton label={hasSandbox ? 'Restart the sandbox' : 'Try the sandbox'} />
      </div>
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a connection"
        description="It is tested on request, saved with its key, and put in use."
      >
        <ConnectionForm
          onSaved={(connection) => {
            setAdding(false);
            toast(`Connected to ${connection.name}`, { tone: 'success' });
          }}
        />
      </Dialog>
    </Card>
  );
}
