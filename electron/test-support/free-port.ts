/**
 * A TCP port free on 127.0.0.1 right now, for a server a test starts in another process (a
 * sandbox, a PostgreSQL cluster) that must be told its port before it listens. Shared by the
 * browser suites' sandbox and the floor's private clusters instead of a copy each.
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('No free port.'))));
    });
  });
}
