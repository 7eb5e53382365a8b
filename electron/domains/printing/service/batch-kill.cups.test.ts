/**
 * The print service killed in the middle of a batch, for real: a child process runs a whole
 * bridge printing 20 orders' labels (chunks of 2) to the CUPS PDF printer, and `lp` hangs on
 * the third chunk, as a spooler that stops answering would. The child is SIGKILLed there. A new
 * bridge on the same folders must account for every job the child had reported, mark the one
 * cut off mid-send "may have printed", print the rest exactly once, and reprint from history
 * with the sandbox stopped.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../../sandbox/server/start';
import { SessionKeyStore } from '../../../kernel/settings';
import { createBridge } from '../../../main/create-bridge';
import { type BundledChild, bundleChild } from '../../../test-support/bundled-child';
import { jobReaches, type Rig } from '../../../test-support/printing-rig';
import { INTERRUPTED_REASON } from '../queue/print-service';

const required = process.env.PACKBENCH_REQUIRE_CUPS === '1';
const inCups = process.env.PACKBENCH_TEST_CUPS === '1' && Boolean(process.env.CUPS_SERVER);
const skip = !inCups && !required;
const KEY = 'kill-test-key-1234';
/** The third chunk's job title (chunks of 2), from the orders' names and labels. */
let HANG_TITLE = '';
const work = skip ? '' : mkdtempSync(join(tmpdir(), 'packbench-batch-kill-'));
// The child is the whole bridge: bundled (esbuild) and run by plain Node instead of compiled by tsx.
let childScript: BundledChild | undefined;
beforeAll(async () => {
  if (skip) return;
  childScript = await bundleChild(
    join(import.meta.dirname, '..', '..', '..', 'test-support', 'batch-kill-child.ts'),
  );
});
afterAll(async () => {
  await childScript?.dispose();
});

interface JobLine {
  id: string;
  title: string;
  state: string;
}

