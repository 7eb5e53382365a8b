/**
 * A page's DevTools protocol over a WebSocket of its own, beside Playwright's connection to
 * the browser: for a test that sends thousands of protocol commands (the scanner suite's keys).
 * Playwright's CDPSession makes each command an API call of the test (a step of the report, a
 * captured stack, a message to the runner): with ~13,000 keys a 1,000-code run spent about
 * 20 s of the test worker's CPU there, for nothing the test checks. Here a command is one JSON
 * line on a socket. The keys are the same trusted input events either way: Chromium's
 * Input.dispatchKeyEvent, whichever client sends it.
 *
 * Chromium listens for such clients only when started with `--remote-debugging-port` (the
 * scanner suite's browsers, on a free port of 127.0.0.1, for the run only).
 */
import type { Page } from '@playwright/test';
import WebSocket from 'ws';

/** What a protocol client does for the scanner: send a command; end. */
export interface ProtocolCommands {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  detach(): Promise<void>;
}

interface Target {
  type: string;
  url: string;
  webSocketDebuggerUrl?: string;
}

interface Reply {
  id?: number;
  error?: { message: string };
}

/** The page's own protocol socket on the browser listening at `port`. */
export async function pageSocket(page: Page, port: number): Promise<ProtocolCommands> {
  const listed = await fetch(`http://127.0.0.1:${port}/json/list`);
  const pages = ((await listed.json()) as Target[]).filter((t) => t.type === 'page');
  // The page's address carries the console's session token, so it names one page; a browser
  // of one page (a spec file's own) has nothing to confuse it with either.
  const target = pages.find((t) => t.url === page.url()) ?? (pages.length === 1 ? pages[0] : null);
  if (!target?.webSocketDebuggerUrl) {
    throw new Error(`No DevTools target for ${page.url()} among ${pages.length} page(s).`);
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise<void>((opened, failed) => {
    socket.once('open', () => opened());
    socket.once('error', failed);
  });
  const waiting = new Map<number, { done: () => void; fail: (error: Error) => void }>();
  let lastId = 0;
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as Reply;
    const waiter = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!waiter || reply.id === undefined) return;
    waiting.delete(reply.id);
    if (reply.error) waiter.fail(new Error(`DevTools: ${reply.error.message}`));
    else waiter.done();
  });
  socket.on('close', () => {
    for (const waiter of waiting.values()) waiter.fail(new Error('The DevTools socket closed.'));
    waiting.clear();
  });
  return {
    send(method, params = {}) {
      lastId += 1;
      const id = lastId;
      return new Promise<void>((done, fail) => {
        waiting.set(id, { done, fail });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    async detach() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((ended) => socket.once('close', ended));
      socket.close();
      await closed;
    },
  };
}
