/**
 * A network label printer by address (`host:9100`) as a printer of the print service: ZPL
 * bytes straight to its socket, no spooler in between.
 */
import { readFile } from 'node:fs/promises';
import type { PrinterDriver } from '../queue/types';
import { sendRaw } from '../system/raw-socket';
import { asQueueFailure } from './system-failure';

export interface RawSocketDriverOptions {
  host: string;
  port?: number;
  /** Defaults to `raw:<host>:<port>`. */
  id?: string;
  displayName?: string;
  timeoutMs?: number;
}

export function createRawSocketDriver(options: RawSocketDriverOptions): PrinterDriver {
  const port = options.port ?? 9100;
  const address = `${options.host}:${port}`;
  return {
    id: options.id ?? `raw:${address}`,
    kind: 'raw9100',
    displayName: options.displayName ?? address,
    accepts: (format) => format === 'zpl',
    send: (job, signal) =>
      asQueueFailure(async () => {
        const label = await readFile(job.file);
        // A label printer has no copies setting of its own: the label is sent `copies` times in
        // one connection, so the copies cannot be interleaved with another job's.
        const bytes = job.copies > 1 ? Buffer.concat(Array(job.copies).fill(label)) : label;
        // Never sent twice from here: a send that got past connecting and then broke says so
        // (reached: 'maybe'), and the queue leaves it to a person (see raw-socket.ts).
        await sendRaw({ host: options.host, port, bytes, timeoutMs: options.timeoutMs, signal });
        return {};
      }),
  };
}
