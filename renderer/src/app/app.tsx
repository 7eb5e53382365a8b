/** The console: providers around the first-run gate. */
import type { QueryClient } from '@tanstack/react-query';
import type { PackbenchClient } from '../bridge';
import { FirstRunGate } from './first-run-gate';
import { Providers } from './providers';

export function App({
  client,
  queryClient,
}: {
  client: PackbenchClient;
  queryClient: QueryClient;
}) {
  return (
    <Providers client={client} queryClient={queryClient}>
      <FirstRunGate />
    </Providers>
  );
}
