/**
 * The bridge client for the component tree. One client for the page's life (it takes the
 * session token from the address bar when created); tests pass a fake.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { PackbenchClient } from '../bridge';

const BridgeContext = createContext<PackbenchClient | null>(null);

export function BridgeProvider({
  client,
  children,
}: {
  client: PackbenchClient;
  children: ReactNode;
}) {
  return <BridgeContext.Provider value={client}>{children}</BridgeContext.Provider>;
}

export function useBridge(): PackbenchClient {
  const client = useContext(BridgeContext);
  if (!client) throw new Error('useBridge() outside <BridgeProvider>');
  return client;
}
