/**
 * A TCP gate between the stations and the test cluster: `down()` drops every connection and
 * refuses new ones (the floor's database unreachable mid-shift, as when its switch dies),
 * `up()` lets them through again on the same port; `hang()` keeps every connection open but
 * passes nothing more either way (a dead switch: no reset, no answer, until TCP gives up hours
 * later). Used instead of stopping the cluster, which other test files share while they run
 * beside this one.
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
  /** From now on nothing passes, on open or new connections; nothing is closed either. */
  hang(): void;
  close(): Promise<void>;
}

export async function startDbGate(upstream: { host: string; port: number }): Promise<DbGate> {
  const sockets = new Set<Socket>();
  let hung = false;
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
      // Passed on by hand (not pipe) so that hang() can swallow what is sent either way.
      client.on('data', (chunk) => {
        if (!hung) server.write(chunk);
      });
      server.on('data', (chunk) => {
        if (!hung) client.write(chunk);
      });
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
    hang() {
      hung = true;
    },
    async up() {
      hung = false;
      if (server) return;
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}