/** An `lp` that hangs (and says so) on one job title and hands every other job to the real lp. */
function hangingLp(dir: string, mark: string, title: string): string {
  const realLp = execFileSync('sh', ['-c', 'command -v lp'], { encoding: 'utf8' }).trim();
  const bin = join(dir, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  writeFileSync(
    join(bin, 'lp'),
    [
      '#!/bin/bash',
      'for a in "$@"; do',
      `  if [[ "$a" == ${JSON.stringify(title)} ]]; then echo $$ > ${JSON.stringify(mark)}; exec sleep 300; fi`,
      'done',
      `exec ${JSON.stringify(realLp)} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'lp'), 0o755);
  return bin;
}

describe(
  skip ? 'kill mid-batch (skipped: not inside scripts/with-cups.sh)' : 'kill mid-batch',
  () => {
    let sandbox: RunningSandbox | undefined;
    afterAll(async () => {
      await sandbox?.close();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it.skipIf(skip)('accounts for every job, marks the cut-off one, loses none', async () => {
      sandbox = await startSandbox({ port: 0, keys: [KEY], rate: 200 });
      const configDir = join(work, 'config');
      const mark = join(work, 'lp-hanging.pid');

      const page = (await (
        await fetch(`${sandbox.url}/api/orders/?stage=labels&page_size=20`, {
          headers: { 'X-API-Key': KEY },
        })
      ).json()) as {
        results: { id: number; order_name?: string | null; shipments: { label_url?: unknown }[] }[];
      };
      const ids = page.results.map((o) => o.id);
      expect(ids).toHaveLength(20);
      const [fifth, sixth] = [page.results[4]!, page.results[5]!];
      const labels = [fifth, sixth].reduce(
        (n, o) => n + o.shipments.filter((s) => s.label_url).length,
        0,
      );
      const name = (o: typeof fifth) => o.order_name?.trim() || `Order ${o.id}`;
      HANG_TITLE = `${labels} labels: ${name(fifth)}, ${name(sixth)}`;
      const bin = hangingLp(work, mark, HANG_TITLE);

      if (!childScript) throw new Error('the child script was not bundled');
      const child = spawn(
        process.execPath,
        [childScript.file, configDir, sandbox.url, KEY, JSON.stringify(ids)],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const lines = () =>
        stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as JobLine);
      // Kill once the hanging chunk is being sent and later chunks are waiting behind it.
      await expect
        .poll(
          () => {
            if (child.exitCode !== null) throw new Error(`child exited: ${stderr}`);
            const hung = lines().some((j) => j.title === HANG_TITLE && j.state === 'sending');
            const waiting = new Set(
              lines()
                .filter((j) => j.title !== HANG_TITLE)
                .map((j) => j.id),
            );
            // The job says 'sending' as lp starts; the stand-in writes its pid a moment later.
            return hung && waiting.size >= 4 && existsSync(mark);
          },
          { timeout: 30_000, interval: 20 },
        )
        .toBe(true);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      process.kill(Number(readFileSync(mark, 'utf8')), 'SIGKILL');
      const reported = new Map(lines().map((j) => [j.id, j]));
      // Killed mid-print: jobs still waiting behind the hung one. (The batch itself may have
      // queued every job already — "BATCH DONE" — when sending is slower than queueing, as on
      // a busy machine; the queue's jobs are what the next start must account for.)
      const waitingAtKill = [...reported.values()].filter((j) => j.state === 'queued');
      expect(waitingAtKill.length).toBeGreaterThan(0);
      const hungId = [...reported.values()].find((j) => j.title === HANG_TITLE)!.id;

      // The next start: same folders, the real lp.
      const bridge = await createBridge({
        configDir,
        exportDir: work,
        transport: 'browser',
        keyStore: new SessionKeyStore(),
        printing: { chunkSize: 2 },
      });
      const attempt = (m: string, a: unknown) => bridge.dispatcher.call(m, a);
      const rig = {
        bridge,
        attempt,
        call: async (m: string, a: unknown) => {
          const r = await attempt(m, a);
          if (!r.ok) throw new Error(r.error.message);
          return r.value;
        },
      } as unknown as Rig;
      try {
        const after = (await rig.call('printJobsList', {})).jobs;
        const afterIds = new Set(after.map((j) => j.id));
        for (const id of reported.keys()) expect(afterIds.has(id), `job ${id} kept`).toBe(true);
        const interrupted = after.find((j) => j.id === hungId)!;
        expect(interrupted).toMatchObject({
          state: 'may-have-printed',
          reason: INTERRUPTED_REASON,
        });

        // Everything else is (or becomes) sent, each once, in the batch's order.
        for (const job of after.filter((j) => j.id !== hungId)) {
          const done = await jobReaches(rig, job.id, ['sent', 'failed']);
          expect(done.state).toBe('sent');
        }
        const sent = (await rig.call('printJobsList', {})).jobs.filter((j) => j.state === 'sent');
        expect(new Set(sent.map((j) => j.externalId)).size).toBe(sent.length);

        // The person checked the printer: print the interrupted chunk again.
        const reprint = await rig.call('printJobResolve', { jobId: hungId, decision: 'reprint' });
        expect(reprint).toMatchObject({ reprintOf: hungId, title: `${HANG_TITLE} (reprint)` });
        expect((await jobReaches(rig, reprint.id, ['sent', 'failed'])).state).toBe('sent');

        // Reprint from history with the API gone.
        await sandbox.close();
        sandbox = undefined;
        const again = await rig.call('printJobReprint', {
          jobId: sent[0]!.id,
          printerId: 'save-to-folder',
        });
        expect(again).toMatchObject({
          reprintOf: sent[0]!.id,
          title: `${sent[0]!.title} (reprint)`,
        });
        const copy = await jobReaches(rig, again.id, ['sent', 'failed']);
        expect(copy.state).toBe('sent');
        expect(readFileSync(copy.externalId!).subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        await bridge.close();
      }
    });
  },
);
