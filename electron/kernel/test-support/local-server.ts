/**
 * A test's own HTTP or HTTPS server on a free loopback port: its base URL, and a close that
 * also ends kept-alive connections (a keep-alive client would otherwise hold close() open).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listenLocal(
  server: Server,
  scheme: 'http' | 'https' = 'http',
): Promise<{ base: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
