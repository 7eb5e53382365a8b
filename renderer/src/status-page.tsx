/**
 * A minimal status page that proves the path end to end: the app's identity, the saved
 * connections, "Try the sandbox", and the first page of orders once connected. The full
 * console replaces it with the next issue.
 */
import { useCallback, useEffect, useState } from 'react';
import type { BridgeError } from '../../shared/contract/bridge-error';
import type { AppInfo, ConnectionsView } from '../../shared/contract/values';
import type { PackbenchClient } from './bridge';

interface OrdersSummary {
  count: number;
  onPage: number;
}

export function StatusPage({ client }: { client: PackbenchClient }) {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [connections, setConnections] = useState<ConnectionsView | null>(null);
  const [orders, setOrders] = useState<OrdersSummary | null>(null);
  const [problem, setProblem] = useState<BridgeError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const [appInfo, list] = await Promise.all([client.appInfo({}), client.connectionsList({})]);
    if (!appInfo.ok) return setProblem(appInfo.error);
    setInfo(appInfo.value);
    if (!list.ok) return setProblem(list.error);
    setConnections(list.value);
    if (list.value.selectedId === null) return setOrders(null);
    const page = await client.ordersList({});
    if (!page.ok) return setProblem(page.error);
    setProblem(null);
    setOrders({ count: page.value.count, onPage: page.value.results.length });
  }, [client]);

  useEffect(() => {
    void refresh();
    return client.onEvent((event) => {
      if (event.type === 'notice') setNotice(event.message);
    });
  }, [client, refresh]);

  const trySandbox = async () => {
    setBusy(true);
    try {
      const started = await client.sandboxStart({});
      if (!started.ok) return setProblem(started.error);
      const selected = await client.connectionSelect({ id: started.value.id });
      if (!selected.ok) return setProblem(selected.error);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const selected = connections?.connections.find((c) => c.id === connections.selectedId);

  return (
    <main aria-busy={busy}>
      <h1>Packbench</h1>
      {info && (
        <p>
          {info.name} {info.version},{' '}
          {info.transport === 'browser' ? 'browser mode' : 'desktop app'}
        </p>
      )}
      {problem && (
        <p role="alert">
          {problem.message} <small>({problem.code})</small>
        </p>
      )}
      {notice && <p role="status">{notice}</p>}

      <section aria-labelledby="connections-heading">
        <h2 id="connections-heading">Connections</h2>
        {connections === null ? (
          <p>Loading…</p>
        ) : connections.connections.length === 0 ? (
          <p>No connection is saved yet.</p>
        ) : (
          <ul>
            {connections.connections.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> <span>{c.baseUrl}</span>{' '}
                <span>{c.key.hasKey ? `key …${c.key.last4 ?? ''}` : 'no key'}</span>
                {c.id === connections.selectedId && <span> (selected)</span>}
              </li>
            ))}
          </ul>
        )}
        <button type="button" onClick={() => void trySandbox()} disabled={busy}>
          Try the sandbox
        </button>
      </section>

      {selected && (
        <section aria-labelledby="orders-heading">
          <h2 id="orders-heading">Orders</h2>
          {orders === null ? (
            <p>Loading…</p>
          ) : (
            <p data-testid="orders-summary">
              {orders.count.toLocaleString('en')} orders in {selected.name}; the first page shows{' '}
              {orders.onPage}.
            </p>
          )}
        </section>
      )}
    </main>
  );
}
