/**
 * A part of `npm run bench -- faults` (issue 17): orders created under faults. Drafts are
 * created against the sandbox with its fault injection (5xx before processing, connections
 * dropped before or after processing, answers held back past the client's timeout after the
 * order is stored) and double submits, each worked as a person would: sent again after any
 * "not created" or "unknown", until an order comes back. Counted at the sandbox: drafts stored
 * twice or more (duplicates) and drafts not stored or not handed back (lost), per 1,000
 * creates. Beside it, in the same run, the create as it was before (one POST, no lookup).
 * Runnable alone: `npm run bench -- faults-creates`.
 */
import { cpus } from 'node:os';
import { runCreateStress, STRESS_FAULTS } from '../electron/test-support/create-stress';
import type { BenchReport, BenchRow } from './table';

const CREATES = Number(process.env.BENCH_CREATES ?? 1000);

const perThousand = (n: number, of: number) => Number(((n / of) * 1000).toFixed(1));

export async function createFaultRows(): Promise<BenchRow[]> {
  const safe = await runCreateStress({ tries: CREATES, parallel: 8 });
  const plain = await runCreateStress({ tries: CREATES, parallel: 8, plain: true });
  const faults = Object.entries(STRESS_FAULTS)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    {
      name: 'creates under faults: duplicates per 1,000 creates',
      value: perThousand(safe.duplicates, safe.tries),
      unit: '/1000',
      // Issue 34: beside its peer, the one-POST client under the same faults in this run.
      base: {
        kind: 'peer',
        name: 'one POST, no lookup (as before): duplicates per 1,000',
        value: perThousand(plain.duplicates, plain.tries),
      },
      limit: 0,
      limitOn: 'value',
      note: `${safe.tries} drafts, ${safe.submits} submits (${safe.troubled} drafts troubled, ${safe.notCreated} "not created", ${safe.unknown} unknown); faults ${faults}`,
    },
    {
      name: 'creates under faults: lost creates per 1,000',
      value: perThousand(safe.lost, safe.tries),
      unit: '/1000',
      base: {
        kind: 'peer',
        name: 'one POST, no lookup (as before): lost creates per 1,000',
        value: perThousand(plain.lost, plain.tries),
      },
      limit: 0,
      limitOn: 'value',
      note:
        safe.unexpected.length > 0
          ? `unexpected: ${safe.unexpected.slice(0, 3).join('; ')}`
          : undefined,
    },
    {
      name: '  peer: one POST, no lookup (as before): duplicates per 1,000',
      value: perThousand(plain.duplicates, plain.tries),
      unit: '/1000',
      note: `${plain.tries} drafts, ${plain.submits} submits`,
    },
  ];
}

export async function runFaultsCreatesBench(): Promise<BenchReport> {
  return {
    name: 'faults-creates',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    settings: { creates: CREATES, faults: STRESS_FAULTS, transportTimeoutMs: 300 },
    rows: await createFaultRows(),
  };
}
