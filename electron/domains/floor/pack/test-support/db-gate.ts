/**
 * A TCP gate between the stations and the test cluster: `down()` drops every connection and
 * refuses new ones (the floor's database unreachable mid-shift, as when its switch dies),
 * `up()` lets them through again on the same port. Used instead of stopping the cluster, which
 * other test files share while they run beside this one.
 */
import {
  type AddressInfo,
  createConnection,
  createServer,
  type Server,
  type Socket,
} from 'node:net';

export interface DbGate {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startDbGate(upstream: { host: string; port: number }): Promise<DbGate> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const make = (): Server =>
    createServer((client) => {
      track(client);
      const server = createConnection(upstream);
      track(server);
      client.pipe(server);
      server.pipe(client);
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    });
  const listen = (s: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
    });
  let server: Server | null = make();
  const port = await listen(server, 0);
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    port,
    down: stop,
    async up() {
      if (server) return;
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}
