/**
 * "Try the sandbox": the embedded sandbox API, started in-process on a free loopback port with
 * a fresh random key each run (so a key from one run is useless in the next). One per bridge.
 *
 * Loaded on demand: the sandbox (about 10k lines, with faker, fastify, bwip-js and pdf-lib) is
 * a dynamic import, which the main bundle's build (scripts/build-electron.ts) splits into a
 * chunk of its own, so an app that never starts the demo neither parses it nor loads its
 * libraries. In-process rather than a utility process: browser mode is plain Node (no
 * utilityProcess), the sandbox's lifetime is the bridge's, and once started it is the demo's
 * server for the rest of the session anyway.
 */
import { randomBytes } from 'node:crypto';
import type { RunningSandbox } from '../../../sandbox/server/start';

export interface EmbeddedSandbox {
  url: string;
  key: string;
}

export class SandboxHost {
  private running?: Promise<{ sandbox: RunningSandbox; key: string }>;

  /** Starts the sandbox once; later calls return the same one. */
  async start(): Promise<EmbeddedSandbox> {
    this.running ??= (async () => {
      const key = `sandbox-${randomBytes(12).toString('hex')}`;
      const { startSandbox } = await import('../../../sandbox/server/start');
      // The demo account's limit is generous but real, so the console's throttle is exercised.
      const sandbox = await startSandbox({ port: 0, keys: [key], rate: 25 });
      return { sandbox, key };
    })();
    try {
      const { sandbox, key } = await this.running;
      return { url: sandbox.url, key };
    } catch (error) {
      this.running = undefined;
      throw error;
    }
  }

  async close(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running).sandbox.close();
  }
}
