/**
 * A stand-in network label printer on loopback (a 9100-style TCP listener) that misbehaves on
 * purpose, as real ones do: it keeps the connection open after taking a label, resets it
 * instead of closing, takes its time before reading, or is not there at all. It counts the
 * labels it received whole, so a test (or the faults bench) can check "printed exactly once".
 */
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';

export type PrinterFault =
  /** Reads everything, closes after our end of data: a well-behaved printer. */
  | 'none'
  /** Reads everything, then never closes its side. */
  | 'holds-open'
  /** Reads everything, then resets the connection instead of closing it. */
  | 'resets-after-receiving'
  /** Waits before reading anything (a busy printer), then behaves. */
  | 'accepts-slowly'
  /** Nothing listens: the connection is refused. */
  | 'refuses'
  /** Accepts, then closes at once without reading a byte. */
  | 'closes-at-once'
  /** Reads the first `resetAfterBytes` bytes (default 20), then resets the connection. */
  | 'resets-part-way';

export const PRINTER_FAULTS: readonly PrinterFault[] = [
  'none',
  'holds-open',
  'resets-after-receiving',
  'accepts-slowly',
  'refuses',
  'closes-at-once',
  'resets-part-way',
];

export interface FaultPrinterOptions {
  /** How long `accepts-slowly` waits before reading (default 500 ms). */
  slowMs?: number;
  /** A fixed port (default: a free one). */
  port?: number;
  /** Where `resets-part-way` resets (default 20 bytes). */
  resetAfterBytes?: number;
}

export class FaultPrinter {
  /** What each connection delivered, in the order the connections came. */
  readonly received: Buffer[] = [];
  connections = 0;
  port = 0;
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly fault: PrinterFault,
    private readonly options: FaultPrinterOptions = {},
  ) {}

  async start(): Promise<this> {
    // allowHalfOpen: our end of data must not close the printer's side for it; each fault
    // decides what the printer does after reading.
    const server = createServer({ allowHalfOpen: true }, (socket) => this.serve(socket));
    server.listen(this.options.port ?? 0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    if (this.fault === 'refuses') {
      // Take a free port, then let it go: connecting there is refused.
      server.close();
      await once(server, 'close');
      return this;
    }
    this.server = server;
    return this;
  }

  /** Times `marker` appears in everything received: labels delivered whole (a label ends with it). */
  count(marker: string | Buffer): number {
    const needle = typeof marker === 'string' ? Buffer.from(marker, 'latin1') : marker;
    let n = 0;
    for (const data of this.received) {
      for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + needle.length)) {
        n++;
      }
    }
    return n;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server?.listening) {
      server.close();
      await once(server, 'close');
    }
  }

  private serve(socket: Socket): void {
    this.connections++;
    this.sockets.add(socket);
    const index = this.received.length;
    this.received.push(Buffer.alloc(0));
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    if (this.fault === 'closes-at-once') {
      socket.destroy();
      return;
    }
    const limit =
      this.fault === 'resets-part-way' ? (this.options.resetAfterBytes ?? 20) : Infinity;
    socket.on('data', (chunk: Buffer) => {
      const had = this.received[index] ?? Buffer.alloc(0);
      // What the printer read: up to its limit; the rest never reaches its application.
      this.received[index] = Buffer.concat([
        had,
        chunk.subarray(0, Math.max(0, limit - had.length)),
      ]);
      if (this.received[index].length >= limit) socket.resetAndDestroy();
    });
    socket.on('end', () => {
      if (this.fault === 'holds-open') return;
      if (this.fault === 'resets-after-receiving') socket.resetAndDestroy();
      else socket.end();
    });
    if (this.fault === 'accepts-slowly') {
      socket.pause();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        socket.resume();
      }, this.options.slowMs ?? 500);
      this.timers.add(timer);
    }
  }
}
