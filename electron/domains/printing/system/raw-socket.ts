/**
 * Sends bytes straight to a network printer's raw port (JetDirect/AppSocket, TCP 9100), the way
 * a networked Zebra takes ZPL. It knows how far a send got, because that decides whether the job
 * may be sent again:
 *
 * 1. connecting: nothing has left this computer. A refusal, no route or no answer within the
 *    deadline is a plain failure (`reached: 'none'`), safe to retry.
 * 2. sending: the label goes out in pieces, each waited for, so a printer that stops reading is
 *    noticed (no progress for the deadline). A break here means part of the label may be at the
 *    printer (`interrupted`, `reached: 'maybe'`).
 * 3. closing: every byte has been handed to the network and our end-of-data sent. The send
 *    resolves when the printer closes its side. A printer that keeps it open past the deadline
 *    has read the whole label but did not confirm it; one that resets the connection instead
 *    may have read any part of it (a reset after 20 bytes looks the same from here): "cut off
 *    after N of M bytes — may be incomplete" (`unconfirmed`, `reached: 'maybe'`). The
 *    connection is closed either way: the wait is bounded and nothing is ever written again.
 *
 * A printer that hangs up before the first byte was written received nothing: "the printer
 * received nothing — not printed" (`reached: 'none'`, safe to send again).
 *
 * Written on node:net rather than a library: no maintained package separates these phases,
 * and the phases are the point.
 */
import { Socket } from 'node:net';
import { type PrintFailure, PrintSystemError, printFailure } from './print-failure';

export interface RawSendOptions {
  host: string;
  port?: number;
  bytes: Uint8Array | string;
  /**
   * Each wait's bound: for the connection, for the printer to take the next piece, and for it
   * to close after the last byte. Not the whole send: a large label to a slow printer that
   * keeps reading is not cut off.
   */
  timeoutMs?: number;
  /** Aborting stops the send where it is (the failure then says how far it got). */
  signal?: AbortSignal;
}

/** Small enough that a printer reading slowly still shows progress well within a deadline. */
const PIECE_BYTES = 64 * 1024;

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
    default:
      return printFailure(
        'unknown',
        `Sending to ${where} failed (${code ?? 'unknown error'}).`,
        code,
      );
  }
}

/**
 * A failure once the connection was made, in what is known of the bytes: `attempted` handed to
 * the network, `sent` of them taken by it, of `total`. Nothing attempted: nothing can be at the
 * printer. Otherwise the printer may hold part or all of it, and only a person can tell.
 */
export function afterConnectFailure(
  stage: 'sending' | 'closing',
  code: string,
  where: string,
  timeoutMs: number,
  bytes: { attempted: number; sent: number; total: number } = { attempted: 1, sent: 0, total: 0 },
): PrintFailure {
  const wait = formatSeconds(timeoutMs);
  const of = `${count(bytes.sent)} of ${count(bytes.total)} bytes`;
  if (stage === 'sending') {
    const why =
      code === 'STALLED'
        ? `stopped taking it for ${wait}`
        : code === 'ABORTED'
          ? 'the app was closing'
          : code === 'EOF'
            ? `${where} closed the connection`
            : `${where} dropped the connection (${code})`;
    if (bytes.attempted === 0) {
      // Closed before a byte was written (a printer that hangs up at once): certain.
      return printFailure(
        'interrupted',
        `The printer at ${where} received nothing — not printed (${
          code === 'EOF' ? 'it closed the connection before the label was sent' : why
        }).`,
        code,
      );
    }
    return printFailure(
      'interrupted',
      `Cut off after ${of} — may be incomplete (${code === 'STALLED' ? `${where} ${why}` : why}).`,
      code,
      'maybe',
    );
  }
  if (code === 'HELD_OPEN' || code === 'ABORTED') {
    const why =
      code === 'HELD_OPEN'
        ? `kept the connection open for ${wait} instead of closing it`
        : 'had not closed the connection when the app was closing';
    return printFailure(
      'unconfirmed',
      `${where} took the whole label but ${why}; it has most likely printed.`,
      code,
      'maybe',
    );
  }
  // Every byte left, then a reset instead of a close: a printer that reads part and resets
  // looks the same from here as one that read all, so nothing is claimed about paper.
  return printFailure(
    'unconfirmed',
    `Cut off after ${of} — may be incomplete (${where} dropped the connection (${code}) instead of confirming the label).`,
    code,
    'maybe',
  );
}

function count(n: number): string {
  return n.toLocaleString('en-US');
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
  signal,
}: RawSendOptions): Promise<void> {
  const where = `${host}:${port}`;
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new PrintSystemError(abortedBeforeSending(where)));
      return;
    }
    const socket = new Socket();
    let stage: 'connecting' | 'sending' | 'closing' = 'connecting';
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (failure?: PrintFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (failure) reject(new PrintSystemError(failure));
      else resolve();
    };
    // Bytes handed to the network, and of those taken by it (write callback without error).
    const bytes = { attempted: 0, sent: 0, total: data.length };
    const failAt = (code: string) =>
      finish(
        stage === 'connecting'
          ? code === 'ABORTED'
            ? abortedBeforeSending(where)
            : rawSocketFailure(code, where, timeoutMs)
          : afterConnectFailure(stage, code, where, timeoutMs, { ...bytes }),
      );
    // One deadline per wait, re-armed on progress (see timeoutMs).
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          failAt(
            stage === 'connecting' ? 'TIMEOUT' : stage === 'sending' ? 'STALLED' : 'HELD_OPEN',
          ),
        timeoutMs,
      );
    };
    function onAbort() {
      failAt('ABORTED');
    }

    socket.on('error', (error: NodeJS.ErrnoException) => failAt(error.code ?? 'ERROR'));
    socket.on('close', () => {
      // The printer closed its side after taking everything: the one confirmation there is.
      if (stage === 'closing') finish();
      else failAt('EOF');
    });
    // Printers rarely answer on 9100; drain anything they send so the socket never stalls and
    // their end-of-data is seen.
    socket.on('data', () => {});
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
    socket.connect({ host, port }, () => {
      stage = 'sending';
      // Two turns of the event loop before the first byte: a printer that hangs up at once has
      // its close read by then, and is reported as having received nothing (which is certain)
      // instead of after a label that went nowhere.
      setImmediate(() =>
        setImmediate(() => {
          if (settled) return;
          void sendPieces(socket, data, bytes, arm, () => settled).then((sent) => {
            if (!sent || settled) return;
            stage = 'closing';
            arm();
            socket.end();
          });
        }),
      );
    });
  });
}

/** Writes `data` piece by piece, each handed to the network before the next; false if cut off. */
async function sendPieces(
  socket: Socket,
  data: Buffer,
  bytes: { attempted: number; sent: number },
  progress: () => void,
  stopped: () => boolean,
): Promise<boolean> {
  for (let at = 0; at < data.length; at += PIECE_BYTES) {
    const piece = data.subarray(at, at + PIECE_BYTES);
    if (stopped() || socket.destroyed || socket.writableEnded) return false;
    bytes.attempted += piece.length;
    const written = await new Promise<boolean>((resolve) => {
      socket.write(piece, (error) => resolve(!error));
    });
    if (!written || stopped()) return false;
    bytes.sent += piece.length;
    progress();
  }
  return true;
}

function abortedBeforeSending(where: string): PrintFailure {
  return printFailure(
    'interrupted',
    `Nothing was sent to ${where}: the app was closing.`,
    'ABORTED',
    'none',
  );
}
