/**
 * Chooses the first screen: the setup screen while no connection is saved, the app shell
 * once one is. If even the list of connections cannot be read (the host is gone, the session
 * link is stale), says so with a way to try again instead of a blank page.
 */
import { SetupScreen } from '../features/connections/setup-screen';
import { errorMessage } from '../query/bridge-call';
import { useConnections } from '../query/connections';
import { Button } from '../ui/button';
import { AppShell } from './app-shell';

export function FirstRunGate() {
  const connections = useConnections();
  if (connections.isPending) {
    return (
      <p role="status" className="p-6 text-muted">
        Starting Packbench…
      </p>
    );
  }
  if (connections.isError) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <h1 className="text-xl font-semibold">Packbench cannot start</h1>
        <p role="alert" className="mt-2 text-danger">
          {errorMessage(connections.error)}
        </p>
        <Button className="mt-4" tone="primary" onClick={() => void connections.refetch()}>
          Try again
        </Button>
      </main>
    );
  }
  return connections.data.connections.length === 0 ? <SetupScreen /> : <AppShell />;
}
