/**
 * A TCP listener that keeps what it receives, as a networked Zebra on port 9100 would print
 * it: the raw printer for the suites that print ZPL (the private CUPS's Packbench-Zebra points
 * at 127.0.0.1:9100; a route straight to `raw:127.0.0.1:<port>` uses any port).
 */
import { createServer, type Server } from 'node:net';

export interface RawPrinter {
  server: Server;
  port: number;
  /** Everything received so far, one byte per character (latin1). */
  received(): string;
  close(): Promise<void>;
}

/** Listens on `port` (0: a free one the system picks). */
export function listenRaw(port = 0): Promise<RawPrinter> {
  let data = '';
  const server = createServer((socket) => {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        received: () => data,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
