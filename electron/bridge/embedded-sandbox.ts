/**
 * "Try the sandbox": the embedded sandbox API, started in-process on a free loopback port with
 * a fresh random key each run (so a key from one run is useless in the next). One per bridge.
 */
import { randomBytes } from 'node:crypto';
import { type RunningSandbox, startSandbox } from '../../sandbox/server/start';

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
