/**
 * Does the D-Bus session bus answer at all? Asked before the keychain library touches it, because
 * creating a Secret Service entry connects to the bus synchronously (in native code, on the
 * calling thread): a bus that accepts the connection and then never answers would freeze the main
 * process for good, and no timeout could fire. (A worker thread does not help either: a thread
 * stuck in native code also blocks the process from exiting.)
 *
 * So: connect to each address in DBUS_SESSION_BUS_ADDRESS ourselves and start the D-Bus
 * handshake (`AUTH EXTERNAL`); any reply line means the bus talks. Transports we do not know are
 * left to the library, which fails fast on them.
 */
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';

export type BusCheck =
  /** At least one address replied to the handshake (or none we can check: the library decides). */
  | 'answers'
  /** An address accepted the connection but said nothing within the time allowed. */
  | 'silent';

export async function checkSessionBus(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<BusCheck> {
  const targets = busTargets(env);
  if (targets.length === 0) return 'answers';
  let silent = false;
  for (const target of targets) {
    const verdict = await handshake(target, timeoutMs);
    if (verdict === 'answers') return 'answers';
    if (verdict === 'silent') silent = true;
  }
  // Nothing listening at all: the library reports that itself, at once.
  return silent ? 'silent' : 'answers';
}

type Target = { path: string } | { host: string; port: number };

/** The addresses libdbus would try, in order: `a;b`, each `transport:key=value,…`. */
export function busTargets(env: NodeJS.ProcessEnv): Target[] {
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (!address) {
    // Without the variable, libdbus may use the per-user bus at $XDG_RUNTIME_DIR/bus.
    return env.XDG_RUNTIME_DIR ? [{ path: join(env.XDG_RUNTIME_DIR, 'bus') }] : [];
  }
  const targets: Target[] = [];
  for (const entry of address.split(';')) {
    const colon = entry.indexOf(':');
    if (colon < 0) continue;
    const transport = entry.slice(0, colon);
    const params = new Map<string, string>();
    for (const pair of entry.slice(colon + 1).split(',')) {
      const eq = pair.indexOf('=');
      if (eq > 0) params.set(pair.slice(0, eq), unescapeValue(pair.slice(eq + 1)));
    }
    const path = params.get('path');
    const abstract = params.get('abstract');
    const host = params.get('host');
    const port = Number(params.get('port'));
    if (transport === 'unix' && path) targets.push({ path });
    // Linux abstract sockets: Node takes them as a path starting with a NUL byte.
    else if (transport === 'unix' && abstract) targets.push({ path: `\0${abstract}` });
    else if (transport === 'tcp' && host && Number.isInteger(port)) targets.push({ host, port });
  }
  return targets;
}

/** D-Bus addresses escape bytes as %xx. */
function unescapeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function handshake(target: Target, timeoutMs: number): Promise<'answers' | 'silent' | 'absent'> {
  return new Promise((resolve) => {
    let socket: Socket;
    let connected = false;
    const done = (verdict: 'answers' | 'silent' | 'absent') => {
      clearTimeout(timer);
      socket.destroy();
      resolve(verdict);
    };
    // Still connecting, or connected and waiting: either way libdbus would block here.
    const timer = setTimeout(() => done('silent'), timeoutMs);
    socket = 'path' in target ? connect({ path: target.path }) : connect(target);
    socket.once('connect', () => {
      connected = true;
      const uid = String(process.getuid?.() ?? 0);
      // The protocol starts with one NUL byte, then text lines; the uid is hex-encoded ASCII.
      socket.write(`\0AUTH EXTERNAL ${Buffer.from(uid).toString('hex')}\r\n`);
    });
    socket.on('data', (data) => {
      if (data.includes('\r\n')) done('answers');
    });
    socket.once('error', () => done('absent'));
    socket.once('close', () => {
      if (connected) done('answers'); // it hung up: not silent, the library will say why
    });
  });
}
