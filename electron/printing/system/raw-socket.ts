/**
 * Sends bytes straight to a network printer's raw port (JetDirect/AppSocket, TCP 9100), the way
 * a networked Zebra takes ZPL. Resolves once the printer side has closed the connection after
 * our end-of-data, so "sent" means every byte left this machine and the printer acknowledged.
 */
import { Socket } from 'node:net';
import { type PrintFailure, PrintSystemError, printFailure } from './print-failure';

export interface RawSendOptions {
  host: string;
  port?: number;
  bytes: Uint8Array | string;
  /** Whole operation: connect, write and close. */
  timeoutMs?: number;
}

export function rawSocketFailure(
  code: string | undefined,
  where: string,
  timeoutMs: number,
): PrintFailure {
  switch (code) {
    case 'ECONNREFUSED':
      return printFailure(
        'connection-refused',
        `No printer answers at ${where} (connection refused).`,
        code,
      );
    case 'TIMEOUT':
      return printFailure(
        'timeout',
        `No answer from ${where} within ${formatSeconds(timeoutMs)}.`,
        code,
      );
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      return printFailure(
        'unreachable',
        `${where} cannot be reached from this computer (${code}).`,
        code,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return printFailure(
        'unreachable',
        `The printer address ${where} is not known (${code}).`,
        code,
      );
    case 'ECONNRESET':
    case 'EPIPE':
      return printFailure(
        'unreachable',
        `The printer at ${where} dropped the connection while receiving.`,
        code,
      );
    default:
      return printFailure(
        'unknown',
        `Sending to ${where} failed (${code ?? 'unknown error'}).`,
        code,
      );
  }
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

export function sendRaw({
  host,
  port = 9100,
  bytes,
  timeoutMs = 10_000,
}: RawSendOptions): Promise<void> {
  const where = `${host}:${port}`;
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const finish = (failure?: PrintFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (failure) reject(new PrintSystemError(failure));
      else resolve();
    };
    // One deadline for the whole exchange, not an idle timeout: a printer that accepts the
    // connection but never reads must still fail in bounded time.
    let allWritten = false;
    const timer = setTimeout(() => {
      // Every byte left but the printer never closed: say so, since the label may have printed
      // and the queue above must not silently print it twice.
      if (allWritten) {
        finish(
          printFailure(
            'timeout',
            `${where} received the data but did not confirm within ${formatSeconds(timeoutMs)}; it may have printed.`,
            'TIMEOUT_AFTER_WRITE',
          ),
        );
      } else finish(rawSocketFailure('TIMEOUT', where, timeoutMs));
    }, timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(rawSocketFailure(error.code, where, timeoutMs)),
    );
    socket.once('close', (hadError) => {
      if (!hadError) finish();
    });
    // Printers rarely answer on 9100; drain anything they send so the socket never stalls.
    socket.on('data', () => {});
    socket.connect({ host, port }, () => {
      socket.end(data, () => {
        allWritten = true;
      });
    });
  });
}
