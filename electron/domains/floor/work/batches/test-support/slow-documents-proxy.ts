/**
 * The sandbox behind a loopback HTTP proxy that holds back its document requests (the labels
 * and documents PDFs) while `slow` is on, as the sandbox's own latency fault would, and passes
 * everything else on at once. floor-batch-rest.pg.test.ts kills a station while a label request
 * is on its way: only those requests need to take a while. The sandbox's latency applies to
 * every request, and a batch first reads each of its 40 orders (4 at a time), which at 0.4 s
 * each was most of the killed station's run.
 */
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The requests held back: the two PDF POSTs a batch prints from. */
const DOCUMENTS = /^\/api\/orders\/(labels-batch|documents)\/$/;

export interface SlowDocumentsProxy {
  url: string;
  /** The hold per document request in ms while on; 0: none. */
  slowMs: number;
  /**
   * Holds every document request from now until `open()`: `arrived` resolves as the first one
   * comes (a station is then printing, its batch held), with no clock involved.
   */
  gate(): { arrived: Promise<void>; open(): void };
  close(): Promise<void>;
}

export async function slowDocumentsProxy(target: string): Promise<SlowDocumentsProxy> {
  const upstream = new URL(target);
  let gated: { held: (() => void)[]; arrive: () => void } | null = null;
  const proxy: SlowDocumentsProxy = {
    url: '',
    slowMs: 0,
    gate: () => {
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const gate = { held: [] as (() => void)[], arrive };
      gated = gate;
      return {
        arrived,
        open: () => {
          if (gated === gate) gated = null;
          for (const forward of gate.held.splice(0)) forward();
        },
      };
    },
    close: async () => {},
  };
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://x').pathname;
    // Decided as the request arrives, as the sandbox decides its latency.
    const hold = incoming.method === 'POST' && DOCUMENTS.test(path) ? proxy.slowMs : 0;
    const forward = () => {
      const onward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      onward.on('error', () => outgoing.destroy());
      incoming.pipe(onward);
    };
    const isDocument = incoming.method === 'POST' && DOCUMENTS.test(path);
    if (gated && isDocument) {
      gated.held.push(forward);
      gated.arrive();
    } else if (hold > 0) setTimeout(forward, hold);
    else forward();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return proxy;
}
